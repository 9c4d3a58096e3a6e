import { expect } from 'vitest';
import { ZDeviceCommandList, ZTakeover } from '@screenline/shared/fleet';
import { insertAdSpace } from '../screen-rows';
import { adSpaceOf, groupOf, tvOf, userOf } from './fixtures';
import type { TCase, TFixture, TTarget } from './matrix-types';

/**
 * Issue 23's routes (modules/fleet): remote commands, screenshots and takeovers for the owner,
 * and the TV's acknowledgements, which name a command or takeover of its own. A command or a
 * takeover may name screen groups: the `(group)` cases check that another owner's is refused.
 */

/** The start of a real JPEG and its end: what the screenshot upload checks. */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');

/**
 * An ad space of `target`'s with a TV that uploaded a screenshot: the space. One per fixture and
 * target, shared by the cases that only read it or send its TV a command: every TV set up counts
 * towards the hourly registration limit per address, and the pairing-grant check registers last.
 */
const screenshotSpaces = new WeakMap<TFixture, Map<TTarget, Promise<string>>>();
function spaceWithScreenshot(f: TFixture, target: TTarget): Promise<string> {
  const spaces = screenshotSpaces.get(f) ?? new Map<TTarget, Promise<string>>();
  screenshotSpaces.set(f, spaces);
  const known = spaces.get(target);
  if (known) return known;
  const made = (async () => {
    const { adSpaceId, token } = await tvOf(f, target);
    const res = await f.t.request({
      method: 'POST',
      url: '/api/v1/player/screenshot',
      headers: { authorization: `Bearer ${token}` },
      payload: { jpegBase64: JPEG },
    });
    expect(res.statusCode, res.body).toBe(204);
    return adSpaceId;
  })();
  spaces.set(target, made);
  return made;
}

/** A command `target`'s owner sent to a TV of theirs: its id. */
async function commandOf(f: TFixture, target: 'own' | 'foreign', adSpaceId: string) {
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/device-commands',
    cookie: userOf(f, target).cookie,
    payload: { kind: 'refresh', adSpaceIds: [adSpaceId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZDeviceCommandList.parse(res.json()).items[0]!.id;
}

/** A takeover `target`'s owner started on the space: its id. */
async function takeoverOf(f: TFixture, target: 'own' | 'foreign', adSpaceId: string) {
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/takeovers',
    cookie: userOf(f, target).cookie,
    payload: { kind: 'message', message: 'Matrix', adSpaceIds: [adSpaceId], durationMinutes: 5 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZTakeover.parse(res.json()).id;
}

export const FLEET_CASES: Record<string, TCase> = {
  'POST /api/v1/device-commands': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/device-commands',
      payload: { kind: 'identify', adSpaceIds: [(await tvOf(f, target)).adSpaceId] },
    }),
  },
  // A group of `target`'s holding a space with a TV (another owner's needs none: refused first).
  'POST /api/v1/device-commands (group)': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => {
      const grouped =
        target === 'own'
          ? await spaceWithScreenshot(f, 'own')
          : await insertAdSpace(f.t, f.other.userId);
      return {
        method: 'POST',
        url: '/api/v1/device-commands',
        payload: { kind: 'identify', groupIds: [await groupOf(f, target, grouped)] },
      };
    },
  },
  'GET /api/v1/device-commands': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/device-commands' }),
  },
  'GET /api/v1/ad-spaces/:id/screenshots': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/screenshots`,
    }),
  },
  // The caller's own spaces only: no id to name.
  'GET /api/v1/screenshots': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/screenshots' }),
  },
  // Both owners' spaces have a screenshot: another owner's is a 404 for being theirs.
  'GET /api/v1/ad-spaces/:id/screenshot.jpg': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await spaceWithScreenshot(f, target)}/screenshot.jpg`,
    }),
  },
  // The TV's own token always; `foreign` names another owner's command: 404.
  'POST /api/v1/player/commands/:id/ack': {
    audience: 'device',
    ok: 204,
    hasIds: true,
    request: async (f, target) => {
      const own = await tvOf(f, 'own');
      const other = target === 'own' ? own : await tvOf(f, 'foreign');
      return {
        method: 'POST',
        url: `/api/v1/player/commands/${await commandOf(f, target, other.adSpaceId)}/ack`,
        headers: { authorization: `Bearer ${own.token}` },
        payload: { state: 'delivered' },
      };
    },
  },
  'POST /api/v1/player/screenshot': {
    audience: 'device',
    ok: 204,
    request: async (f) => ({
      method: 'POST',
      url: '/api/v1/player/screenshot',
      headers: { authorization: `Bearer ${(await tvOf(f, 'own')).token}` },
      payload: { problem: 'Matrix: nothing on screen.' },
    }),
  },
  'POST /api/v1/takeovers': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/takeovers',
      payload: {
        kind: 'message',
        message: 'Matrix',
        adSpaceIds: [await adSpaceOf(f, target)],
        durationMinutes: 5,
      },
    }),
  },
  'POST /api/v1/takeovers (group)': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/takeovers',
      payload: {
        kind: 'message',
        message: 'Matrix',
        adSpaceIds: [await insertAdSpace(f.t, f.owner.userId)],
        groupIds: [await groupOf(f, target, await adSpaceOf(f, target))],
        durationMinutes: 5,
      },
    }),
  },
  'GET /api/v1/takeovers': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/takeovers' }),
  },
  'POST /api/v1/takeovers/:id/end': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/takeovers/${await takeoverOf(f, target, await adSpaceOf(f, target))}/end`,
    }),
  },
  // Another owner's takeover (on their space) is a 404 for this TV.
  'POST /api/v1/player/takeovers/:id/shown': {
    audience: 'device',
    ok: 204,
    hasIds: true,
    request: async (f, target) => {
      const own = await tvOf(f, 'own');
      const space = target === 'own' ? own.adSpaceId : await insertAdSpace(f.t, f.other.userId);
      return {
        method: 'POST',
        url: `/api/v1/player/takeovers/${await takeoverOf(f, target, space)}/shown`,
        headers: { authorization: `Bearer ${own.token}` },
      };
    },
  },
};
