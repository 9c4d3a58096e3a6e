import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZPageViewRoutes,
  ZPageViewVariants,
  type TPageViewRoutes,
} from '@screenline/shared/analytics';
import { pageView } from '../../db/schema/index';
import { BACKENDS, createTestApp, withTwoFactor, type TTestApp } from '../../../test/harness';
import { createMeRepository } from '../me/me.repository';

describe.each(BACKENDS)('page-view analytics on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const signedUp = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(signedUp.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    admin = await withTwoFactor(t, signedUp);
  });
  afterAll(() => t.close());

  const view = (path: string, title: string, cookie?: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/analytics/page-views',
      cookie,
      payload: { path, title },
    });

  /** Views recorded at a given time (the API records "now"; reports read ranges). */
  async function viewsAt(at: string, counts: Record<string, number>) {
    const rows = Object.entries(counts).flatMap(([path, n]) =>
      Array.from({ length: n }, (_, i) => ({
        path,
        title: `${path} #${i}`,
        createdAt: new Date(Date.parse(at) + i * 1000),
      })),
    );
    await t.app.deps.db.insert(pageView).values(rows);
  }

  const report = (query: string, cookie = admin.cookie) =>
    t.request({ method: 'GET', url: `/api/v1/admin/page-views?${query}`, cookie });
  const variants = (query: string, cookie = admin.cookie) =>
    t.request({ method: 'GET', url: `/api/v1/admin/page-views/variants?${query}`, cookie });

  it('records views from anyone and shows super-users the views per route', async () => {
    const { cookie } = await t.signUp();
    expect((await view('/signin', 'Sign in · Screenline')).statusCode).toBe(204);
    expect((await view('/content?type=video', 'Content · Screenline', cookie)).statusCode).toBe(
      204,
    );
    expect(
      (await view('/content?type=video', 'Content (videos) · Screenline', cookie)).statusCode,
    ).toBe(204);
    expect((await view('/content', 'Content', cookie)).statusCode).toBe(204);

    expect((await t.request({ method: 'GET', url: '/api/v1/admin/page-views' })).statusCode).toBe(
      401,
    );
    expect((await report('', cookie)).statusCode).toBe(403);
    expect((await variants('route=/content', cookie)).statusCode).toBe(403);

    const res = await report('');
    expect(res.statusCode).toBe(200);
    const body = ZPageViewRoutes.parse(res.json());
    // The default range is the last 30 days, up to now.
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * 24 * 60 * 60 * 1000);
    expect(body.items[0]).toMatchObject({
      route: '/content',
      views: 3,
      variants: 2,
      lastTitle: 'Content',
    });
    expect(body.items.find((i) => i.route === '/signin')).toMatchObject({ views: 1 });
    expect(body.nextCursor).toBeNull();

    const drill = await variants('route=/content');
    expect(drill.statusCode).toBe(200);
    expect(ZPageViewVariants.parse(drill.json())).toMatchObject({
      route: '/content',
      items: [
        { path: '/content?type=video', views: 2, lastTitle: 'Content (videos) · Screenline' },
        { path: '/content', views: 1 },
      ],
    });
  });

  it('counts only the views inside the date range', async () => {
    await viewsAt('2021-03-10T12:00:00Z', { '/help': 2, '/help?topic=tv': 1 });
    await viewsAt('2021-04-20T12:00:00Z', { '/help': 5 });
    const march = ZPageViewRoutes.parse(
      (await report('from=2021-03-01T00:00:00Z&to=2021-03-31T23:59:59Z')).json(),
    );
    expect(march.items).toEqual([
      expect.objectContaining({ route: '/help', views: 3, variants: 2 }),
    ]);
    const spring = ZPageViewRoutes.parse(
      (await report('from=2021-03-01T00:00:00Z&to=2021-04-30T00:00:00Z')).json(),
    );
    expect(spring.items).toEqual([expect.objectContaining({ route: '/help', views: 8 })]);
    // The default range (the last 30 days) leaves those old views out.
    const recent = ZPageViewRoutes.parse((await report('')).json());
    expect(recent.items.find((i) => i.route === '/help')).toBeUndefined();
  });

  it('pages through routes and variants with a cursor that keeps its range', async () => {
    const at = '2020-06-01T00:00:00Z';
    const range = 'from=2020-06-01T00:00:00Z&to=2020-06-30T00:00:00Z';
    await viewsAt(at, { '/a': 3, '/b': 3, '/c': 5, '/d': 1, '/e': 3, '/a?x=1': 1, '/a?x=2': 2 });
    const walk = async (path: string, query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 10; n++) {
        const res = await t.request({
          method: 'GET',
          url: `${path}?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          cookie: admin.cookie,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{
          items: { route?: string; path?: string }[];
          nextCursor: string | null;
        }>();
        seen.push(...body.items.map((i) => i.route ?? i.path ?? ''));
        cursor = body.nextCursor;
        if (!cursor) return seen;
      }
      throw new Error('too many pages');
    };
    // Most viewed first; ties by route.
    expect(await walk('/api/v1/admin/page-views', range)).toEqual(['/a', '/c', '/b', '/e', '/d']);
    expect(await walk('/api/v1/admin/page-views/variants', `${range}&route=/a`)).toEqual([
      '/a',
      '/a?x=2',
      '/a?x=1',
    ]);

    const first: TPageViewRoutes = ZPageViewRoutes.parse((await report(`${range}&limit=2`)).json());
    // Later pages count the first page's range, even without from/to.
    const second = ZPageViewRoutes.parse(
      (await report(`cursor=${first.nextCursor}&limit=2`)).json(),
    );
    expect(second).toMatchObject({ from: first.from, to: first.to });
    expect(second.items.map((i) => i.route)).toEqual(['/b', '/e']);
    // A cursor with another range, or from the other list, is refused.
    expect((await report(`from=2020-01-01T00:00:00Z&cursor=${first.nextCursor}`)).statusCode).toBe(
      400,
    );
    expect((await variants(`route=/a&cursor=${first.nextCursor}`)).statusCode).toBe(400);
  });

  it('refuses bad input with 400, never 500', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const query of [
      'from=yesterday',
      'to=2021-13-01T00:00:00Z',
      'from=2021-02-01T00:00:00Z&to=2021-01-01T00:00:00Z',
      'limit=0',
      'limit=1000',
      'cursor=!!!',
      `cursor=${encode({ list: 'routes', from: 'x', to: 'y', views: 1, key: 'a' })}`,
      `cursor=${encode({ list: 'routes', from: '2021-01-01T00:00:00Z', to: '2021-01-02T00:00:00Z', views: 1, key: 'a\u0000' })}`,
      `cursor=${Buffer.from('{"list":"routes"').toString('base64url')}`,
      'cursor=%00',
    ]) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
    }
    for (const query of ['route=content', 'route=/content?type=video', 'route=/a%00b', '']) {
      expect((await variants(query)).statusCode, query).toBe(400);
    }
  });

  it('refuses a path that is not a path, and a route that is not a pattern', async () => {
    expect((await view('https://evil.example/', 'x')).statusCode).toBe(400);
    expect((await view('', 'x')).statusCode).toBe(400);
    const withRoute = (route: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/analytics/page-views',
        payload: { path: '/content/1', title: 'x', route },
      });
    for (const route of ['content/:id', '/content?x=1', '/a//b', '/a/*/b', '/a b', '/:']) {
      expect((await withRoute(route)).statusCode, route).toBe(400);
    }
    const [count] = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pageView)
      .where(eq(pageView.path, '/content/1'));
    expect(count?.n).toBe(0);
  });

  it('counts pages by the pattern the web app matched, not by each id', async () => {
    const post = (path: string, route?: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/analytics/page-views',
        payload: { path, title: 'Playlist · Screenline', ...(route ? { route } : {}) },
      });
    const pattern = '/advertiser/playlists/edit/:playlistId';
    for (const id of ['7f1c', '8a2d', '9b3e']) {
      expect((await post(`/advertiser/playlists/edit/${id}`, pattern)).statusCode).toBe(204);
    }
    expect((await post('/advertiser/playlists/edit/7f1c?tab=items', pattern)).statusCode).toBe(204);
    // Paths no page matches count under one route, not one each.
    expect((await post('/no/such/page', '/*')).statusCode).toBe(204);
    expect((await post('/wp-admin.php', '/*')).statusCode).toBe(204);
    // A view from a client that sends no pattern counts under its path, as before.
    expect((await post('/advertiser/playlists/edit/7f1c')).statusCode).toBe(204);

    const routes = ZPageViewRoutes.parse((await report('limit=200')).json()).items;
    expect(routes.find((r) => r.route === pattern)).toMatchObject({ views: 4, variants: 4 });
    expect(routes.find((r) => r.route === '/*')).toMatchObject({ views: 2, variants: 2 });
    expect(routes.find((r) => r.route === '/advertiser/playlists/edit/7f1c')).toMatchObject({
      views: 1,
    });
    expect(routes.find((r) => r.route === '/no/such/page')).toBeUndefined();
    const drill = ZPageViewVariants.parse(
      (await variants(`route=${encodeURIComponent(pattern)}`)).json(),
    );
    expect(drill.items.map((item) => item.path).sort()).toEqual([
      '/advertiser/playlists/edit/7f1c',
      '/advertiser/playlists/edit/7f1c?tab=items',
      '/advertiser/playlists/edit/8a2d',
      '/advertiser/playlists/edit/9b3e',
    ]);
  });
});
