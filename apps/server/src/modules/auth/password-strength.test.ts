import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BACKENDS,
  createTestApp,
  mailLinks,
  ORIGIN,
  PASSWORD,
  type TTestApp,
} from '../../../test/harness';
import { weakPasswordReason } from './password-strength';

const ZRefusal = z.object({ code: z.string(), message: z.string() });

/** Issue 18 item 4 (ASVS V6.2.4): common passwords are refused, with the reason in words. */
describe('weakPasswordReason', () => {
  it.each([
    ['12345678', /one of the most common passwords/],
    ['password', /one of the most common passwords/],
    ['qwertyuiop', /one of the most common passwords/],
    ['Password123', /one of the most common passwords/],
    ['Password1234!', /too easy to guess/],
    ['P@ssw0rd!', /too easy to guess/],
    ['aaaaaaaaaaaa', /only repeats characters/],
  ])('refuses %s, saying why and what to do', (password, why) => {
    const reason = weakPasswordReason(password);
    expect(reason).toMatch(why);
    expect(reason).toMatch(/Choose another: three or four unrelated words/);
  });

  it('refuses a password made of the user’s own e-mail address', () => {
    const grace = { email: 'Grace.Hopper@example.com', name: 'Grace' };
    expect(weakPasswordReason('grace.hopper', grace)).toMatch(
      /too close to your name or e-mail address/,
    );
  });

  it.each(['correct-horse-battery', 'kept-sessions-password-1', 'Tq7#mV2!xLp9'])(
    'accepts %s',
    (password) => {
      expect(weakPasswordReason(password)).toBeNull();
    },
  );
});

describe.each(BACKENDS)('common passwords on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const expectTooCommon = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    const body = ZRefusal.parse(res.json());
    expect(body.code).toBe('PASSWORD_TOO_COMMON');
    expect(body.message).toMatch(/^This password .+ Choose another: /);
  };

  it('refuses 12345678 and password on sign-up and creates no account', async () => {
    for (const password of ['12345678', 'password', 'Password123']) {
      const email = `common-${password}-${Date.now()}@example.com`;
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password, name: 'Common' },
      });
      expectTooCommon(res);
      expect((await t.signIn(email, password)).statusCode).toBe(401);
    }
  });

  it('refuses a common new password on change, and the old one still signs in', async () => {
    const { cookie, email } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: PASSWORD, newPassword: '12345678' },
    });
    expectTooCommon(res);
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await t.signIn(email, '12345678')).statusCode).toBe(401);
  });

  it('refuses a common new password on reset, and the link still works for a good one', async () => {
    const { email } = await t.signUp();
    const ask = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${ORIGIN}/forgot-password` },
    });
    expect(ask.statusCode).toBe(200);
    const [link] = (await mailLinks(t, email)).filter((l) => l.includes('reset-password'));
    const landing = await t.request({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    const token = new URL(landing.headers.location!, ORIGIN).searchParams.get('token')!;
    const common = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'password' },
    });
    expectTooCommon(common);
    const good = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(good.statusCode).toBe(200);
    expect((await t.signIn(email, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('still says "too short" for a short password', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `short-${Date.now()}@example.com`, password: '1234', name: 'Short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
