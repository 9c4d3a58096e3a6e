import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAuthToken } from '@screenline/shared/auth';
import { TV_CLIENT_ID } from '@screenline/shared/pairing';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { PAIRING_DECISION_LIMIT } from '../src/modules/auth/auth.routes';
import { isCrossSiteWrite } from '../src/plugins/security';
import { createTestApp, ORIGIN, PASSWORD, sessionCookie, type TTestApp } from './harness';
import { insertAdSpace } from './screen-rows';
import { mediaBytes, signUpForStorage, uploadMultipart } from './storage-helpers';

/**
 * OWASP ASVS 5.0 (level 2) checks that span modules (issue 10 item 4): CSRF (V3.5.1), open
 * redirects through Better Auth's callback URLs (V3.7.2) and brute-force limits on every auth
 * route that takes a secret or sends mail (V6.3.1). The authorization matrix (V8.2) is
 * authorization-matrix.test.ts; session termination (V7.4) is session-cache.test.ts and
 * auth-security.test.ts; the web app's redirectTo is apps/web/src/lib/redirect.test.ts; QR
 * redirects are fill.test.ts. PGlite only: nothing here depends on the database engine.
 */

const EVIL = 'https://evil.example';
const ZSession = z.object({ user: z.object({ name: z.string() }) });
const ZMe = z.object({ company: z.string() });

/** `options` with the session cookie and `origin` only (undefined: no Origin header at all). */
function crossSite(t: TTestApp, options: InjectOptions, cookie: string, origin?: string) {
  return t.app.inject({
    ...options,
    headers: { ...options.headers, cookie, ...(origin === undefined ? {} : { origin }) },
  });
}

const expectRefused = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
  expect(res.json(), what).toMatchObject({ error: { code: 'forbidden' } });
};

