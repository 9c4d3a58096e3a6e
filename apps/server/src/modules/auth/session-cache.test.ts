import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  createTestApp,
  mailLinks,
  ORIGIN,
  PASSWORD,
  sessionCookie,
  type TTestApp,
} from '../../../test/harness';
import { ZAuthToken } from '@screenline/shared/auth';
import { countStatements } from '../../../test/player-events';
import { objectUrl } from '../../../test/storage-helpers';
import { session } from '../../db/schema/index';
import { createSessionCache } from './session-cache';

/**
 * Session termination (OWASP ASVS 5.0 V7.4): a session that ends is refused at its next request,
 * though the in-process cache (30 s) had just resolved it: Better Auth's hooks evict it first.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('the session cache on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/me', cookie });
  const post = (url: string, cookie: string, payload: object = {}) =>
    t.request({ method: 'POST', url, cookie, payload });

  /** A second session of the same user (another device). */
  async function secondDevice(email: string): Promise<string> {
    const res = await t.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  }

  it('V7.4.1 refuses a signed-out cookie at once, though the session was just cached', async () => {
    const { cookie } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/sign-out', cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('V7.5.2 refuses the other devices at once after "revoke other sessions"', async () => {
    const { cookie, email } = await t.signUp();
    const other = await secondDevice(email);
    expect((await me(other)).statusCode).toBe(200);
    expect((await post('/api/auth/revoke-other-sessions', cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('V7.4.3 a password change ends the other sessions at once when asked (the web app always asks)', async () => {
    const { cookie, email } = await t.signUp();
    const other = await secondDevice(email);
    expect((await me(other)).statusCode).toBe(200);
    // Not asked (an API client's choice): the other device goes on.
    const kept = await post('/api/auth/change-password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'kept-sessions-password-1',
    });
    expect(kept.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const changed = await post('/api/auth/change-password', cookie, {
      currentPassword: 'kept-sessions-password-1',
      newPassword: 'changed-password-1',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    // The device that changed it goes on, with the new cookie the change set.
    expect((await me(sessionCookie(changed))).statusCode).toBe(200);
  });

  it('V7.4.2 deleting the account ends every session, cached or not, and their storage JWTs at once', async () => {
    const { cookie, email, userId } = await t.signUp();
    const other = await secondDevice(email);
    const jwtOf = async (c: string) =>
      ZAuthToken.parse(
        (await t.request({ method: 'GET', url: '/api/auth/token', cookie: c })).json(),
      ).token;
    const tokens = [await jwtOf(cookie), await jwtOf(other)];
    // Both sessions resolved just now: in the cache for the next 30 s.
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const deleted = await post('/api/auth/delete-user', cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    for (const token of tokens) {
      const res = await t.request({
        method: 'GET',
        url: objectUrl(`users/${userId}/anything.png`),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('V7.4.3 refuses every device at once after a password reset', async () => {
    const { cookie, email } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    const ask = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${ORIGIN}/forgot-password` },
    });
    expect(ask.statusCode).toBe(200);
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('reset-password'));
    const token = new URL(link ?? ORIGIN).pathname.split('/').pop();
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('shows a changed profile and a changed name at once', async () => {
    const { cookie } = await t.signUp();
    expect((await me(cookie)).json()).toMatchObject({ company: '' });
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie,
      payload: { company: 'Acme', role: 'publisher' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ company: 'Acme', role: 'publisher' });

    expect((await post('/api/auth/update-user', cookie, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ name: 'Renamed' });
  });

  it('does not sign a JWT on every session read (no set-auth-jwt header)', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request({ method: 'GET', url: '/api/auth/get-session', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-auth-jwt']).toBeUndefined();
  });

  /** The cookie with a cookie beside it: the same session under credentials the cache has not seen. */
  let misses = 0;
  const missing = (cookie: string) => `screenline-miss=${(misses += 1)}; ${cookie}`;
  const sessionOf = async (userId: string) => {
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, userId));
    return row!;
  };

  it('resolves a session-cache miss in one read, and a hit in none (issue 19 item 4)', async () => {
    const { cookie, email } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    let answer: LightMyRequestResponse | undefined;
    const onMiss = await countStatements(t.database.db, async () => {
      answer = await me(missing(cookie));
    });
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json()).toMatchObject({ email, role: null });
    expect(onMiss).toBe(1);
    const onHit = await countStatements(t.database.db, async () => {
      expect((await me(cookie)).statusCode).toBe(200);
    });
    expect(onHit).toBe(0);
  });

  it('refuses a session cookie with a wrong signature, or of a session gone or expired, on a miss', async () => {
    const { cookie, userId } = await t.signUp();
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me(missing(forged))).statusCode).toBe(401);
    expect((await me(missing(cookie))).statusCode).toBe(200);

    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));
    expect((await me(missing(cookie))).statusCode).toBe(401);
    // Better Auth deletes an expired session when it meets it.
    expect(
      await t.database.db.select().from(session).where(eq(session.userId, userId)),
    ).toHaveLength(0);
  });

  it('leaves a session due for its daily extension to Better Auth, which extends it', async () => {
    const { cookie, userId } = await t.signUp();
    // Six days and a minute left of seven: older than the day after which Better Auth extends it.
    const due = new Date(Date.now() + 6 * DAY_MS - 60_000);
    await t.database.db.update(session).set({ expiresAt: due }).where(eq(session.userId, userId));
    expect((await me(missing(cookie))).statusCode).toBe(200);
    expect((await sessionOf(userId)).expiresAt.getTime()).toBeGreaterThan(
      due.getTime() + DAY_MS / 2,
    );
  });
});

describe('createSessionCache', () => {
  const entry = (token: string, userId: string, sessionExpiresAt = new Date(8.64e15)) => ({
    token,
    userId,
    value: `account of ${userId}`,
    sessionExpiresAt,
  });

  it('trusts an entry for its TTL, and never past the end of its session', () => {
    let clock = 1_000;
    const cache = createSessionCache<string>({ ttlMs: 100, now: () => clock });
    cache.begin()('a', entry('t1', 'u1'));
    cache.begin()('b', entry('t2', 'u2', new Date(1_050)));
    clock = 1_049;
    expect(cache.get('a')).toBe('account of u1');
    expect(cache.get('b')).toBe('account of u2');
    clock = 1_050;
    expect(cache.get('b')).toBeUndefined();
    clock = 1_100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts by session token and by user', async () => {
    const cache = createSessionCache<string>();
    cache.begin()('a', entry('t1', 'u1'));
    cache.begin()('a2', entry('t1b', 'u1'));
    cache.begin()('b', entry('t2', 'u2'));
    await cache.forgetSession('t1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('a2')).toBe('account of u1');
    await cache.forgetUser('u1');
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')).toBe('account of u2');
  });

  it('does not keep what a read found if the session was evicted while it read', async () => {
    const cache = createSessionCache<string>();
    const store = cache.begin();
    await cache.forgetSession('t1'); // signed out while the read was under way
    store('a', entry('t1', 'u1'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = createSessionCache<string>({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.begin()(key, entry(`t${key}`, key));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('account of b');
    expect(cache.get('c')).toBe('account of c');
  });
});
