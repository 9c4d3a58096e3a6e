import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { createMeRepository } from '../me/me.repository';

describe.each(BACKENDS)('page-view analytics on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const view = (path: string, title: string, cookie?: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/analytics/page-views',
      cookie,
      payload: { path, title },
    });

  it('records views from anyone and shows super-users the views per path', async () => {
    const { cookie } = await t.signUp();
    expect((await view('/signin', 'Sign in · Screenline')).statusCode).toBe(204);
    expect((await view('/content?type=video', 'Content · Screenline', cookie)).statusCode).toBe(
      204,
    );
    expect(
      (await view('/content?type=video', 'Content (videos) · Screenline', cookie)).statusCode,
    ).toBe(204);

    expect((await t.request({ method: 'GET', url: '/api/v1/admin/page-views' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/admin/page-views', cookie })).statusCode,
    ).toBe(403);

    const admin = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(admin.email, true);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/admin/page-views',
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: { path: string; views: number; lastTitle: string }[] }>();
    expect(items[0]).toMatchObject({
      path: '/content?type=video',
      views: 2,
      lastTitle: 'Content (videos) · Screenline',
    });
    expect(items.find((i) => i.path === '/signin')).toMatchObject({ views: 1 });
  });

  it('refuses a path that is not a path', async () => {
    expect((await view('https://evil.example/', 'x')).statusCode).toBe(400);
    expect((await view('', 'x')).statusCode).toBe(400);
  });
});