describe('V3.5.1 CSRF: a write that carries cookies must come from our own origin', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('V3.5.1 isCrossSiteWrite: only cookie-bearing writes without a trusted Origin', () => {
    const trusted = [ORIGIN];
    const cookie = 'better-auth.session_token=x';
    expect(isCrossSiteWrite('POST', { cookie, origin: ORIGIN }, trusted)).toBe(false);
    expect(isCrossSiteWrite('POST', { cookie, origin: EVIL }, trusted)).toBe(true);
    expect(isCrossSiteWrite('DELETE', { cookie }, trusted)).toBe(true);
    expect(isCrossSiteWrite('PATCH', { cookie, origin: 'null' }, trusted)).toBe(true);
    // Same host, other port or scheme: another origin.
    expect(isCrossSiteWrite('PUT', { cookie, origin: 'http://127.0.0.1:3001' }, trusted)).toBe(
      true,
    );
    expect(isCrossSiteWrite('POST', { origin: EVIL }, trusted)).toBe(false);
    expect(isCrossSiteWrite('GET', { cookie, origin: EVIL }, trusted)).toBe(false);
    expect(isCrossSiteWrite('HEAD', { cookie }, trusted)).toBe(false);
    expect(
      isCrossSiteWrite('POST', { cookie, authorization: 'Bearer x', origin: EVIL }, trusted),
    ).toBe(false);
  });

  it('V3.5.1 refuses every Better Auth write with a session cookie from another origin or none (403, shared shape), and nothing changes', async () => {
    const { cookie, email } = await t.signUp();
    const writes: (InjectOptions & { url: string })[] = [
      { method: 'POST', url: '/api/auth/sign-out', payload: {} },
      {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: PASSWORD, newPassword: 'a-forged-password-1' },
      },
      { method: 'POST', url: '/api/auth/delete-user', payload: { password: PASSWORD } },
      { method: 'POST', url: '/api/auth/update-user', payload: { name: 'Forged' } },
      { method: 'POST', url: '/api/auth/revoke-sessions', payload: {} },
      { method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} },
      { method: 'POST', url: '/api/auth/send-verification-email', payload: { email } },
      { method: 'POST', url: '/api/auth/device/approve', payload: { userCode: 'ABCDEFGH' } },
    ];
    for (const write of writes) {
      for (const origin of [EVIL, undefined, 'null']) {
        expectRefused(await crossSite(t, write, cookie, origin), `${write.url} from ${origin}`);
      }
    }
    // Still signed in, same name, same password.
    const session = await t.request({ method: 'GET', url: '/api/auth/get-session', cookie });
    expect(ZSession.parse(session.json()).user.name).not.toBe('Forged');
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
    // The same write from our own page works.
    const own = await t.request({
      method: 'POST',
      url: '/api/auth/update-user',
      cookie,
      payload: { name: 'Renamed' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("V3.5.1 refuses a password sign-in and a web app write from `Origin: null` (what Chromium 69 sends under no-referrer); the TV's sign-in from our origin works", async () => {
    // Issue 18 item 8: the fix serves /tv with `Referrer-Policy: same-origin` (hosting.test.ts
    // pins it) so the TV's browser sends its real origin; `null` itself stays refused everywhere.
    const { cookie, email } = await t.signUp();
    const signIn = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin, 'x-screenline-auth-transport': 'bearer' },
        payload: { email, password: PASSWORD },
      });
    const fromNull = await signIn('null');
    expect(fromNull.statusCode, fromNull.body).toBe(403);
    expect(fromNull.headers['set-auth-token']).toBeUndefined();
    const fromOurs = await signIn(ORIGIN);
    expect(fromOurs.statusCode, fromOurs.body).toBe(200);
    expect(fromOurs.headers['set-auth-token']).toEqual(expect.any(String));
    expectRefused(
      await crossSite(
        t,
        { method: 'PATCH', url: '/api/v1/me', payload: { company: 'Null' } },
        cookie,
        'null',
      ),
      'product write from Origin null',
    );
    const me = await t.request({ method: 'GET', url: '/api/v1/me', cookie });
    expect(ZMe.parse(me.json()).company).not.toBe('Null');
  });

  it('V3.5.1 refuses a forged product API write before it runs; the same write from our origin works', async () => {
    const { cookie } = await t.signUp();
    const patch: InjectOptions = {
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { company: 'Forged' },
    };
    expectRefused(await crossSite(t, patch, cookie, EVIL), 'foreign Origin');
    expectRefused(await crossSite(t, patch, cookie), 'no Origin');
    const me = async () =>
      ZMe.parse((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).company;
    expect(await me()).not.toBe('Forged');
    const own = await t.request({ ...patch, cookie, payload: { company: 'Ours' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await me()).toBe('Ours');
    // Reads with a foreign Origin change nothing and are answered (CORS keeps the answer from
    // the other site's script).
    const read = await crossSite(t, { method: 'GET', url: '/api/v1/me' }, cookie, EVIL);
    expect(read.statusCode).toBe(200);
  });

  it("V3.5.1 exempts bearer credentials (the TV's device token, the storage JWT): a browser never adds them by itself", async () => {
    const owner = await signUpForStorage(t);
    // The storage JWT, even beside the session cookie and with a foreign Origin.
    const name = `users/${owner.userId}/csrf.png`;
    const upload = await uploadMultipart(t, owner, name, mediaBytes('image/png', 64));
    expect(upload.statusCode, upload.body).toBe(200);
    const deleted = await crossSite(
      t,
      {
        method: 'DELETE',
        url: `/v0/b/screenline/o/${encodeURIComponent(name)}`,
        headers: { authorization: owner.authorization },
      },
      owner.cookie,
      EVIL,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The TV's device token.
    const role = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: owner.cookie,
      payload: { role: 'advertiser' },
    });
    expect(role.statusCode).toBe(200);
    const registered = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: 'csrf-device-key-0001',
        adSpaceId: await insertAdSpace(t, owner.userId),
        userAgent: 'CSRF',
        appVersion: '0.0.0',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token } = ZDeviceRegistration.parse(registered.json());
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player/heartbeat',
      headers: { authorization: `Bearer ${token}`, origin: EVIL },
      payload: {
        appVersion: '0.0.0',
        manifestVersion: null,
        storage: { usedBytes: 0, quotaBytes: null, persisted: false },
        cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
        nowPlaying: null,
      },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(204);
  });

  describe('V3.7.2 Better Auth sends browsers only to our own origin', () => {
    it.each([
      ['sign-in', '/api/auth/sign-in/email', 'callbackURL'],
      ['sign-up', '/api/auth/sign-up/email', 'callbackURL'],
      ['the verification mail', '/api/auth/send-verification-email', 'callbackURL'],
      ['the reset mail', '/api/auth/request-password-reset', 'redirectTo'],
    ])('V3.7.2 refuses a foreign callback URL on %s', async (_label, url, field) => {
      const { email } = await t.signUp();
      for (const target of [`${EVIL}/x`, '//evil.example/x', 'javascript:alert(1)']) {
        const res = await t.request({
          method: 'POST',
          url,
          payload: {
            email: url.includes('sign-up') ? `cb${Date.now()}@example.com` : email,
            password: PASSWORD,
            name: 'Callback',
            [field]: target,
          },
        });
        expect(res.statusCode, `${url} ${target}: ${res.body}`).toBe(403);
      }
      const ours = await t.request({
        method: 'POST',
        url,
        payload: {
          email: url.includes('sign-up') ? `ok${Date.now()}@example.com` : email,
          password: PASSWORD,
          name: 'Callback',
          [field]: `${ORIGIN}/dashboard`,
        },
      });
      expect(ours.statusCode, ours.body).toBe(200);
    });

    it.each([
      ['the verification link', (cb: string) => `/api/auth/verify-email?token=x&callbackURL=${cb}`],
      ['the reset link', (cb: string) => `/api/auth/reset-password/some-token?callbackURL=${cb}`],
    ])('V3.7.2 %s never redirects to a foreign callback URL', async (_label, urlOf) => {
      for (const target of [`${EVIL}/x`, '//evil.example/x']) {
        const res = await t.request({ method: 'GET', url: urlOf(encodeURIComponent(target)) });
        expect(res.statusCode, `${target}: ${res.body}`).toBe(403);
        expect(res.headers.location).toBeUndefined();
      }
    });
  });
});

