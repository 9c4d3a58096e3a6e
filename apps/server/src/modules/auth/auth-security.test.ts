import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BEARER_TRANSPORT_HEADER, ZAuthToken } from '@screenline/shared/auth';
import { user } from '../../db/schema/index';
import {
  BACKENDS,
  createTestApp,
  mailLinks,
  ORIGIN,
  PASSWORD,
  sessionCookie,
  type TTestApp,
} from '../../../test/harness';
import { captureLog } from '../../../test/log-capture';
import { objectUrl } from '../../../test/storage-helpers';

/** The raw session token inside a `better-auth.session_token=<token>.<signature>` cookie. */
function sessionTokenOf(cookie: string): string {
  const match = /better-auth\.session_token=([^;.]+)/.exec(cookie);
  if (!match?.[1]) throw new Error(`no session cookie in ${cookie}`);
  return match[1];
}

describe.each(BACKENDS)('account security on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/me', cookie });
  const storageToken = async (cookie: string) =>
    ZAuthToken.parse((await t.request({ method: 'GET', url: '/api/auth/token', cookie })).json())
      .token;
  /** A storage call that needs a valid token: metadata of an object that does not exist (404). */
  const storageStatus = async (token: string, userId: string) =>
    (
      await t.request({
        method: 'GET',
        url: objectUrl(`users/${userId}/nothing.png`),
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  describe('deleting the account', () => {
    it.each([
      ['no body', {}],
      ['no password', { callbackURL: '/' }],
      ['an empty password', { password: '' }],
    ])('refuses %s, even on a fresh session, and deletes nothing', async (_label, payload) => {
      const { cookie, userId } = await t.signUp();
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/delete-user',
        cookie,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
      expect((await me(cookie)).statusCode).toBe(200);
      const rows = await t.app.deps.db.select().from(user).where(eq(user.id, userId));
      expect(rows).toHaveLength(1);
    });
  });

  describe('changing the password', () => {
    it('V6.2.3 refuses the current password as the new one, with a clear message', async () => {
      const { cookie, email } = await t.signUp();
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie,
        payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_UNCHANGED' });
      expect(res.body).toMatch(/same as the current one/);
      expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('V7.4 storage tokens end with their session', () => {
    it('works while the session lives', async () => {
      const { cookie, userId } = await t.signUp();
      expect(await storageStatus(await storageToken(cookie), userId)).toBe(404);
    });

    it('V7.4.1 stops after sign-out', async () => {
      const { cookie, userId } = await t.signUp();
      const token = await storageToken(cookie);
      const out = await t.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookie,
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect(await storageStatus(token, userId)).toBe(401);
    });

    it('V7.4.3 stops after a password change that signs out the other sessions', async () => {
      const { cookie, email, userId } = await t.signUp();
      const other = sessionCookie(await t.signIn(email, PASSWORD));
      const otherToken = await storageToken(other);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie,
        payload: {
          currentPassword: PASSWORD,
          newPassword: 'another-good-password',
          revokeOtherSessions: true,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(await storageStatus(otherToken, userId)).toBe(401);
      // The session that changed the password goes on, with a new cookie and new tokens.
      expect(await storageStatus(await storageToken(sessionCookie(res)), userId)).toBe(404);
    });

    it('V7.4.3 stops after a password reset', async () => {
      const { cookie, email, userId } = await t.signUp();
      const token = await storageToken(cookie);
      await t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: `${ORIGIN}/forgot-password` },
      });
      const [link] = (await mailLinks(t, email)).filter((l) => l.includes('reset-password'));
      const resetToken = new URL(link!).pathname.split('/').pop()!;
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetToken, newPassword: 'a-reset-password-1' },
      });
      expect(reset.statusCode).toBe(200);
      expect(await storageStatus(token, userId)).toBe(401);
    });

    it('V7.4.2 stops after the account is deleted', async () => {
      const { cookie, userId } = await t.signUp();
      const token = await storageToken(cookie);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/delete-user',
        cookie,
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(await storageStatus(token, userId)).toBe(401);
    });
  });

  describe('session tokens stay out of response bodies', () => {
    const expectNoToken = (res: LightMyRequestResponse, token: string) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token);
      expect(res.headers['set-auth-token']).toBeUndefined();
    };

    it('on sign-up, sign-in, get-session, list-sessions and change-password', async () => {
      const email = `tokens-${Date.now()}@example.com`;
      const signUp = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: PASSWORD, name: 'Token Test' },
      });
      // Sign-up makes no session at all (issue 18 item 7): no cookie, no token.
      expect(signUp.statusCode).toBe(200);
      expect(signUp.cookies).toEqual([]);
      const answer = z.strictObject({ user: z.looseObject({ email: z.string() }) });
      expect(answer.parse(signUp.json()).user.email).toBe(email);
      const first = sessionCookie(await t.signIn(email, PASSWORD));

      const signIn = await t.signIn(email, PASSWORD);
      const second = sessionCookie(signIn);
      expectNoToken(signIn, sessionTokenOf(second));
      expect(signIn.json()).toMatchObject({ user: { email } });

      const session = await t.request({
        method: 'GET',
        url: '/api/auth/get-session',
        cookie: second,
      });
      expectNoToken(session, sessionTokenOf(second));
      const read = z
        .object({
          user: z.object({ id: z.string(), email: z.string() }),
          session: z.looseObject({ userId: z.string() }),
        })
        .parse(session.json());
      expect(read.user.email).toBe(email);
      expect(read.session.userId).toBe(read.user.id);
      expect(read.session).not.toHaveProperty('token');

      const list = await t.request({
        method: 'GET',
        url: '/api/auth/list-sessions',
        cookie: second,
      });
      expectNoToken(list, sessionTokenOf(first));
      expectNoToken(list, sessionTokenOf(second));
      expect(list.json()).toHaveLength(2);

      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: second,
        payload: {
          currentPassword: PASSWORD,
          newPassword: 'changed-pass-123',
          revokeOtherSessions: true,
        },
      });
      expectNoToken(changed, sessionTokenOf(sessionCookie(changed)));
    });

    it('gives a bearer client that asks for it its token in set-auth-token, and it works', async () => {
      const { email } = await t.signUp();
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { [BEARER_TRANSPORT_HEADER]: 'bearer' },
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const bearer = res.headers['set-auth-token'];
      expect(typeof bearer).toBe('string');
      expect(res.body).not.toContain(String(bearer));
      const viaBearer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${String(bearer)}` },
      });
      expect(viaBearer.statusCode).toBe(200);
    });
  });

  describe('the product rules on Better Auth fields', () => {
    it.each([
      ['a whitespace-only name', { name: '   ' }],
      ['a name over 120 characters', { name: 'x'.repeat(121) }],
      ['a javascript: image', { image: 'javascript:alert(1)' }],
      ['a data: image', { image: 'data:image/png;base64,AAAA' }],
    ])('update-user refuses %s', async (_label, payload) => {
      const { cookie } = await t.signUp();
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/update-user',
        cookie,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    });

    it('update-user keeps a trimmed name and an https image', async () => {
      const { cookie, userId } = await t.signUp();
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/update-user',
        cookie,
        payload: { name: '  Ada  ', image: 'https://example.com/ada.png' },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.app.deps.db.select().from(user).where(eq(user.id, userId));
      expect(row).toMatchObject({ name: 'Ada', image: 'https://example.com/ada.png' });
    });

    it('sign-up refuses a whitespace-only name', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `blank-${Date.now()}@example.com`, password: PASSWORD, name: '  ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    });
  });
});

describe('Better Auth logs through pino', () => {
  const { stream, lines } = captureLog();
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { LOG_LEVEL: 'warn' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('writes its warnings as JSON lines of the app log, tagged with the auth module', async () => {
    const res = await t.signIn('nobody-here@example.com', PASSWORD);
    expect(res.statusCode).toBe(401);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ module: 'auth', level: 40, msg: 'User not found' }),
    );
  });
});
