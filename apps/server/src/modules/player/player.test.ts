import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEARER_TRANSPORT_HEADER } from '@screenline/shared/auth';
import { ZApiError } from '@screenline/shared/errors';
import {
  type TRegisterDevice,
  ZDeviceRegistration,
  ZPlayerAdSpaceList,
  ZPlayerDevice,
} from '@screenline/shared/player';
import { device } from '../../db/schema/index';
import { BACKENDS, createTestApp, PASSWORD, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';

let keys = 0;
/** A device key as the player makes one: random, URL-safe, kept for good. */
const newDeviceKey = () => `tv-key-${Date.now()}-${(keys += 1)}-abcdef`;

const registration = (adSpaceId: string, overrides: Partial<TRegisterDevice> = {}) => ({
  deviceKey: newDeviceKey(),
  adSpaceId,
  userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
  appVersion: '0.1.0',
  ...overrides,
});

describe.each(BACKENDS)('TV setup and the device principal on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  let annWindow: string;
  let annDoor: string;
  let benSpace: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpOwner(t), await signUpOwner(t)];
    const harbour = await createLocation(t, ann, { name: 'Harbour' });
    const station = await createLocation(t, ann, { name: 'Station', timeZone: 'Europe/Berlin' });
    annWindow = (await createAdSpace(t, ann, { locationId: harbour.id, name: 'Window' })).id;
    annDoor = (await createAdSpace(t, ann, { locationId: station.id, name: 'door' })).id;
    const elsewhere = await createLocation(t, ben, { name: 'Elsewhere' });
    benSpace = (await createAdSpace(t, ben, { locationId: elsewhere.id, name: 'Ben’s' })).id;
  });
  afterAll(() => t.close());

  const register = (owner: TOwner, body: object) =>
    t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: body,
    });

  const asDevice = (
    token: string,
    url = '/api/v1/player/device',
    method: 'GET' | 'DELETE' = 'GET',
  ) => t.request({ method, url, headers: { authorization: `Bearer ${token}` } });

  async function registered(owner: TOwner, body: object) {
    const res = await register(owner, body);
    expect([200, 201], res.body).toContain(res.statusCode);
    return { status: res.statusCode, ...ZDeviceRegistration.parse(res.json()) };
  }

  it('lists the account’s ad spaces by name with their locations, to the TV signed in by password', async () => {
    // The TV signs in as a bearer client (lib/session.ts in the player) and lists with the token.
    const email = `tv-${Date.now()}@example.com`;
    const { cookie } = await t.signUp(email);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie,
      payload: { role: 'advertiser' },
    });
    const place = await createLocation(t, { userId: '', cookie }, { name: 'Kiosk' });
    await createAdSpace(t, { userId: '', cookie }, { locationId: place.id, name: 'Lobby' });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { [BEARER_TRANSPORT_HEADER]: 'bearer' },
      payload: { email, password: PASSWORD },
    });
    const token = signIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/player/ad-spaces',
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = ZPlayerAdSpaceList.parse(res.json()).items;
    expect(listed.map((space) => [space.name, space.location.name])).toEqual([['Lobby', 'Kiosk']]);

    const annList = await t.request({
      method: 'GET',
      url: '/api/v1/player/ad-spaces',
      cookie: ann.cookie,
    });
    const items = ZPlayerAdSpaceList.parse(annList.json()).items;
    expect(
      items.map((space) => [space.name, space.location.name, space.location.timeZone]),
    ).toEqual([
      ['door', 'Station', 'Europe/Berlin'],
      ['Window', 'Harbour', 'America/New_York'],
    ]);
  });

  it('answers an account without ad spaces with an empty list, and a publisher with 403', async () => {
    const empty = await signUpOwner(t);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/player/ad-spaces',
      cookie: empty.cookie,
    });
    expect(res.json()).toEqual({ items: [] });
    const publisher = await signUpOwner(t, 'publisher');
    const refused = await t.request({
      method: 'GET',
      url: '/api/v1/player/ad-spaces',
      cookie: publisher.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('says which ad spaces already have a signed-in TV, and when one was last seen (issue 21 item 4)', async () => {
    const carl = await signUpOwner(t);
    const place = await createLocation(t, carl, { name: 'Mall' });
    const atrium = (await createAdSpace(t, carl, { locationId: place.id, name: 'Atrium' })).id;
    await createAdSpace(t, carl, { locationId: place.id, name: 'Exit' });
    const tvsOf = async (credential: { cookie: string } | { token: string }) => {
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/player/ad-spaces',
        ...('cookie' in credential
          ? { cookie: credential.cookie }
          : { headers: { authorization: `Bearer ${credential.token}` } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        ZPlayerAdSpaceList.parse(res.json()).items.map((space) => [space.name, space.tvs]),
      );
    };
    expect(await tvsOf(carl)).toEqual({ Atrium: null, Exit: null });

    const before = Date.now();
    const first = await registered(carl, registration(atrium));
    const listed = await tvsOf(carl);
    expect(listed.Exit).toBeNull();
    expect(listed.Atrium?.count).toBe(1);
    const seen = Date.parse(listed.Atrium?.lastSeenAt ?? '');
    expect(seen).toBeGreaterThanOrEqual(before - 1000);
    expect(seen).toBeLessThanOrEqual(Date.now() + 1000);

    // "Change ad space" on that TV: it does not count itself.
    expect(await tvsOf({ token: first.token })).toEqual({ Atrium: null, Exit: null });
    const second = await registered(carl, registration(atrium));
    expect((await tvsOf({ token: first.token })).Atrium?.count).toBe(1);
    expect((await tvsOf(carl)).Atrium?.count).toBe(2);

    // A TV signed out plays nothing: it no longer counts.
    const signedOut = await asDevice(second.token, '/api/v1/player/device', 'DELETE');
    expect(signedOut.statusCode).toBe(204);
    expect(await tvsOf({ token: first.token })).toEqual({ Atrium: null, Exit: null });
    // Another owner's TVs never show.
    await registered(ben, registration(benSpace));
    expect((await tvsOf(carl)).Atrium?.count).toBe(1);
  });

  it('registers a TV, and the same device key re-binds the same record with a new token', async () => {
    const deviceKey = newDeviceKey();
    const first = await registered(ann, registration(annWindow, { deviceKey, name: 'Front TV' }));
    expect(first.status).toBe(201);
    expect(first.token).toMatch(/^sld_[A-Za-z0-9_-]{43}$/);

    const me = await asDevice(first.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(ZPlayerDevice.parse(me.json())).toMatchObject({
      id: first.deviceId,
      name: 'Front TV',
      adSpace: { id: annWindow, name: 'Window', location: { name: 'Harbour' } },
    });

    // Set up again (re-pairing, or "Change ad space"): same record, the name kept, a new token.
    const second = await registered(ann, registration(annDoor, { deviceKey, appVersion: '0.2.0' }));
    expect(second).toMatchObject({ status: 200, deviceId: first.deviceId });
    expect(second.token).not.toBe(first.token);
    expect((await asDevice(first.token)).statusCode).toBe(401);
    expect(ZPlayerDevice.parse((await asDevice(second.token)).json())).toMatchObject({
      id: first.deviceId,
      name: 'Front TV',
      adSpace: { id: annDoor, location: { name: 'Station' } },
    });
    const rows = await t.app.deps.db.select().from(device).where(eq(device.deviceKey, deviceKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appVersion: '0.2.0', adSpaceId: annDoor });
    // Only a hash is stored.
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The key is unique per owner: another account's TV with the same key is another record.
    const bens = await registered(ben, registration(benSpace, { deviceKey }));
    expect(bens.status).toBe(201);
    expect(bens.deviceId).not.toBe(first.deviceId);
  });

  it('refuses another owner’s ad space with 404, and a malformed request with 400', async () => {
    const res = await register(ann, registration(benSpace));
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(res.json()).error.message).toBe('That ad space was not found.');
    expect((await register(ann, registration(annWindow, { deviceKey: 'short' }))).statusCode).toBe(
      400,
    );
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      payload: registration(annWindow),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the device token to the player routes, and the owner’s session out of them', async () => {
    let { token } = await registered(ann, registration(annWindow));
    // A device is not its owner: user routes do not know its token (401), player routes for the
    // owner refuse it (403).
    for (const url of ['/api/v1/me', `/api/v1/ad-spaces/${annWindow}`]) {
      expect((await asDevice(token, url)).statusCode, url).toBe(401);
    }
    // The TV's setup takes its token (issue 18: "Change ad space" needs no sign-in); it binds
    // this same TV again, whatever device key it names, and never sets up another.
    expect((await asDevice(token, '/api/v1/player/ad-spaces')).statusCode).toBe(200);
    const registerAsDevice = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      headers: { authorization: `Bearer ${token}` },
      payload: registration(annWindow),
    });
    expect(registerAsDevice.statusCode).toBe(200);
    const rebound = ZDeviceRegistration.parse(registerAsDevice.json());
    expect((await asDevice(token)).statusCode).toBe(401);
    const again = await asDevice(rebound.token);
    expect(again.statusCode).toBe(200);
    token = rebound.token;
    // A user session is not a device.
    const asUser = await t.request({
      method: 'GET',
      url: '/api/v1/player/device',
      cookie: ann.cookie,
    });
    expect(asUser.statusCode).toBe(403);
    // A made-up or tampered token is nobody.
    expect((await asDevice(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await asDevice('sld_unknown')).statusCode).toBe(401);
  });

  it('revokes the device token when its ad space is deleted, keeping the record for the next setup', async () => {
    const place = await createLocation(t, ann, { name: 'Pop-up' });
    const space = (await createAdSpace(t, ann, { locationId: place.id, name: 'Temporary' })).id;
    const deviceKey = newDeviceKey();
    const { token, deviceId } = await registered(ann, registration(space, { deviceKey }));
    expect((await asDevice(token)).statusCode).toBe(200);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/ad-spaces/${space}`,
      cookie: ann.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await asDevice(token)).statusCode).toBe(401);

    const again = await registered(ann, registration(annWindow, { deviceKey }));
    expect(again).toMatchObject({ status: 200, deviceId });
    expect((await asDevice(again.token)).statusCode).toBe(200);
  });

  it('signs the TV out: its token stops working at once', async () => {
    const { token } = await registered(ann, registration(annWindow));
    const out = await asDevice(token, '/api/v1/player/device', 'DELETE');
    expect(out.statusCode, out.body).toBe(204);
    expect((await asDevice(token)).statusCode).toBe(401);
  });

  it('deletes the account’s devices with the account', async () => {
    const owner = await signUpOwner(t);
    const place = await createLocation(t, owner, { name: 'Short-lived' });
    const space = (await createAdSpace(t, owner, { locationId: place.id })).id;
    const { token, deviceId } = await registered(owner, registration(space));
    const gone = await t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie: owner.cookie,
      payload: { password: PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await asDevice(token)).statusCode).toBe(401);
    expect(await t.app.deps.db.select().from(device).where(eq(device.id, deviceId))).toEqual([]);
  });
});
