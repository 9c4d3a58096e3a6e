import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, AUTH_PATHS } from '@screenline/shared/api-paths';
import { buildApp } from '../src/app';
import { createTestApp, type TTestApp } from './harness';

/**
 * The path table (packages/shared/src/api-paths.ts, issue 20 item 4) is exactly what the server
 * registers: every route's url is a value of API, and every value of API is registered. The
 * clients build their URLs from the table, so this is what keeps them pointed at real routes.
 */

/**
 * Routes the libraries register, not ours to name in the table, each with why. Static files
 * (@fastify/static registers one route per built file) are kept out by building the app with
 * no build to serve.
 */
const LIBRARY_ROUTES: { prefix: string; why: string }[] = [
  {
    prefix: '/api/auth/',
    why: 'Better Auth’s catch-all (modules/auth/auth.routes.ts); the few paths clients call are AUTH_PATHS.',
  },
  {
    prefix: '/api/docs',
    why: 'The OpenAPI document and its viewer, registered by @fastify/swagger-ui.',
  },
];

const isLibraryRoute = (url: string) => LIBRARY_ROUTES.some(({ prefix }) => url.startsWith(prefix));

describe('the API path table', () => {
  let t: TTestApp;
  const routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const missing = path.join(t.dataDir, 'no-build');
    const lister = await buildApp({
      // Every optional route on: the API docs; no static files (see LIBRARY_ROUTES).
      config: { ...t.config, apiDocs: true, webDist: missing, playerDist: missing },
      database: t.database,
      onRoute: ({ method, url }) => {
        for (const verb of [method].flat()) routes.push({ method: verb, url });
      },
    });
    await lister.close();
  });
  afterAll(() => t.close());

  const table = new Set<string>(Object.values(API));

  it('holds every route the server registers', () => {
    const ours = routes.filter(({ url }) => !isLibraryRoute(url));
    expect(ours.length).toBeGreaterThan(150);
    expect(
      ours.filter(({ url }) => !table.has(url)).map(({ method, url }) => `${method} ${url}`),
      'routes not in API (packages/shared/src/api-paths.ts)',
    ).toEqual([]);
  });

  it('holds nothing the server does not register', () => {
    const registered = new Set(routes.map(({ url }) => url));
    expect([...table].filter((url) => !registered.has(url))).toEqual([]);
  });

  it('excludes only routes the libraries did register', () => {
    for (const { prefix } of LIBRARY_ROUTES) {
      expect(
        routes.some(({ url }) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(Object.values(API).some(isLibraryRoute)).toBe(false);
  });

  it('names Better Auth paths that Better Auth answers', async () => {
    // A path Better Auth does not know is its 404; each of ours is a route of its (any status but 404).
    for (const url of Object.values(AUTH_PATHS)) {
      const method = ['/api/auth/get-session', '/api/auth/token', '/api/auth/device'].includes(url)
        ? 'GET'
        : 'POST';
      const res = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).not.toBe(404);
    }
    const unknown = await t.request({ method: 'GET', url: '/api/auth/no-such-path' });
    expect(unknown.statusCode).toBe(404);
  });
});
