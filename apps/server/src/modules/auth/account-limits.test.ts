import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  createTestApp,
  ORIGIN,
  PASSWORD,
  sessionCookie,
  type TTestApp,
} from '../../../test/harness';
import { mailsTo } from '../../../test/money-helpers';
import { authAttempt } from '../../db/schema/index';
import { ACCOUNT_LIMIT_CODE, ACCOUNT_LIMIT_POLICIES, pauseAfter } from './account-limits';

/**
 * Issue 18 item 3: failed sign-ins and reset mails are limited per account, whatever address they
 * come from, with a pause that grows and ends; session reads are never limited. Every request
 * here comes from an address of its own, as from a botnet or a forged X-Forwarded-For, so the
 * limits per address never answer. Time is moved by moving the stored attempt back, never by
 * waiting.
 */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe('the pause function', () => {
  it('is free for the first attempts, then doubles up to its cap', () => {
    const policy = ACCOUNT_LIMIT_POLICIES['sign-in'];
    expect([4, 5, 6, 7, 9, 10, 30].map((n) => pauseAfter(policy, n) / 1000)).toEqual([
      0, 30, 60, 120, 480, 900, 900,
    ]);
  });
});

describe.each(BACKENDS)('limits per account on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT: 'true' });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      payload: { email, password },
    });

  /** Signs up from an address of its own (sign-ups are limited per address too). */
  const signUp = async () => {
    const email = `account-limit-${Date.now()}-${addresses}@example.com`;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextAddress(),
      payload: { email, password: PASSWORD, name: 'Limit' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Sign-up makes no session: sign in, as the web app does next.
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      payload: { email, password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { email, cookie: sessionCookie(signedIn) };
  };

  /** Moves every stored attempt back in time, as if `ms` had passed. */
  const letTimePass = async (ms: number) => {
    await t.database.db
      .update(authAttempt)
      .set({ lastAt: sql`${authAttempt.lastAt} - ${ms} * interval '1 millisecond'` })
      .where(sql`true`);
  };

  it('pauses sign-in after 5 wrong passwords from any addresses, the right one included', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(email, `wrong-${i}-password`)).statusCode).toBe(401);
    }
    const sixth = await signIn(email, 'wrong-6-password');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: ACCOUNT_LIMIT_CODE });
    // The wait counts from the fifth failure: at most 30 s (less on a slow machine).
    expect(sixth.json<{ message: string }>().message).toMatch(
      /^Too many wrong passwords for this account\. Try again in ([1-9]|[12]\d|30) seconds, or reset your password\.$/,
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(30);
    // During the pause the right password does not get in either (else the pause would confirm it).
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);

    // Once the pause is over, one more guess; a wrong one pauses twice as long.
    await letTimePass(31_000);
    expect((await signIn(email, 'wrong-7-password')).statusCode).toBe(401);
    const doubled = await signIn(email, PASSWORD);
    expect(doubled.statusCode).toBe(429);
    expect(Number(doubled.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(doubled.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The real user, after the pause: signed in, and the count starts again.
    await letTimePass(61_000);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(email, `again-${i}-password`)).statusCode).toBe(401);
    }
  });

  it('caps the pause at 15 minutes, and 30 guesses in a row never get through', async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      statuses.push((await signIn(email, `guess-${i}-password`)).statusCode);
      // Each guess waits out its pause: the most a patient attacker gets.
      await letTimePass(16 * 60_000);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    await letTimePass(-16 * 60_000);
    const capped = await signIn(email, PASSWORD);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('counts an address without an account the same way (the limit reveals nothing)', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(email, `wrong-${i}-password`)).statusCode).toBe(401);
    }
    const sixth = await signIn(email, 'wrong-6-password');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: ACCOUNT_LIMIT_CODE });
  });

  it('does not count a request refused for another reason (a foreign origin)', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 8; i += 1) {
      const foreign = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: nextAddress(),
        headers: { origin: 'https://evil.example' },
        payload: { email, password: `wrong-${i}-password` },
      });
      expect(foreign.statusCode).toBe(403);
    }
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('holds across a restart: the count is in the database every instance shares', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i += 1) await signIn(email, `wrong-${i}-password`);
    await t.restart();
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
  });

  it('sends at most 3 reset mails to one address, whatever addresses ask, then pauses', async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: nextAddress(),
        payload: { email, redirectTo: `${ORIGIN}/reset-password` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json<{ message: string }>().message).toMatch(
          /^Several reset e-mails were sent to this address already\. Check your inbox \(and spam folder\), or ask again in \d+ seconds\.$/,
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
    const resetMails = async () =>
      (await mailsTo(t, email)).filter((m) => /reset/i.test(m.subject)).length;
    expect(await resetMails()).toBe(3);
    // An hour later the address may ask again.
    await letTimePass(61 * 60_000);
    const later = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextAddress(),
      payload: { email, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(later.statusCode).toBe(200);
    expect(await resetMails()).toBe(4);
  });

  it('never limits session reads: 150 from one address all answer', async () => {
    const { cookie } = await signUp();
    const remoteAddress = nextAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i += 1) {
      const res = await t.request({
        method: 'GET',
        url: '/api/auth/get-session',
        remoteAddress,
        cookie,
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
