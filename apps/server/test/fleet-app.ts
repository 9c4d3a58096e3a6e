// What the fleet module's API tests (modules/fleet/fleet-*.test.ts) share: the app on one backend
// with two screen owners, Ann (a space "Lobby" with a TV) and Bob (a space with a TV), made before
// a file's tests and closed after; and shorthands to register TVs, make groups and call the API
// as an owner or as a TV.
import { afterAll, beforeAll, expect } from 'vitest';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { ZScreenGroup } from '@screenline/shared/screen-group';
import { createTestApp, type TBackend, type TTestApp } from './harness';
import { insertAdSpace, signUpScreenOwner } from './screen-rows';
import type { TStorageUser } from './storage-helpers';

let keys = 0;

interface TFleetWorld {
  t: TTestApp;
  ann: TStorageUser;
  bob: TStorageUser;
  /** Ann's "Lobby", with `tv` on it. */
  space: string;
  tv: { deviceId: string; token: string };
  bobTv: { deviceId: string; token: string };
}

/**
 * Registers the app's setup and teardown in the calling `describe`. `world()` gives its people
 * and TVs once the setup has run: read it in the describe's own `beforeAll`, which runs after.
 */
export function useFleetApp(backend: TBackend) {
  let world: TFleetWorld | undefined;
  const made = (): TFleetWorld => {
    if (!world) throw new Error('the fleet app is made in beforeAll');
    return world;
  };

  const register = (owner: TStorageUser, adSpaceId: string) =>
    registerTv(made().t, owner, adSpaceId);

  const as = (owner: TStorageUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    made().t.request({ method, url, cookie: owner.cookie, ...(payload ? { payload } : {}) });
  const asTv = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    made().t.request({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  /** A screen group of `owner`'s, made through the API: its id. */
  async function groupOf(
    owner: TStorageUser,
    group: { kind: 'static'; adSpaceIds: string[] } | { kind: 'tags'; tags: string[] },
  ) {
    const res = await as(owner, 'POST', '/api/v1/screen-groups', { name: 'Group', ...group });
    expect(res.statusCode, res.body).toBe(201);
    return ZScreenGroup.parse(res.json()).id;
  }
  /** A fresh space of Ann's with a TV set up on it. */
  async function spaceWithTv(name: string) {
    const adSpaceId = await insertAdSpace(made().t, made().ann.userId, { name });
    return { adSpaceId, tv: await register(made().ann, adSpaceId) };
  }

  beforeAll(async () => {
    const t = await createTestApp(backend);
    const ann = await signUpScreenOwner(t);
    const bob = await signUpScreenOwner(t);
    const space = await insertAdSpace(t, ann.userId, { name: 'Lobby' });
    const tv = await registerTv(t, ann, space);
    const bobTv = await registerTv(t, bob, await insertAdSpace(t, bob.userId));
    world = { t, ann, bob, space, tv, bobTv };
  });
  afterAll(() => world?.t.close());

  return { world: made, register, as, asTv, groupOf, spaceWithTv };
}

/** A TV registered on `adSpaceId` by its owner, through the API. */
async function registerTv(t: TTestApp, owner: TStorageUser, adSpaceId: string) {
  keys += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/player/devices',
    cookie: owner.cookie,
    payload: {
      deviceKey: `fleet-device-${keys}-abcdef`,
      adSpaceId,
      name: `TV ${keys}`,
      userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
      appVersion: '0.3.0',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZDeviceRegistration.parse(res.json());
}
