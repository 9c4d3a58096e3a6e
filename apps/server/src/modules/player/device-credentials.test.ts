import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_GRANT_TYPE,
  TV_CLIENT_ID,
  ZDeviceCode,
  ZDeviceToken,
} from '@screenline/shared/pairing';
import {
  PAIRING_GRANT_PREFIX,
  type TPlayerHeartbeat,
  ZDeviceRegistration,
  ZDeviceTokenRenewal,
  ZOwnerDeviceList,
  ZPlayerAdSpaceList,
} from '@screenline/shared/player';
import { device, deviceCode } from '../../db/schema/index';
import {
  BACKENDS,
  createTestApp,
  mailLinks,
  ORIGIN,
  PASSWORD,
  sessionCookie,
  type TTestApp,
} from '../../../test/harness';
import { createAdSpace, createLocation, type TOwner } from '../../../test/screens-helpers';
import { REGISTRATIONS_PER_ACCOUNT_PER_HOUR } from './devices.service';
import { DEVICE_TOKEN_TTL_MS } from './device-tokens';
import { REGISTRATION_RATE_LIMIT } from './player.routes';

/**
 * Issue 18 items 1 and 2: what QR pairing gives a TV (a pairing grant that sets up one TV and
 * does nothing else), and device tokens the owner controls (listed, revoked, signed out with the
 * password, renewed while in use, dead when stolen and left unused).
 */

const CHROMIUM_69 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.0 Safari/537.36';

const HEARTBEAT: TPlayerHeartbeat = {
  appVersion: '0.1.0',
  manifestVersion: null,
  storage: { usedBytes: 0, quotaBytes: null, persisted: false },
  cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
  nowPlaying: null,
};

let keys = 0;
const newDeviceKey = () => `credential-key-${Date.now()}-${(keys += 1)}-abc`;

interface TAccount extends TOwner {
  email: string;
  spaceA: string;
  spaceB: string;
}

