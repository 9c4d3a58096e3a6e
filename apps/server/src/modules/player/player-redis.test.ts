import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  PLAYER_EVENT_CHANGED,
  ZDeviceRegistration,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import {
  BACKENDS,
  createSiblingApp,
  createTestApp,
  ORIGIN,
  PASSWORD,
  type TTestApp,
} from '../../../test/harness';
import { countStatements, openEvents } from '../../../test/player-events';
import { addContent, signUpScreenOwner } from '../../../test/screen-rows';
import { createAdSpace, createLocation } from '../../../test/screens-helpers';
import type { TStorageUser } from '../../../test/storage-helpers';

const redisUrl = inject('redisUrl');

/**
 * Two server instances on one database sharing REDIS_URL, as a deployment behind a load balancer
 * runs: a change made through one reaches the caches and the TVs of the other.
 */
describe.skipIf(!redisUrl).each(BACKENDS)(
  'the player change bus across instances on %s',
  (backend) => {
    let t: TTestApp;
    let b: FastifyInstance;
    let ann: TStorageUser;
    let playlist: string;
    let token: string;

    const manifestOn = (app: FastifyInstance, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/player/manifest',
        headers: { authorization: `Bearer ${token}`, ...headers },
      });

    beforeAll(async () => {
      t = await createTestApp(backend, { REDIS_URL: redisUrl });
      b = await createSiblingApp(t, { REDIS_URL: redisUrl });
      ann = await signUpScreenOwner(t);
      const image = await addContent(t, ann, 'image', 'Poster');
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/playlists',
        cookie: ann.cookie,
        payload: {
          name: 'Mornings',
          items: [{ id: 'a', type: 'content', contentId: image.id, kind: 'image' }],
        },
      });
      playlist = ZPlaylistDetail.parse(created.json()).id;
      const place = await createLocation(t, ann, { name: 'Harbour' });
      const space = await createAdSpace(t, ann, {
        locationId: place.id,
        defaultPlaylistId: playlist,
      });
      const registered = await t.request({
        method: 'POST',
        url: '/api/v1/player/devices',
        cookie: ann.cookie,
        payload: {
          deviceKey: `redis-device-key-${Date.now()}`,
          adSpaceId: space.id,
          userAgent: 'Test TV',
          appVersion: '0.3.0',
        },
      });
      token = ZDeviceRegistration.parse(registered.json()).token;
    });
    afterAll(async () => {
      await b?.close();
      await t?.close();
    });

    it('invalidates both instances’ manifest caches and tells an event stream on the other instance', async () => {
      const first = await manifestOn(t.app);
      const onB = await manifestOn(b);
      const version = ZPlayerManifest.parse(first.json()).version;
      expect(ZPlayerManifest.parse(onB.json()).version).toBe(version);
      const etag = `"${version}"`;
      // Both caches are warm: 304 from either without the database.
      const statements = await countStatements(t.database.db, async () => {
        expect((await manifestOn(t.app, { 'if-none-match': etag })).statusCode).toBe(304);
        expect((await manifestOn(b, { 'if-none-match': etag })).statusCode).toBe(304);
      });
      expect(statements).toBe(0);

      const events = await openEvents(b, token);
      expect(events.status).toBe(200);
      // The edit goes through instance A.
      const saved = await t.request({
        method: 'PATCH',
        url: `/api/v1/playlists/${playlist}`,
        cookie: ann.cookie,
        payload: { name: 'Mornings 2' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await events.waitFor(PLAYER_EVENT_CHANGED, 1);

      for (const app of [t.app, b]) {
        const res = await manifestOn(app, { 'if-none-match': etag });
        expect(res.statusCode).toBe(200);
        const manifest = ZPlayerManifest.parse(res.json());
        expect(manifest.version).not.toBe(version);
        expect(manifest.playlists[0]?.name).toBe('Mornings 2');
      }
      events.close();
    });

    it('revokes a token signed out on one instance on the other at once, ending its stream there', async () => {
      expect((await manifestOn(b)).statusCode).toBe(200);
      const events = await openEvents(b, token);
      const out = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/player/device',
        headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
      });
      expect(out.statusCode).toBe(204);
      await events.ended();
      await vi.waitFor(async () => expect((await manifestOn(b)).statusCode).toBe(401), {
        timeout: 5000,
      });
    });

    it('signs TVs out on the other instance when the owner revokes one on the web or changes the password', async () => {
      const owner = await signUpScreenOwner(t);
      const place = await createLocation(t, owner, { name: 'Quay' });
      const space = await createAdSpace(t, owner, { locationId: place.id });
      const tv = async (key: string) => {
        const res = await t.request({
          method: 'POST',
          url: '/api/v1/player/devices',
          cookie: owner.cookie,
          payload: {
            deviceKey: key,
            adSpaceId: space.id,
            userAgent: 'Test TV',
            appVersion: '0.3.0',
          },
        });
        return ZDeviceRegistration.parse(res.json());
      };
      const [first, second] = [
        await tv(`redis-revoke-a-${Date.now()}`),
        await tv(`redis-revoke-b-${Date.now()}`),
      ];
      const whoAmIOnB = (deviceToken: string) =>
        b.inject({
          method: 'GET',
          url: '/api/v1/player/device',
          headers: { authorization: `Bearer ${deviceToken}` },
        });
      // B remembers both tokens now.
      expect((await whoAmIOnB(first.token)).statusCode).toBe(200);
      expect((await whoAmIOnB(second.token)).statusCode).toBe(200);

      const revoked = await t.request({
        method: 'DELETE',
        url: `/api/v1/devices/${first.deviceId}`,
        cookie: owner.cookie,
      });
      expect(revoked.statusCode).toBe(204);
      await vi.waitFor(async () => expect((await whoAmIOnB(first.token)).statusCode).toBe(401), {
        timeout: 5000,
      });
      expect((await whoAmIOnB(second.token)).statusCode).toBe(200);

      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: owner.cookie,
        payload: { currentPassword: PASSWORD, newPassword: 'redis-new-password-2026' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await vi.waitFor(async () => expect((await whoAmIOnB(second.token)).statusCode).toBe(401), {
        timeout: 5000,
      });
    });
  },
);

describe('a server whose Redis is away', () => {
  it('starts, keeps its own TVs in step in-process, and closes', async () => {
    // Port 1: nothing answers there.
    const t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ann = await signUpScreenOwner(t);
      const place = await createLocation(t, ann, { name: 'Harbour' });
      const space = await createAdSpace(t, ann, { locationId: place.id });
      const registered = await t.request({
        method: 'POST',
        url: '/api/v1/player/devices',
        cookie: ann.cookie,
        payload: {
          deviceKey: `redis-away-key-${Date.now()}`,
          adSpaceId: space.id,
          userAgent: 'Test TV',
          appVersion: '0.3.0',
        },
      });
      const tv = ZDeviceRegistration.parse(registered.json()).token;
      const events = await openEvents(t.app, tv);
      const renamed = await t.request({
        method: 'PATCH',
        url: `/api/v1/ad-spaces/${space.id}`,
        cookie: ann.cookie,
        payload: { name: 'Renamed' },
      });
      expect(renamed.statusCode).toBe(200);
      await events.waitFor(PLAYER_EVENT_CHANGED, 1);
    } finally {
      const started = Date.now();
      await t.close();
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});
