import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { ZScheduleEntryView } from '@screenline/shared/schedule';
import { buildApp } from '../src/app';
import { createMeRepository } from '../src/modules/me/me.repository';
import { BACKENDS, createTestApp, type TTestApp } from './harness';
import { insertAdSpace } from './screen-rows';
import { createLocation, locationInput } from './screens-helpers';
import { signUpForStorage } from './storage-helpers';
import { contentItemOf, uploadedImageOf } from './matrix/fixtures';
import { MARKETPLACE_CASES } from './matrix/marketplace-cases';
import type { TCase, TFixture } from './matrix/matrix-types';

/**
 * The authorization matrix (issue 7 item 9): every route the app registers under /api/v1 has a
 * case here, and each case is checked for anonymous callers (401), the wrong role (403), another
 * owner's ids (404, never 200) and the caller it is for (2xx). A route without a case fails the
 * suite: add its case when you add the route.
 */

const itemOf = (f: TFixture, target: 'own' | 'foreign') =>
  contentItemOf(f.t, target === 'own' ? f.owner : f.other);

const userOf = (f: TFixture, target: 'own' | 'foreign') => (target === 'own' ? f.owner : f.other);

/** A playlist of `target`'s, with one of their library items and an ad slot. */
async function playlistOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const user = userOf(f, target);
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/playlists',
    cookie: user.cookie,
    payload: { name: 'Matrix', items: playlistItems(await contentItemOf(f.t, user)) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZPlaylistDetail.parse(res.json()).id;
}

const playlistItems = (contentId: string) => [
  { id: 'image', type: 'content', contentId, kind: 'image' },
  { id: 'slot', type: 'adSlot', lengthSeconds: 15 },
];

/** A location of `target`'s, made through the API. */
const locationOf = async (f: TFixture, target: 'own' | 'foreign') =>
  (await createLocation(f.t, userOf(f, target), { name: 'Matrix' })).id;

/** An ad space of `target`'s (a row: the cases here are about what names it). */
const adSpaceOf = (f: TFixture, target: 'own' | 'foreign') =>
  insertAdSpace(f.t, userOf(f, target).userId);

/** What a schedule entry says, on `target`'s ad space and playlist. */
async function scheduleFieldsOf(f: TFixture, target: 'own' | 'foreign') {
  return {
    adSpaceId: await adSpaceOf(f, target),
    playlistId: await playlistOf(f, target),
    firstDay: '2026-01-05',
    weekdays: [1, 2, 3, 4, 5],
    startTime: '07:00',
    endTime: '11:00',
    priority: 10,
  };
}

async function scheduleEntryOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/schedule-entries',
    cookie: userOf(f, target).cookie,
    payload: await scheduleFieldsOf(f, target),
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZScheduleEntryView.parse(res.json()).id;
}

let devices = 0;
/** A TV of `target`'s, set up through the API for a fresh ad space: its token and that space. */
async function deviceOf(f: TFixture, target: 'own' | 'foreign') {
  devices += 1;
  const adSpaceId = await adSpaceOf(f, target);
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/player/devices',
    cookie: userOf(f, target).cookie,
    payload: {
      deviceKey: `matrix-device-key-${devices}`,
      adSpaceId,
      userAgent: 'Matrix',
      appVersion: '0.0.0',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token: ZDeviceRegistration.parse(res.json()).token, adSpaceId };
}

const deviceTokenOf = async (f: TFixture, target: 'own' | 'foreign') =>
  (await deviceOf(f, target)).token;

const asDevice = async (f: TFixture, target: 'own' | 'foreign') => ({
  authorization: `Bearer ${await deviceTokenOf(f, target)}`,
});

