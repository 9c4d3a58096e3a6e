import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEARER_TRANSPORT_HEADER } from '@screenline/shared/auth';
import { ZApiError } from '@screenline/shared/errors';
import {
  TWO_FACTOR_CODE_HEADER,
  ZBackupCodes,
  ZTwoFactorEnabled,
} from '@screenline/shared/two-factor';
import { twoFactor } from '../../db/schema/index';
import { createMeRepository } from '../me/me.repository';
import {
  BACKENDS,
  createTestApp,
  enrollTwoFactor,
  PASSWORD,
  secretOfTotpUri,
  sessionCookie,
  totpCode,
  withTwoFactor,
  type TTestApp,
} from '../../../test/harness';
import {
  EUR,
  fund,
  IBAN,
  newKey,
  signUpAdmin,
  signUpWithRole,
  walletOf,
} from '../../../test/money-helpers';

// Two-factor sign-in (issue 18 item 4): enrolment, the second sign-in step, recovery codes, the
// limits on wrong codes, super-users, and the fresh code a payout request needs.

describe.each(BACKENDS)('two-factor sign-in on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/me', cookie });
  const post = (url: string, cookie: string | undefined, payload: object) =>
    t.request({ method: 'POST', url, cookie, payload });
  const errorCode = (res: { json(): unknown }) => ZApiError.parse(res.json()).error.code;

  it('turns on only with the password and a first valid code, and says so on /me', async () => {
    const user = await t.signUp();
    expect((await post('/api/auth/two-factor/enable', user.cookie, {})).statusCode).toBe(400);
    const wrongPassword = await post('/api/auth/two-factor/enable', user.cookie, {
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(400);

    const enabled = await post('/api/auth/two-factor/enable', user.cookie, { password: PASSWORD });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = ZTwoFactorEnabled.parse(enabled.json());
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Screenline:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Screenline');
    expect(backupCodes).toHaveLength(10);
    // Not on until a code from the app confirms the key was stored.
    expect((await me(user.cookie)).json()).toMatchObject({ twoFactorEnabled: false });
    const [row] = await t.app.deps.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, user.userId));
    // Stored encrypted: neither the secret nor a recovery code is in the row in the clear.
    const secret = secretOfTotpUri(totpURI);
    expect(row?.secret).not.toContain(secret);
    expect(row?.backupCodes).not.toContain(backupCodes[0]);

    const wrong = await post('/api/auth/two-factor/verify-totp', user.cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await me(user.cookie)).json()).toMatchObject({ twoFactorEnabled: false });

    const verified = await post('/api/auth/two-factor/verify-totp', user.cookie, {
      code: await totpCode(secret),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // The session token never leaves in the body (auth-rules.ts), only in the cookie.
    expect(verified.json()).not.toHaveProperty('token');
    expect((await me(sessionCookie(verified))).json()).toMatchObject({ twoFactorEnabled: true });
  });

  it('signs in with a second step: no session until a valid code, recovery codes once each', async () => {
    const user = await t.signUp();
    const enrolled = await enrollTwoFactor(t, user.cookie);

    const first = await t.signIn(user.email, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const challenge = sessionCookie(first);
    expect(challenge).not.toMatch(/session_token=[^;]/);
    expect((await me(challenge)).statusCode).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', challenge, { code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });

    const right = await post('/api/auth/two-factor/verify-totp', challenge, {
      code: await enrolled.code(),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect((await me(sessionCookie(right))).json()).toMatchObject({ email: user.email });

    // A recovery code signs in once; the same code a second time does not.
    const recovery = enrolled.backupCodes[0];
    for (const expected of [200, 401]) {
      const challenged = sessionCookie(await t.signIn(user.email, PASSWORD));
      const res = await post('/api/auth/two-factor/verify-backup-code', challenged, {
        code: recovery,
      });
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 200) expect((await me(sessionCookie(res))).statusCode).toBe(200);
    }
  });

  it('gives a TV’s password sign-in no session for an account with two-factor on', async () => {
    const user = await t.signUp();
    await enrollTwoFactor(t, user.cookie);
    const tv = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { [BEARER_TRANSPORT_HEADER]: 'bearer' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(tv.json()).toMatchObject({ twoFactorRedirect: true });
    const token = tv.headers['set-auth-token'];
    if (typeof token === 'string') {
      const asBearer = await t.request({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(asBearer.statusCode).toBe(401);
    }
  });

  it('limits wrong codes: five per sign-in challenge, then the account is locked for a while', async () => {
    const user = await t.signUp();
    const enrolled = await enrollTwoFactor(t, user.cookie);
    const challenge = sessionCookie(await t.signIn(user.email, PASSWORD));
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/auth/two-factor/verify-totp', challenge, { code: '000000' });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 400]);
    // The challenge is spent: even the right code needs a new sign-in.
    const late = await post('/api/auth/two-factor/verify-totp', challenge, {
      code: await enrolled.code(),
    });
    expect(late.statusCode).toBe(401);

    // Across challenges: ten wrong codes in a row lock the account's second step.
    const second = sessionCookie(await t.signIn(user.email, PASSWORD));
    for (let i = 0; i < 5; i++)
      await post('/api/auth/two-factor/verify-totp', second, { code: '000000' });
    const third = sessionCookie(await t.signIn(user.email, PASSWORD));
    const locked = await post('/api/auth/two-factor/verify-totp', third, {
      code: await enrolled.code(),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED' });
  });

  it('turns off only with the password and a code (or a recovery code)', async () => {
    const user = await t.signUp();
    const enrolled = await enrollTwoFactor(t, user.cookie);
    const withoutCode = await post('/api/auth/two-factor/disable', enrolled.cookie, {
      password: PASSWORD,
    });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    const wrongCode = await post('/api/auth/two-factor/disable', enrolled.cookie, {
      password: PASSWORD,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(403);
    expect((await me(enrolled.cookie)).json()).toMatchObject({ twoFactorEnabled: true });

    const off = await post('/api/auth/two-factor/disable', enrolled.cookie, {
      password: PASSWORD,
      code: enrolled.backupCodes[1],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(sessionCookie(off))).json()).toMatchObject({ twoFactorEnabled: false });
    // Signing in is one step again.
    expect((await t.signIn(user.email, PASSWORD)).json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('regenerates recovery codes with the password; the old ones stop working', async () => {
    const user = await t.signUp();
    const enrolled = await enrollTwoFactor(t, user.cookie);
    const refused = await post('/api/auth/two-factor/generate-backup-codes', enrolled.cookie, {
      password: 'not-the-password',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const fresh = await post('/api/auth/two-factor/generate-backup-codes', enrolled.cookie, {
      password: PASSWORD,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { backupCodes } = ZBackupCodes.parse(fresh.json());
    expect(backupCodes).toHaveLength(10);
    const old = await post(
      '/api/auth/two-factor/verify-backup-code',
      sessionCookie(await t.signIn(user.email, PASSWORD)),
      { code: enrolled.backupCodes[0] },
    );
    expect(old.statusCode).toBe(401);
    const current = await post(
      '/api/auth/two-factor/verify-backup-code',
      sessionCookie(await t.signIn(user.email, PASSWORD)),
      { code: backupCodes[0] },
    );
    expect(current.statusCode).toBe(200);
  });

  it('refuses a super-user admin routes until two-factor sign-in is on', async () => {
    const admin = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(admin.email, true);
    const before = await t.request({
      method: 'GET',
      url: '/api/v1/admin/payouts',
      cookie: admin.cookie,
    });
    expect(before.statusCode).toBe(403);
    expect(errorCode(before)).toBe('two-factor-required');
    expect((await me(admin.cookie)).json()).toMatchObject({ isSU: true, twoFactorEnabled: false });

    const enrolled = await withTwoFactor(t, admin);
    const after = await t.request({
      method: 'GET',
      url: '/api/v1/admin/payouts',
      cookie: enrolled.cookie,
    });
    expect(after.statusCode, after.body).toBe(200);
  });

  describe('a payout request', () => {
    const payout = (cookie: string, headers: Record<string, string> = {}, key = newKey()) =>
      t.request({
        method: 'POST',
        url: '/api/v1/wallet/payouts',
        cookie,
        headers: { ...key, ...headers },
        payload: { amountMicros: 10 * EUR, destination: { accountHolder: 'Ada', iban: IBAN } },
      });

    it('needs two-factor sign-in on, and a fresh code used once', async () => {
      const admin = await signUpAdmin(t);
      const plain = await signUpWithRole(t, 'advertiser');
      await fund(t, plain.cookie, admin.cookie, 50 * EUR);
      const notEnrolled = await payout(plain.cookie, { [TWO_FACTOR_CODE_HEADER]: '123456' });
      expect(notEnrolled.statusCode).toBe(403);
      expect(errorCode(notEnrolled)).toBe('two-factor-required');

      const owner = await withTwoFactor(t, plain);
      const noCode = await payout(owner.cookie);
      expect(noCode.statusCode).toBe(403);
      expect(errorCode(noCode)).toBe('two-factor-code-invalid');
      const malformed = await payout(owner.cookie, { [TWO_FACTOR_CODE_HEADER]: 'abc' });
      expect(errorCode(malformed)).toBe('two-factor-code-invalid');
      const wrong = await payout(owner.cookie, { [TWO_FACTOR_CODE_HEADER]: '000000' });
      expect(wrong.statusCode).toBe(403);
      expect(await walletOf(t, owner.cookie)).toMatchObject({ availableMicros: 50 * EUR });

      const code = await owner.twoFactor.code();
      const key = newKey();
      const first = await payout(owner.cookie, { [TWO_FACTOR_CODE_HEADER]: code }, key);
      expect(first.statusCode, first.body).toBe(201);
      // A retry of the same request (same key) answers the first result.
      const replay = await payout(owner.cookie, { [TWO_FACTOR_CODE_HEADER]: code }, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      // A new request with the same code is refused: each code counts once.
      const reused = await payout(owner.cookie, { [TWO_FACTOR_CODE_HEADER]: code });
      expect(reused.statusCode).toBe(403);
      expect(ZApiError.parse(reused.json()).error.message).toMatch(/used already/);
      expect(await walletOf(t, owner.cookie)).toMatchObject({ availableMicros: 40 * EUR });
      // The next step's code (the app shows it within 30 seconds) is accepted.
      const next = await payout(owner.cookie, {
        [TWO_FACTOR_CODE_HEADER]: await owner.twoFactor.code(1),
      });
      expect(next.statusCode, next.body).toBe(201);
    });

    it('pauses the account after five wrong codes, whatever the address', async () => {
      const admin = await signUpAdmin(t);
      const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
      await fund(t, owner.cookie, admin.cookie, 50 * EUR);
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/v1/wallet/payouts',
          cookie: owner.cookie,
          remoteAddress: `203.0.113.${i + 1}`,
          headers: { ...newKey(), [TWO_FACTOR_CODE_HEADER]: '000000' },
          payload: { amountMicros: 10 * EUR, destination: { accountHolder: 'Ada', iban: IBAN } },
        });
        answers.push(res.statusCode);
      }
      expect(answers).toEqual([403, 403, 403, 403, 403, 429]);
      // Paused: even the right code waits.
      const right = await payout(owner.cookie, {
        [TWO_FACTOR_CODE_HEADER]: await owner.twoFactor.code(),
      });
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
    });
  });
});