describe.each(BACKENDS)('TV credentials on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { PAIRING_POLL_INTERVAL_SECONDS: '1' });
  });
  afterAll(() => t.close());

  /** A screen owner with two ad spaces. */
  async function newAccount(): Promise<TAccount> {
    const { cookie, userId, email } = await t.signUp();
    const role = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie,
      payload: { role: 'advertiser' },
    });
    expect(role.statusCode, role.body).toBe(200);
    const owner = { cookie, userId };
    const location = await createLocation(t, owner, { name: 'Harbour' });
    const spaceA = (await createAdSpace(t, owner, { locationId: location.id, name: 'Window' })).id;
    const spaceB = (await createAdSpace(t, owner, { locationId: location.id, name: 'Door' })).id;
    return { ...owner, email, spaceA, spaceB };
  }

  /**
   * The rows were moved as the clock passing would move them; the device-token cache remembers a
   * token for up to 30 s, so it is told to forget, as a revocation would.
   */
  const forgetCachedTokens = (deviceId: string) => {
    t.app.deps.playerChanges.publish({ kind: 'revoke', deviceIds: [deviceId] });
  };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** The whole QR pairing: the TV asks, the owner's phone claims and approves, the TV redeems. */
  async function pair(owner: TAccount): Promise<string> {
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/device/code',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROMIUM_69 },
      payload: new URLSearchParams({ client_id: TV_CLIENT_ID }).toString(),
    });
    const code = ZDeviceCode.parse(asked.json());
    const url = `/api/auth/device?user_code=${code.user_code}`;
    expect((await t.request({ method: 'GET', url, cookie: owner.cookie })).statusCode).toBe(200);
    const approved = await t.request({
      method: 'POST',
      url: '/api/auth/device/approve',
      cookie: owner.cookie,
      payload: { userCode: code.user_code },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.app.deps.db
      .update(deviceCode)
      .set({ lastPolledAt: new Date(Date.now() - 60_000) })
      .where(eq(deviceCode.deviceCode, code.device_code));
    const granted = await t.request({
      method: 'POST',
      url: '/api/auth/device/token',
      payload: {
        grant_type: DEVICE_GRANT_TYPE,
        device_code: code.device_code,
        client_id: TV_CLIENT_ID,
      },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    return ZDeviceToken.parse(granted.json()).access_token;
  }

  function register(
    credential: { token: string } | { cookie: string },
    adSpaceId: string,
    deviceKey = newDeviceKey(),
    remoteAddress?: string,
  ) {
    return t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      ...('token' in credential
        ? { headers: bearer(credential.token) }
        : { cookie: credential.cookie }),
      payload: { deviceKey, adSpaceId, userAgent: CHROMIUM_69, appVersion: '0.1.0' },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  async function registered(credential: { token: string } | { cookie: string }, space: string) {
    const res = await register(credential, space);
    expect(res.statusCode, res.body).toBe(201);
    return ZDeviceRegistration.parse(res.json());
  }

  const whoAmI = (token: string) =>
    t.request({ method: 'GET', url: '/api/v1/player/device', headers: bearer(token) });

  const heartbeat = (token: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/player/heartbeat',
      headers: bearer(token),
      payload: HEARTBEAT,
    });

  async function devicesOf(owner: TOwner) {
    const res = await t.request({ method: 'GET', url: '/api/v1/devices', cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZOwnerDeviceList.parse(res.json()).items;
  }

  describe('the pairing grant (item 1)', () => {
    it('lists the owner’s ad spaces and sets up one TV, then works no more', async () => {
      const owner = await newAccount();
      const grant = await pair(owner);
      expect(grant.startsWith(PAIRING_GRANT_PREFIX)).toBe(true);

      const list = await t.request({
        method: 'GET',
        url: '/api/v1/player/ad-spaces',
        headers: bearer(grant),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(
        ZPlayerAdSpaceList.parse(list.json())
          .items.map((space) => space.id)
          .sort(),
      ).toEqual([owner.spaceA, owner.spaceB].sort());

      const tv = await registered({ token: grant }, owner.spaceA);
      expect((await whoAmI(tv.token)).statusCode).toBe(200);
      // Spent: a second TV (or the attacker's second try) is refused.
      const again = await register({ token: grant }, owner.spaceB);
      expect(again.statusCode, again.body).toBe(401);
      const relist = await t.request({
        method: 'GET',
        url: '/api/v1/player/ad-spaces',
        headers: bearer(grant),
      });
      expect(relist.statusCode).toBe(401);

      const [listed] = await devicesOf(owner);
      expect(listed).toMatchObject({ id: tv.deviceId, signInMethod: 'pairing' });
    });

    it('is no session: the web API, payouts, account changes and the player’s device routes refuse it', async () => {
      const owner = await newAccount();
      const grant = await pair(owner);
      const refused = [
        { method: 'GET', url: '/api/v1/me' },
        { method: 'PATCH', url: '/api/v1/me', payload: { company: 'Phished' } },
        { method: 'GET', url: '/api/v1/wallet' },
        {
          method: 'POST',
          url: '/api/v1/wallet/payouts',
          payload: {
            amountMicros: 1_000_000,
            destination: { accountHolder: 'Mallory', iban: 'DE89370400440532013000' },
          },
        },
        { method: 'GET', url: '/api/v1/devices' },
        { method: 'GET', url: '/api/v1/player/device' },
        { method: 'GET', url: '/api/v1/player/manifest' },
        {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: PASSWORD, newPassword: 'attacker-password-2026' },
        },
        { method: 'GET', url: '/api/auth/token' },
      ] as const;
      for (const request of refused) {
        const res = await t.request({ ...request, headers: bearer(grant) });
        expect([401, 403], `${request.method} ${request.url}: ${res.body}`).toContain(
          res.statusCode,
        );
      }
      // Another owner's ad space is not found, like every foreign id.
      const stranger = await newAccount();
      expect((await register({ token: grant }, stranger.spaceA)).statusCode).toBe(404);
    });
  });

  describe('device tokens the owner controls (item 2)', () => {
    it('lets a set-up TV list its owner’s ad spaces and move itself to another, with no sign-in', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      // The owner's sessions end (the cause of "This TV was signed out" on Change ad space):
      // the TV's own token is what it needs.
      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: owner.cookie });
      const list = await t.request({
        method: 'GET',
        url: '/api/v1/player/ad-spaces',
        headers: bearer(tv.token),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(ZPlayerAdSpaceList.parse(list.json()).items).toHaveLength(2);

      const moved = await register({ token: tv.token }, owner.spaceB, 'another-key-ignored-0001');
      expect(moved.statusCode, moved.body).toBe(200);
      const next = ZDeviceRegistration.parse(moved.json());
      expect(next.deviceId).toBe(tv.deviceId);
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
      expect((await whoAmI(next.token)).json()).toMatchObject({ adSpace: { id: owner.spaceB } });

      const stranger = await newAccount();
      expect((await register({ token: next.token }, stranger.spaceA)).statusCode).toBe(404);
    });

    it('lists the owner’s TVs with name, platform, ad space, last seen and sign-in, and revokes one at once', async () => {
      const owner = await newAccount();
      const byPassword = await registered({ cookie: owner.cookie }, owner.spaceA);
      const byPairing = await registered({ token: await pair(owner) }, owner.spaceB);
      // Both tokens are remembered now (the device-token cache): revocation must evict them.
      expect((await whoAmI(byPassword.token)).statusCode).toBe(200);
      expect((await whoAmI(byPairing.token)).statusCode).toBe(200);

      const listed = await devicesOf(owner);
      expect(listed).toHaveLength(2);
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: byPassword.deviceId,
            platform: 'Chrome 69 on Linux',
            adSpace: { id: owner.spaceA, name: 'Window' },
            signInMethod: 'password',
            isSignedIn: true,
          }),
          expect.objectContaining({
            id: byPairing.deviceId,
            adSpace: { id: owner.spaceB, name: 'Door' },
            signInMethod: 'pairing',
            isSignedIn: true,
          }),
        ]),
      );
      expect(listed.every((item) => item.lastSeenAt !== null)).toBe(true);

      // Another owner cannot see or revoke them.
      const stranger = await newAccount();
      expect(await devicesOf(stranger)).toEqual([]);
      const foreign = await t.request({
        method: 'DELETE',
        url: `/api/v1/devices/${byPairing.deviceId}`,
        cookie: stranger.cookie,
      });
      expect(foreign.statusCode).toBe(404);

      const revoked = await t.request({
        method: 'DELETE',
        url: `/api/v1/devices/${byPairing.deviceId}`,
        cookie: owner.cookie,
      });
      expect(revoked.statusCode, revoked.body).toBe(204);
      expect((await whoAmI(byPairing.token)).statusCode).toBe(401);
      expect((await whoAmI(byPassword.token)).statusCode).toBe(200);
      const after = await devicesOf(owner);
      expect(after.find((item) => item.id === byPairing.deviceId)?.isSignedIn).toBe(false);
    });

    it('signs every TV of the account out when the password changes', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      const grant = await pair(owner);
      const bystander = await newAccount();
      const theirs = await registered({ cookie: bystander.cookie }, bystander.spaceA);
      expect((await whoAmI(tv.token)).statusCode).toBe(200);

      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: owner.cookie,
        payload: { currentPassword: PASSWORD, newPassword: 'a-new-password-2026' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
      expect((await register({ token: grant }, owner.spaceB)).statusCode).toBe(401);
      expect((await whoAmI(theirs.token)).statusCode).toBe(200);
    });

    it('signs every TV of the account out when the password is reset', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      expect((await whoAmI(tv.token)).statusCode).toBe(200);
      await t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: owner.email, redirectTo: `${ORIGIN}/forgot-password` },
      });
      const [link] = (await mailLinks(t, owner.email)).filter((l) => l.includes('reset-password'));
      const landing = await t.request({
        method: 'GET',
        url: new URL(link ?? '').pathname + new URL(link ?? '').search,
      });
      const token = new URL(landing.headers.location ?? '', ORIGIN).searchParams.get('token');
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-reset-password-2026' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
    });

    it('signs every TV of the account out on "sign out everywhere"', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      expect((await whoAmI(tv.token)).statusCode).toBe(200);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/revoke-sessions',
        cookie: owner.cookie,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
      // A plain sign-out of the browser leaves the TVs alone.
      const signedIn = await t.signIn(owner.email, PASSWORD);
      const other = await registered({ cookie: sessionCookie(signedIn) }, owner.spaceB);
      await t.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookie: sessionCookie(signedIn),
      });
      expect((await whoAmI(other.token)).statusCode).toBe(200);
    });

    it('renews a token past half its life in the heartbeat’s answer; the old one dies after a grace', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      const [row] = await t.app.deps.db
        .select({ expiresAt: device.tokenExpiresAt })
        .from(device)
        .where(eq(device.id, tv.deviceId));
      const lifetime = (row?.expiresAt?.getTime() ?? 0) - Date.now();
      expect(Math.abs(lifetime - DEVICE_TOKEN_TTL_MS)).toBeLessThan(60_000);
      // Fresh: nothing to renew.
      expect((await heartbeat(tv.token)).statusCode).toBe(204);

      // Past half its life (the clock moved 20 days): the answer carries a fresh token.
      await t.app.deps.db
        .update(device)
        .set({ tokenExpiresAt: new Date(Date.now() + DEVICE_TOKEN_TTL_MS / 3) })
        .where(eq(device.id, tv.deviceId));
      forgetCachedTokens(tv.deviceId);
      const renewed = await heartbeat(tv.token);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh = ZDeviceTokenRenewal.parse(renewed.json());
      expect(fresh.token).not.toBe(tv.token);
      expect(Date.parse(fresh.expiresAt) - Date.now()).toBeGreaterThan(
        DEVICE_TOKEN_TTL_MS - 60_000,
      );
      expect((await whoAmI(fresh.token)).statusCode).toBe(200);
      expect((await heartbeat(fresh.token)).statusCode).toBe(204);
      // The old one works for the grace (the TV may have missed the answer) ...
      expect((await whoAmI(tv.token)).statusCode).toBe(200);
      // ... and not after it.
      await t.app.deps.db
        .update(device)
        .set({ previousTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(device.id, tv.deviceId));
      forgetCachedTokens(tv.deviceId);
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
      expect((await whoAmI(fresh.token)).statusCode).toBe(200);
    });

    it('refuses a token past its lifetime: a stolen token left unused dies', async () => {
      const owner = await newAccount();
      const tv = await registered({ cookie: owner.cookie }, owner.spaceA);
      await t.app.deps.db
        .update(device)
        .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(device.id, tv.deviceId));
      expect((await whoAmI(tv.token)).statusCode).toBe(401);
      expect((await heartbeat(tv.token)).statusCode).toBe(401);
    });

    it('limits registrations per account', async () => {
      const owner = await newAccount();
      for (let i = 0; i < REGISTRATIONS_PER_ACCOUNT_PER_HOUR; i += 1) {
        const res = await register(
          { cookie: owner.cookie },
          owner.spaceA,
          undefined,
          `10.1.0.${i}`,
        );
        expect(res.statusCode, res.body).toBe(201);
      }
      const over = await register({ cookie: owner.cookie }, owner.spaceA, undefined, '10.2.0.1');
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json()).toMatchObject({ error: { code: 'too-many-requests' } });
      // Another account is not affected.
      const other = await newAccount();
      expect((await register({ cookie: other.cookie }, other.spaceA)).statusCode).toBe(201);
    });

    it('limits registrations per address', async () => {
      const [first, second] = [await newAccount(), await newAccount()];
      const address = '203.0.113.77';
      const half = REGISTRATION_RATE_LIMIT.max / 2;
      for (const owner of [first, second]) {
        for (let i = 0; i < half; i += 1) {
          const res = await register({ cookie: owner.cookie }, owner.spaceA, undefined, address);
          expect(res.statusCode, res.body).toBe(201);
        }
      }
      const over = await register({ cookie: first.cookie }, first.spaceB, undefined, address);
      expect(over.statusCode, over.body).toBe(429);
      const elsewhere = await register(
        { cookie: first.cookie },
        first.spaceB,
        undefined,
        '203.0.113.78',
      );
      expect(elsewhere.statusCode).toBe(201);
    });
  });
});
