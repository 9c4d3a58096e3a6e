import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import { buildApp } from '../src/app';
import { createTestApp, type TTestApp } from './harness';

/**
 * Issue 18 item 7 (ASVS V8.3.1): every /api/v1 route but the public ones authenticates before it
 * parses or validates its input. An anonymous request with a bad body, a bad query and bad ids
 * used to get 400 from some routes (which says what the route takes) and 401 from others; now
 * every non-public route answers 401, and the public ones still validate (400).
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/v1/auth/policy',
  'POST /api/v1/analytics/page-views',
  'POST /api/v1/contact-messages',
  'GET /api/v1/dev/mailbox',
]);

interface TRoute {
  method: string;
  url: string;
}

/** The request's bad parts: every path parameter not an id, a query and a body that parse to nothing valid. */
function badRequest({ method, url }: TRoute) {
  const path = url.replace(/:[A-Za-z]+/g, 'not-an-id').replace(/\*$/, 'x');
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(method);
  return {
    method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: `${path}?limit=-5&status=%00&cursor=%ZZ`,
    ...(hasBody ? { payload: '{"name": ', headers: { 'content-type': 'application/json' } } : {}),
  };
}

describe('authentication comes before validation on /api/v1', () => {
  let t: TTestApp;
  const routes: TRoute[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const lister = await buildApp({
      config: t.config,
      database: t.database,
      onRoute: ({ method, url }) => {
        for (const verb of [method].flat()) {
          if (verb !== 'HEAD' && url.startsWith('/api/v1/')) routes.push({ method: verb, url });
        }
      },
    });
    await lister.close();
  });
  afterAll(() => t.close());

  it('answers 401 to an anonymous request with a malformed body and bad ids on every non-public route', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const res = await t.request(badRequest(route));
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(401);
      expect(ZApiError.parse(res.json()).error.code, key).toBe('unauthenticated');
      checked.push(key);
    }
    // The check covered the API, not an empty list.
    expect(checked.length).toBeGreaterThan(50);
  });

  it('answers 401 the same way to a forged device token and a stale session cookie', async () => {
    const route = routes.find((r) => r.method === 'PATCH' && r.url === '/api/v1/me');
    expect(route).toBeDefined();
    for (const headers of [
      { authorization: 'Bearer sld_forged-token-that-matches-no-device' },
      { cookie: 'better-auth.session_token=not-a-session.signature' },
    ]) {
      const res = await t.request({
        ...badRequest(route!),
        headers: { ...badRequest(route!).headers, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
  });

  it('still validates public routes for anonymous callers (400, not 401)', async () => {
    for (const key of ['POST /api/v1/analytics/page-views', 'POST /api/v1/contact-messages']) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await t.request({
        ...badRequest({ method, url }),
        payload: { unexpected: true },
        headers: {},
      });
      expect(res.statusCode, key).toBe(400);
    }
  });

  it('still validates after authenticating: a signed-in caller with a bad body gets 400', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie,
      payload: { role: 'not-a-role' },
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).error.code).toBe('validation-failed');
  });
});
