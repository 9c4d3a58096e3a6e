import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { createMeRepository } from './me.repository';

describe.each(BACKENDS)('current user on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const patch = (cookie: string | undefined, payload: unknown) =>
    t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie,
      payload: payload as Record<string, unknown>,
    });

  it('answers 401 when signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    const res = await patch(undefined, { name: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in to continue.' },
    });
  });

  it('updates name, company and phone', async () => {
    const { cookie } = await t.signUp();
    const res = await patch(cookie, {
      name: 'Ada Lovelace',
      company: 'Analytical Screens',
      phone: '+44 20 7946 0000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Analytical Screens',
      phone: '+44 20 7946 0000',
    });
    expect((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).toMatchObject({
      name: 'Ada Lovelace',
    });
  });

  it('sets the role once; after that it is refused and nothing changes', async () => {
    const { cookie } = await t.signUp();
    const first = await patch(cookie, { role: 'publisher', name: 'Buyer' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: 'publisher', name: 'Buyer' });

    const second = await patch(cookie, { role: 'advertiser', name: 'Changed' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'role-already-set' } });
    expect((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).toMatchObject({
      role: 'publisher',
      name: 'Buyer',
    });
  });

  it('sets the role once under concurrent requests', async () => {
    const { cookie } = await t.signUp();
    const results = await Promise.all([
      patch(cookie, { role: 'publisher' }),
      patch(cookie, { role: 'advertiser' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('never lets a user set isSU, and refuses bad input without changing anything', async () => {
    const { cookie } = await t.signUp();
    const su = await patch(cookie, { isSU: true });
    expect(su.statusCode).toBe(400);
    expect(su.json()).toMatchObject({ error: { code: 'validation-failed' } });
    for (const bad of [
      { role: 'admin' },
      { name: '' },
      { phone: 'call me' },
      {},
      { name: 'x'.repeat(200) },
    ]) {
      expect((await patch(cookie, bad)).statusCode).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).toMatchObject({
      isSU: false,
      role: null,
      phone: '',
    });
  });

  it('makes and unmakes super-users (the admin command uses this)', async () => {
    const { cookie, email, userId } = await t.signUp();
    const repo = createMeRepository(t.app.deps.db);
    // The admin command runs in its own process: a running server sees its change when the
    // session cache lets go of the user (at most SESSION_CACHE_TTL_MS), which this stands for.
    const adminCommand = async (address: string, isSU: boolean) => {
      const done = await repo.setSuperUser(address, isSU);
      await t.app.deps.sessionCache.forgetUser(userId);
      return done;
    };
    expect(await adminCommand(email.toUpperCase(), true)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).toMatchObject({
      isSU: true,
    });
    expect(await adminCommand(email, false)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/v1/me', cookie })).json()).toMatchObject({
      isSU: false,
    });
    expect(await repo.setSuperUser('nobody@example.com', true)).toBe(false);
  });
});

describe('SUPER_USER_EMAILS', () => {
  it('makes the named accounts super-users at sign-up', async () => {
    const t = await createTestApp('pglite', {
      SUPER_USER_EMAILS: 'Ops@Example.com, other@example.com',
    });
    try {
      const ops = await t.signUp('ops@example.com');
      const someone = await t.signUp('someone@example.com');
      expect(
        (await t.request({ method: 'GET', url: '/api/v1/me', cookie: ops.cookie })).json(),
      ).toMatchObject({ isSU: true });
      expect(
        (await t.request({ method: 'GET', url: '/api/v1/me', cookie: someone.cookie })).json(),
      ).toMatchObject({ isSU: false });
    } finally {
      await t.close();
    }
  });
});
