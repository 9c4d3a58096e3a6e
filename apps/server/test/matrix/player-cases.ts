import crypto from 'node:crypto';
import type { TCase, TFixture } from './matrix-types';
import { adSpaceOf, tvOf } from './fixtures';

export const deviceTokenOf = async (f: TFixture, target: 'own' | 'foreign') =>
  (await tvOf(f, target)).token;

const asDevice = async (f: TFixture, target: 'own' | 'foreign') => ({
  authorization: `Bearer ${await deviceTokenOf(f, target)}`,
});

/** The registrations POST /api/v1/player/devices's case sends: each with a fresh device key. */
let registrations = 0;

/** The TV player's routes in the authorization matrix: setup as the owner's session, then the device token. */
export const PLAYER_CASES: Record<string, TCase> = {
  // The TV player (issue 8): setup as the owner's session, then the device token.
  'GET /api/v1/player/ad-spaces': {
    audience: 'screen-owner',
    ok: 200,
    tvCredentials: ['device', 'pairing'],
    request: async () => ({ method: 'GET', url: '/api/v1/player/ad-spaces' }),
  },
  'POST /api/v1/player/devices': {
    audience: 'screen-owner',
    ok: 201,
    tvCredentials: ['device', 'pairing'],
    hasIds: true,
    request: async (f, target) => {
      registrations += 1;
      return {
        method: 'POST',
        url: '/api/v1/player/devices',
        payload: {
          deviceKey: `matrix-register-key-${registrations}`,
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
      const tv = await tvOf(f, 'own');
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
};