describe('V6.3.1 brute-force limits on every auth route that takes a secret or sends mail', () => {
  let t: TTestApp;
  // Limits are off in the other API tests (testConfig); this app turns them on for itself.
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT: 'true' });
  });
  afterAll(() => t.close());

  // Limits count per client address and route: every test calls from an address of its own.
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `198.51.100.${addresses}`;
  };

  /** A user signed up from an address of its own (sign-ups are limited too). */
  async function userFrom(remoteAddress: string) {
    const email = `limit${Date.now()}${addresses}@example.com`;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      payload: { email, password: PASSWORD, name: 'Limit' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Sign-up makes no session: sign in, from the same address.
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      payload: { email, password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { email, cookie: sessionCookie(signedIn) };
  }

  /** Sends `max + 1` requests from one address: none of the first `max` is 429, the last is. */
  async function expectLimit(
    max: number,
    request: (i: number, remoteAddress: string) => Promise<InjectOptions>,
  ) {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const options = await request(i, remoteAddress);
      statuses.push((await t.request({ ...options, remoteAddress })).statusCode);
    }
    expect(
      statuses.slice(0, max).filter((s) => s === 429),
      `statuses ${statuses.join(',')}`,
    ).toEqual([]);
    expect(statuses.at(-1), `statuses ${statuses.join(',')}`).toBe(429);
    // Another address is not held back by it.
    const elsewhere = nextAddress();
    const other = await t.request({
      ...(await request(max + 1, elsewhere)),
      remoteAddress: elsewhere,
    });
    expect(other.statusCode).not.toBe(429);
  }

  const post = (url: string, payload: Record<string, unknown>, cookie?: string): InjectOptions => ({
    method: 'POST',
    url,
    payload,
    ...(cookie ? { headers: { cookie, origin: ORIGIN } } : {}),
  });

  it('V6.3.1 sign-in: 5 a minute', async () => {
    const { email } = await t.signUp();
    const other = await t.signUp();
    // The last request, from another address, is for another account: one account is also
    // limited per account, whatever the address (account-limits.test.ts).
    await expectLimit(5, async (i) =>
      post('/api/auth/sign-in/email', {
        email: i > 5 ? other.email : email,
        password: `no-${i}-password`,
      }),
    );
  });

  it('V6.3.1 sign-up: 5 a minute', async () => {
    await expectLimit(5, async (i) =>
      post('/api/auth/sign-up/email', {
        email: `signup${Date.now()}-${i}@example.com`,
        password: PASSWORD,
        name: 'Limit',
      }),
    );
  });

  it('V6.3.1 request-password-reset (sends mail): 3 a minute', async () => {
    const { email } = await t.signUp();
    const other = await t.signUp();
    // The last request (another address) asks for another account's reset: one address is also
    // limited per account (account-limits.test.ts).
    await expectLimit(3, async (i) =>
      post('/api/auth/request-password-reset', {
        email: i > 3 ? other.email : email,
        redirectTo: `${ORIGIN}/forgot-password`,
      }),
    );
  });

  it('V6.3.1 send-verification-email (sends mail): 3 a minute', async () => {
    const { email } = await t.signUp();
    await expectLimit(3, async () => post('/api/auth/send-verification-email', { email }));
  });

  it('V6.3.1 reset-password (a reset token): 5 a minute; the reset link: 10', async () => {
    await expectLimit(5, async (i) =>
      post('/api/auth/reset-password', { token: `guess-${i}`, newPassword: 'a-new-password-1' }),
    );
    // Every guess is a new path: the limit counts the reset links of an address, whatever token.
    await expectLimit(10, async (i) => ({
      method: 'GET',
      url: `/api/auth/reset-password/guess-${i}?callbackURL=${encodeURIComponent(`${ORIGIN}/reset-password`)}`,
    }));
  });

  it('V6.3.1 verify-email (a verification token): 10 a minute', async () => {
    await expectLimit(10, async (i) => ({
      method: 'GET',
      url: `/api/auth/verify-email?token=guess-${i}`,
    }));
  });

  it('V6.3.1 change-password and delete-user (the current password): 5 a minute each', async () => {
    const changer = await userFrom(nextAddress());
    await expectLimit(5, async (i) =>
      post(
        '/api/auth/change-password',
        { currentPassword: `wrong-${i}-password`, newPassword: 'another-password-1' },
        changer.cookie,
      ),
    );
    const deleter = await userFrom(nextAddress());
    await expectLimit(5, async (i) =>
      post('/api/auth/delete-user', { password: `wrong-${i}-password` }, deleter.cookie),
    );
  });

  it('V6.3.1 TV pairing: codes 20 a minute, polls 10 in 5 s, a phone 10 approvals or denials a minute', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await expectLimit(20, async () => ({
      method: 'POST',
      url: '/api/auth/device/code',
      headers: form,
      payload: new URLSearchParams({ client_id: TV_CLIENT_ID }).toString(),
    }));
    await expectLimit(10, async (i) =>
      post('/api/auth/device/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: `guess-${i}`,
        client_id: TV_CLIENT_ID,
      }),
    );
    // A phone of its own for each (an account has a limit of its own too: the next test).
    for (const action of ['approve', 'deny']) {
      const phone = await userFrom(nextAddress());
      await expectLimit(10, async (i) =>
        post(`/api/auth/device/${action}`, { userCode: `GUESS${i}AB` }, phone.cookie),
      );
    }
    // Looking a typed code up: the device plugin's own limit, 5 per code lifetime.
    const phone = await userFrom(nextAddress());
    await expectLimit(5, async (i) => ({
      method: 'GET',
      url: `/api/auth/device?user_code=GUESS${i}CD`,
      headers: { cookie: phone.cookie },
    }));
  });

  it('V6.3.1 TV pairing per account: 30 claims, approvals or denials in 10 minutes, from any addresses', async () => {
    const phone = await userFrom(nextAddress());
    const statuses: number[] = [];
    // Each from an address of its own: only the account's count can stop them.
    for (let i = 0; i <= PAIRING_DECISION_LIMIT.max; i += 1) {
      const res = await t.request({
        method: i % 2 === 0 ? 'GET' : 'POST',
        url: i % 2 === 0 ? `/api/auth/device?user_code=ACCT${i}XYZ` : '/api/auth/device/approve',
        cookie: phone.cookie,
        remoteAddress: nextAddress(),
        ...(i % 2 === 0 ? {} : { payload: { userCode: `ACCT${i}XY` } }),
      });
      statuses.push(res.statusCode);
    }
    expect(
      statuses.slice(0, PAIRING_DECISION_LIMIT.max).filter((s) => s === 429),
      `statuses ${statuses.join(',')}`,
    ).toEqual([]);
    expect(statuses.at(-1), `statuses ${statuses.join(',')}`).toBe(429);
    // Another account is not held back by it.
    const other = await userFrom(nextAddress());
    const res = await t.request({
      method: 'GET',
      url: '/api/auth/device?user_code=OTHERXYZ',
      cookie: other.cookie,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).not.toBe(429);
  });

  it('V6.3.1 the storage token: the default limit, 100 a minute', async () => {
    const { cookie } = await userFrom(nextAddress());
    await expectLimit(100, async () => ({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    }));
    const token = await t.request({ method: 'GET', url: '/api/auth/token', cookie });
    expect(ZAuthToken.safeParse(token.json()).success).toBe(true);
  });
});
