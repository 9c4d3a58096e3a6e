import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmailVerificationToken } from 'better-auth/api';
import { ZAuthToken } from '@screenline/shared/auth';
import { profile, user, verification } from '../../db/schema/index';
import {
  BACKENDS,
  createTestApp,
  SECRET,
  mailLinks,
  ORIGIN,
  PASSWORD,
  sessionCookie,
  type TTestApp,
} from '../../../test/harness';
import { mailsTo } from '../../../test/money-helpers';

// No `token` key: the server keeps session tokens out of bodies (auth-rules.ts), and there is none.
const ZSignUpAnswer = z.strictObject({
  user: z.looseObject({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
});

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const me = (cookie?: string) => t.request({ method: 'GET', url: '/api/v1/me', cookie });

  it('signs up, creates a profile with no role, and signs in and out', async () => {
    const { cookie, email, userId } = await t.signUp();
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: userId,
      email,
      emailVerified: false,
      role: null,
      isSU: false,
      company: '',
      phone: '',
    });

    const signIn = await t.signIn(email, PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const second = sessionCookie(signIn);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: second,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    // Signing out one session leaves the other signed in.
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('signs up an address that has an account with the same answer as a new one, and mails its owner (issue 18 item 7)', async () => {
    const { email: taken } = await t.signUp();
    const fresh = `fresh-${Date.now()}@example.com`;
    const signUp = (address: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: address, password: 'an-attackers-password-1', name: 'Probe' },
      });
    const [forTaken, forFresh] = [await signUp(taken), await signUp(fresh)];
    // The same status, no session either way, and bodies of the same shape.
    const shape = (res: typeof forTaken) => {
      const body = ZSignUpAnswer.parse(res.json());
      return {
        status: res.statusCode,
        cookies: res.cookies.length,
        keys: Object.keys(body).sort(),
        userKeys: Object.keys(body.user).sort(),
        emailVerified: body.user.emailVerified,
      };
    };
    expect(shape(forTaken)).toEqual(shape(forFresh));
    expect(shape(forTaken)).toMatchObject({ status: 200, cookies: 0, keys: ['user'] });
    expect(ZSignUpAnswer.parse(forTaken.json()).user.email).toBe(taken);

    // The owner of the taken address learns what to do; the account is unchanged.
    const mails = await mailsTo(t, taken);
    const notice = mails.find((m) => m.subject === 'You already have a Screenline account');
    expect(notice?.text).toContain(`${ORIGIN}/forgot-password`);
    expect((await t.signIn(taken, PASSWORD)).statusCode).toBe(200);
    expect((await t.signIn(taken, 'an-attackers-password-1')).statusCode).toBe(401);
    // The new address got its account, and its verification mail.
    expect((await t.signIn(fresh, 'an-attackers-password-1')).statusCode).toBe(200);
    expect((await mailsTo(t, fresh)).map((m) => m.subject)).toContain(
      'Confirm your email for Screenline',
    );
  });

  it('refuses an e-mail address over 254 characters on every route that takes one (issue 18 item 7)', async () => {
    const long = `${'a'.repeat(60_000)}@example.com`;
    const justTooLong = `${'b'.repeat(255 - '@example.com'.length)}@example.com`;
    for (const email of [long, justTooLong]) {
      for (const [url, payload] of [
        ['/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Long' }],
        ['/api/auth/sign-in/email', { email, password: PASSWORD }],
        ['/api/auth/request-password-reset', { email, redirectTo: `${ORIGIN}/forgot-password` }],
        ['/api/auth/send-verification-email', { email }],
      ] as const) {
        const res = await t.request({ method: 'POST', url, payload });
        expect(res.statusCode, `${url} ${email.length}`).toBe(400);
        expect(res.json(), url).toMatchObject({
          code: 'INVALID_INPUT',
          message: 'email: Use an email address of at most 254 characters.',
        });
      }
    }
    const stored = await t.app.deps.db.select({ email: user.email }).from(user);
    expect(stored.filter((row) => row.email.length > 254)).toEqual([]);
    // 254 characters is still an address.
    const longest = `${'c'.repeat(254 - '@example.com'.length)}@example.com`;
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: longest, password: PASSWORD, name: 'Longest' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown email and a weak password', async () => {
    const { email } = await t.signUp();
    const wrong = await t.signIn(email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect((await t.signIn('nobody@example.com', PASSWORD)).statusCode).toBe(401);

    // A duplicate is not refused: sign-up answers the same either way (the test below).

    const weak = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'weak@example.com', password: 'short', name: 'x' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const [row] = await t.app.deps.db.select().from(user).where(eq(user.email, 'weak@example.com'));
    expect(row).toBeUndefined();
  });

  it('serves the password policy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/auth/policy' });
    expect(res.json()).toEqual({ minPasswordLength: 8, maxPasswordLength: 128 });
  });

  it('resets a forgotten password by email; the link works once', async () => {
    const { email } = await t.signUp();
    const ask = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${ORIGIN}/forgot-password` },
    });
    expect(ask.statusCode).toBe(200);
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('reset-password'));
    expect(link).toBeDefined();
    const landing = await t.request({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location!, ORIGIN);
    expect(target.pathname).toBe('/forgot-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await t.signIn(email, 'a-brand-new-password')).statusCode).toBe(200);

    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'yet-another-password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses an expired reset link', async () => {
    const { email } = await t.signUp();
    await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${ORIGIN}/forgot-password` },
    });
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('reset-password'));
    const token = new URL(link!).pathname.split('/').pop()!;
    await t.app.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const landing = await t.request({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    expect(new URL(landing.headers.location!, ORIGIN).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('verifies the email from the sign-up mail; the link again changes nothing; a resend works', async () => {
    const { email, cookie } = await t.signUp();
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('verify-email'));
    expect(link).toBeDefined();
    const url = new URL(link!);
    url.searchParams.set('callbackURL', '/profile');
    const first = await t.request({ method: 'GET', url: url.pathname + url.search });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/profile');
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: true });
    // The same link again changes nothing and is no error.
    const again = await t.request({ method: 'GET', url: url.pathname + url.search });
    expect(again.headers.location).toBe('/profile');
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: true });

    const resend = await t.request({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email, callbackURL: '/profile' },
    });
    expect(resend.statusCode).toBe(200);
  });

  it('refuses an expired or forged verification link', async () => {
    const { email, cookie } = await t.signUp();
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('verify-email'));
    // Verification tokens are signed JWTs with their own expiry: forge one with a bad signature.
    const url = new URL(link!);
    url.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -4)}AAAA`);
    url.searchParams.set('callbackURL', '/profile');
    const forged = await t.request({ method: 'GET', url: url.pathname + url.search });
    expect(forged.headers.location).toBe('/profile?error=INVALID_TOKEN');
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: false });

    const expiredToken = await createEmailVerificationToken(SECRET, email, undefined, -60);
    const expired = await t.request({
      method: 'GET',
      url: `/api/auth/verify-email?token=${expiredToken}&callbackURL=/profile`,
    });
    expect(expired.headers.location).toBe('/profile?error=TOKEN_EXPIRED');
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: false });
  });

  it('V6.2.3 changes the password only with the current one', async () => {
    const { email, cookie } = await t.signUp();
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: 'nope-nope-nope', newPassword: 'changed-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'changed-password-1',
        revokeOtherSessions: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.signIn(email, 'changed-password-1')).statusCode).toBe(200);
  });

  it('deletes the account with its password, and the profile goes with it', async () => {
    const { email, cookie, userId } = await t.signUp();
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie,
      payload: { password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await me(cookie)).statusCode).toBe(200);

    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie,
      payload: { password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(401);
    const rows = await t.app.deps.db.select().from(profile).where(eq(profile.userId, userId));
    expect(rows).toEqual([]);
  });

  it('issues a short-lived signed token for the storage service and the player', async () => {
    const { cookie, userId, email } = await t.signUp();
    expect((await t.request({ method: 'GET', url: '/api/auth/token' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/auth/token', cookie });
    expect(res.statusCode).toBe(200);
    const { token } = ZAuthToken.parse(res.json());
    const jwks = await t.request({ method: 'GET', url: '/api/auth/jwks' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks.json()), {
      issuer: ORIGIN,
      audience: ORIGIN,
    });
    expect(payload.sub).toBe(userId);
    expect(payload.email).toBe(email);
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
  });

  it('V3.5.1 refuses a cookie-bearing POST from a foreign origin', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      headers: { origin: 'https://evil.example' },
      payload: { currentPassword: PASSWORD, newPassword: 'changed-password-2' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('auth rate limits', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT: 'true' });
  });
  afterAll(() => t.close());

  it('V6.3.1 answers 429 after repeated failed sign-ins from one address', async () => {
    // Addresses of its own: other test files in this worker (one module registry) may have used
    // the default address's allowance already.
    const email = `rate-limit-${Date.now()}@example.com`;
    const signedUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '198.51.100.76',
      payload: { email, password: PASSWORD, name: 'Rate limit' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const signIn = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '198.51.100.77',
        payload: { email, password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(`wrong-${i}-password`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits until the window passes.
    expect((await signIn(PASSWORD)).statusCode).toBe(429);
  });
});