const CORE_CASES: Record<string, TCase> = {
  // The password rules the sign-up form shows: public by design.
  'GET /api/v1/auth/policy': {
    audience: 'anyone',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/auth/policy' }),
  },
  'GET /api/v1/me': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/me' }),
  },
  'PATCH /api/v1/me': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'PATCH', url: '/api/v1/me', payload: { company: 'Matrix' } }),
  },
  'POST /api/v1/analytics/page-views': {
    audience: 'anyone',
    ok: 204,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/analytics/page-views',
      payload: { path: '/matrix', title: 'Matrix' },
    }),
  },
  'GET /api/v1/admin/page-views': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/page-views' }),
  },
  'GET /api/v1/admin/page-views/variants': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({
      method: 'GET',
      url: '/api/v1/admin/page-views/variants?route=/matrix',
    }),
  },
  'POST /api/v1/contact-messages': {
    audience: 'anyone',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: {
        name: 'Matrix',
        email: 'matrix@example.com',
        subject: 'Access',
        message: 'Checking who may send this.',
      },
    }),
  },
  'GET /api/v1/storage/usage': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/storage/usage' }),
  },
  'GET /api/v1/content': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/content' }),
  },
  'POST /api/v1/content': {
    audience: 'signed-in',
    ok: 201,
    hasIds: true,
    // The file named is the resource: another owner's upload is "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/content',
      payload: {
        name: 'Matrix',
        objectPath: await uploadedImageOf(f.t, target === 'own' ? f.owner : f.other),
        kind: 'image',
        width: 1,
        height: 1,
      },
    }),
  },
  'GET /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/content/${await itemOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/content/${await itemOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/content/${await itemOf(f, target)}`,
    }),
  },
  'GET /api/v1/playlists': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/playlists' }),
  },
  'POST /api/v1/playlists': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    // The library items named are the resource: another owner's are "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/playlists',
      payload: { name: 'Matrix', items: playlistItems(await itemOf(f, target)) },
    }),
  },
  'GET /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
    }),
  },
  'POST /api/v1/playlists/:id/duplicate': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/playlists/${await playlistOf(f, target)}/duplicate`,
      payload: {},
    }),
  },
  'GET /api/v1/schedule-entries': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // Listing names an ad space: another owner's is "not found".
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/schedule-entries?adSpaceId=${await adSpaceOf(f, target)}`,
    }),
  },
  'POST /api/v1/schedule-entries': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/schedule-entries',
      payload: await scheduleFieldsOf(f, target),
    }),
  },
  'GET /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
      payload: { priority: 20 },
    }),
  },
  'DELETE /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
    }),
  },
  'GET /api/v1/locations': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/locations' }),
  },
  'POST /api/v1/locations': {
    audience: 'screen-owner',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/locations',
      payload: { ...locationInput() },
    }),
  },
  'GET /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
    }),
  },
  'GET /api/v1/ad-spaces': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // The location filter names an id: another owner's location is "not found".
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces?locationId=${await locationOf(f, target)}`,
    }),
  },
  'POST /api/v1/ad-spaces': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/ad-spaces',
      payload: {
        name: 'Matrix',
        locationId: await locationOf(f, target),
        orientation: 'landscape',
        resolutionWidth: 1920,
        resolutionHeight: 1080,
      },
    }),
  },
  'GET /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
    }),
  },
  'GET /api/v1/ad-spaces/:id/playing': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/playing?at=2026-03-08T02:30`,
    }),
  },
  'GET /api/v1/ad-spaces/:id/plays': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/plays?from=2026-03-01&to=2026-03-31`,
    }),
  },
  // The TV player (issue 8): setup as the owner's session, then the device token.
  'GET /api/v1/player/ad-spaces': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/player/ad-spaces' }),
  },
  'POST /api/v1/player/devices': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => {
      devices += 1;
      return {
        method: 'POST',
        url: '/api/v1/player/devices',
        payload: {
          deviceKey: `matrix-register-key-${devices}`,
          adSpaceId: await adSpaceOf(f, target),
          userAgent: 'Matrix',
          appVersion: '0.0.0',
        },
      };
    },
  },
  'GET /api/v1/player/device': {
    audience: 'device',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      url: '/api/v1/player/device',
      headers: await asDevice(f, 'own'),
    }),
  },
  'DELETE /api/v1/player/device': {
    audience: 'device',
    ok: 204,
    request: async (f) => ({
      method: 'DELETE',
      url: '/api/v1/player/device',
      headers: await asDevice(f, 'own'),
    }),
  },
  'POST /api/v1/player/impressions': {
    audience: 'device',
    ok: 200,
    request: async (f) => {
      const tv = await deviceOf(f, 'own');
      return {
        method: 'POST',
        url: '/api/v1/player/impressions',
        headers: { authorization: `Bearer ${tv.token}` },
        payload: {
          impressions: [
            {
              id: crypto.randomUUID(),
              sequence: 1,
              startedAt: '2026-03-02T10:00:00.000Z',
              shownMs: 10_000,
              endReason: 'completed',
              adSpaceId: tv.adSpaceId,
              playlistId: null,
              playlistVersion: null,
              itemId: 'slot',
              contentId: null,
              campaignId: null,
              creativeId: null,
            },
          ],
        },
      };
    },
  },
  // The device's own ad space is implied by its token: no id names another's.
  'GET /api/v1/player/manifest': {
    audience: 'device',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      url: '/api/v1/player/manifest',
      headers: await asDevice(f, 'own'),
    }),
  },
  'GET /api/v1/player/events': {
    audience: 'device',
    ok: 200,
    // A stream that stays open: the answer resolves at its headers (the app ends it on close).
    request: async (f) => ({
      method: 'GET',
      url: '/api/v1/player/events',
      headers: await asDevice(f, 'own'),
      payloadAsStream: true,
    }),
  },
  'POST /api/v1/player/heartbeat': {
    audience: 'device',
    ok: 204,
    request: async (f) => ({
      method: 'POST',
      url: '/api/v1/player/heartbeat',
      headers: await asDevice(f, 'own'),
      payload: {
        appVersion: '0.0.0',
        manifestVersion: null,
        storage: { usedBytes: 0, quotaBytes: null, persisted: false },
        cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
        nowPlaying: null,
      },
    }),
  },
  // Outside production only; whom it answers is the dev mailbox's own rule (loopback clients).
  'GET /api/v1/dev/mailbox': {
    audience: 'anyone',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/dev/mailbox' }),
  },
};

const CASES: Record<string, TCase> = { ...CORE_CASES, ...MARKETPLACE_CASES };

async function chooseRole(t: TTestApp, cookie: string, role: 'advertiser' | 'publisher') {
  const res = await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { role } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every `METHOD url` the app registers under /api/v1 (HEAD is answered by its GET). */
async function registeredRoutes(t: TTestApp): Promise<string[]> {
  const found = new Set<string>();
  const app = await buildApp({
    config: t.config,
    database: t.database,
    onRoute: ({ method, url }) => {
      if (!url.startsWith('/api/v1/')) return;
      for (const verb of [method].flat()) if (verb !== 'HEAD') found.add(`${verb} ${url}`);
    },
  });
  await app.close();
  return [...found].sort();
}

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let f: TFixture;
  let routes: string[] = [];
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [owner, other, admin, publisher, buyer, otherBuyer] = [
      await signUpForStorage(t),
      await signUpForStorage(t),
      await t.signUp(),
      await t.signUp(),
      await signUpForStorage(t),
      await signUpForStorage(t),
    ];
    await createMeRepository(t.app.deps.db).setSuperUser(admin.email, true);
    // Both owners run screens; the role changes nothing for the routes any signed-in user may call.
    await chooseRole(t, owner.cookie, 'advertiser');
    await chooseRole(t, other.cookie, 'advertiser');
    await chooseRole(t, publisher.cookie, 'publisher');
    await chooseRole(t, buyer.cookie, 'publisher');
    await chooseRole(t, otherBuyer.cookie, 'publisher');
    f = { t, owner, other, admin, publisher, buyer, otherBuyer };
    routes = await registeredRoutes(t);
  });
  afterAll(() => f.t.close());

  it('has a case for every /api/v1 route, and no case for a route that is gone', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(
      routes.filter((route) => !(route in CASES)),
      'routes without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !routes.includes(key)),
      'stale cases',
    ).toEqual([]);
  });

  const send = async (options: InjectOptions, cookie: string | undefined) =>
    f.t.request({ ...options, cookie });

  /** The request without its device token: the caller is then whoever `send` says. */
  const withoutDevice = ({ headers, ...options }: InjectOptions): InjectOptions => {
    const { authorization: _dropped, ...rest } = headers ?? {};
    return { ...options, headers: rest };
  };

  for (const [route, access] of Object.entries(CASES)) {
    it(route, async () => {
      const isDevice = access.audience === 'device';
      const caller =
        access.audience === 'super-user'
          ? f.admin.cookie
          : access.audience === 'ad-buyer'
            ? f.buyer.cookie
            : isDevice
              ? undefined
              : f.owner.cookie;
      if (access.audience !== 'anyone') {
        const anonymous = await send(withoutDevice(await access.request(f, 'own')), undefined);
        expect(anonymous.statusCode, `${route} anonymous`).toBe(401);
      }
      if (isDevice) {
        // The owner's own session does not pass as their TV.
        const asOwner = await send(withoutDevice(await access.request(f, 'own')), f.owner.cookie);
        expect(asOwner.statusCode, `${route} the owner's session`).toBe(403);
      }
      if (access.audience === 'super-user') {
        const wrongRole = await send(await access.request(f, 'own'), f.owner.cookie);
        expect(wrongRole.statusCode, `${route} not a super-user`).toBe(403);
      }
      if (access.audience === 'screen-owner') {
        const wrongRole = await send(await access.request(f, 'own'), f.publisher.cookie);
        expect(wrongRole.statusCode, `${route} a publisher`).toBe(403);
      }
      if (access.audience === 'ad-buyer') {
        const wrongRole = await send(await access.request(f, 'own'), f.owner.cookie);
        expect(wrongRole.statusCode, `${route} a screen owner`).toBe(403);
      }
      if (access.hasIds) {
        const foreign = await send(await access.request(f, 'foreign'), caller);
        expect(foreign.statusCode, `${route} another owner's id`).toBe(404);
      }
      const admitted = await send(await access.request(f, 'own'), caller);
      expect(admitted.statusCode, `${route} ${admitted.body}`).toBe(access.ok);
    });
  }

  it('lets a device token through no route but the device routes', async () => {
    const authorization = `Bearer ${await deviceTokenOf(f, 'own')}`;
    for (const [route, access] of Object.entries(CASES)) {
      if (access.audience === 'anyone' || access.audience === 'device') continue;
      const options = await access.request(f, 'own');
      const res = await send(
        { ...options, headers: { ...options.headers, authorization } },
        undefined,
      );
      expect([401, 403], `${route} with a device token`).toContain(res.statusCode);
    }
  });
});
