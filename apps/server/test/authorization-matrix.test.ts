import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMeRepository } from '../src/modules/me/me.repository';
import { BACKENDS, createTestApp, withTwoFactor, type TTestApp } from './harness';
import { signUpForStorage, withTwoFactorForStorage } from './storage-helpers';
import { ALERT_CASES } from './matrix/alert-cases';
import { CONTACT_CASES } from './matrix/contact-cases';
import { DEVICE_CASES, pairingGrantOf } from './matrix/device-cases';
import { FLEET_CASES } from './matrix/fleet-cases';
import { MARKETPLACE_CASES } from './matrix/marketplace-cases';
import { SCREEN_GROUP_CASES } from './matrix/screen-group-cases';
import { STORAGE_CASES } from './matrix/storage-cases';
import type { TCase, TFixture } from './matrix/matrix-types';
import { LIBRARY_CASES } from './matrix/library-cases';
import { deviceTokenOf, PLAYER_CASES } from './matrix/player-cases';
import { SCREEN_CASES } from './matrix/screen-cases';

/**
 * The authorization matrix (issue 7 item 9, issue 10 item 4; OWASP ASVS 5.0 V8.2.1 function-level
 * and V8.2.2 data-specific access): every route the app registers has a case here or is in
 * PUBLIC_BY_DESIGN with its reason, and each case is checked for anonymous callers (401), the
 * wrong role (403), another owner's ids (404, never 200; the storage service 403) and the caller
 * it is for (2xx). Every state-changing case is also sent with the session cookie and a foreign
 * Origin, and with none (ASVS V3.5.1, plugins/security.ts): 403. A route in neither list fails
 * the suite: add its case when you add the route.
 */

const CORE_CASES: Record<string, TCase> = {
  // The password rules the sign-up form shows: public by design.
  'GET /api/v1/auth/policy': {
    audience: 'anyone',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/auth/policy' }),
  },
  'GET /api/v1/me': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/me' }),
  },
  'PATCH /api/v1/me': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'PATCH', url: '/api/v1/me', payload: { company: 'Matrix' } }),
  },
  'POST /api/v1/analytics/page-views': {
    audience: 'anyone',
    ok: 204,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/analytics/page-views',
      payload: { path: '/matrix', title: 'Matrix' },
    }),
  },
  'GET /api/v1/admin/page-views': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/page-views' }),
  },
  'GET /api/v1/admin/page-views/variants': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({
      method: 'GET',
      url: '/api/v1/admin/page-views/variants?route=/matrix',
    }),
  },
  'POST /api/v1/contact-messages': {
    audience: 'anyone',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: {
        name: 'Matrix',
        email: 'matrix@example.com',
        subject: 'Access',
        message: 'Checking who may send this.',
      },
    }),
  },
  'GET /api/v1/storage/usage': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/storage/usage' }),
  },
  ...LIBRARY_CASES,
  ...SCREEN_CASES,
  ...PLAYER_CASES,
  // Outside production only; whom it answers is the dev mailbox's own rule (loopback clients).
  'GET /api/v1/dev/mailbox': {
    audience: 'anyone',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/dev/mailbox' }),
  },
};

const CASES: Record<string, TCase> = {
  ...CORE_CASES,
  ...MARKETPLACE_CASES,
  ...CONTACT_CASES,
  ...STORAGE_CASES,
  ...DEVICE_CASES,
  ...FLEET_CASES,
  ...SCREEN_GROUP_CASES,
  ...ALERT_CASES,
};

/** The route a case checks: its key without the ` (operation)` some routes' cases add. */
const routeOf = (key: string) => key.replace(/ \(.+\)$/, '');

/**
 * Routes outside the matrix on purpose, each with the reason. Keys are `METHOD url` as
 * registered; a key ending in `*` covers every route it starts (the API docs' assets).
 */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  'GET /api/health':
    'Liveness and readiness for the load balancer and the operator: no user data (health.routes.ts).',
  'GET /api/auth/*':
    'Better Auth (sessions, tokens, pairing): its own session checks, origin check and rate limits; ' +
    'covered by auth.test.ts, auth-security.test.ts, security-asvs.test.ts (CSRF, redirects, limits).',
  'POST /api/auth/*':
    'Better Auth, as above; state-changing calls with a cookie also pass the CSRF check (security.ts).',
  'GET /q/:code':
    'A QR scan from any phone: redirects only to the stored, validated destination of the ' +
    "code's campaign (security-asvs.test.ts, fill.test.ts).",
  'GET /dev/mailbox':
    'The dev mailbox page: never registered in production, answered only to loopback clients ' +
    '(checked below and in mailbox.test.ts).',
  'GET /api/docs*':
    'The OpenAPI document and its viewer (API_DOCS, off in production by default): describes ' +
    'routes, holds no data.',
};

const matchesKey = (route: string, key: string) =>
  key.endsWith('*') && !key.endsWith('/*') ? route.startsWith(key.slice(0, -1)) : route === key;

const isPublicByDesign = (route: string) =>
  Object.keys(PUBLIC_BY_DESIGN).some((key) => matchesKey(route, key));

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function chooseRole(t: TTestApp, cookie: string, role: 'advertiser' | 'publisher') {
  const res = await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { role } });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Every `METHOD url` the app registers (HEAD is answered by its GET; the storage service's
 * explicit HEAD runs the GET handler without the body).
 */
async function registeredRoutes(t: TTestApp, config = t.config): Promise<string[]> {
  const found = new Set<string>();
  const app = await buildApp({
    config,
    database: t.database,
    onRoute: ({ method, url }) => {
      for (const verb of [method].flat()) if (verb !== 'HEAD') found.add(`${verb} ${url}`);
    },
  });
  await app.close();
  return [...found].sort();
}

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let f: TFixture;
  let routes: string[] = [];
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [plainOwner, other, plainAdmin, publisher, buyer, otherBuyer] = [
      await signUpForStorage(t),
      await signUpForStorage(t),
      await t.signUp(),
      await t.signUp(),
      await signUpForStorage(t),
      await signUpForStorage(t),
    ];
    await createMeRepository(t.app.deps.db).setSuperUser(plainAdmin.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    const admin = await withTwoFactor(t, plainAdmin);
    // Payout requests need the owner's two-factor sign-in on, and a code.
    const owner = await withTwoFactorForStorage(t, plainOwner);
    const adminWithoutTwoFactor = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(adminWithoutTwoFactor.email, true);
    // Both owners run screens; the role changes nothing for the routes any signed-in user may call.
    await chooseRole(t, owner.cookie, 'advertiser');
    await chooseRole(t, other.cookie, 'advertiser');
    await chooseRole(t, publisher.cookie, 'publisher');
    await chooseRole(t, buyer.cookie, 'publisher');
    await chooseRole(t, otherBuyer.cookie, 'publisher');
    f = { t, owner, other, admin, adminWithoutTwoFactor, publisher, buyer, otherBuyer };
    routes = await registeredRoutes(t);
  });
  afterAll(() => f.t.close());

  /** Per case, the callers it was checked with (one request each), for the summary line. */
  const checked = new Map<string, Set<string>>();
  const record = (caller: string) => {
    const callers = checked.get(current) ?? new Set<string>();
    checked.set(current, callers.add(caller));
  };
  afterAll(() => {
    const cases = [...checked.entries()].filter(([key]) => key in CASES);
    const kinds = new Set(cases.flatMap(([, callers]) => [...callers]));
    const pairs = cases.reduce((sum, [, callers]) => sum + callers.size, 0);
    const publicRoutes = routes.filter(isPublicByDesign);
    console.log(
      `authorization matrix on ${backend}: ${new Set(cases.map(([key]) => routeOf(key))).size} ` +
        `routes (${cases.length} cases) × ${kinds.size} callers checked ` +
        `(${[...kinds].join(', ')}): ${pairs} route-caller checks; ` +
        `${publicRoutes.length} routes public by design (${publicRoutes.join(', ')})`,
    );
  });

  it('V8.2.1 has a case or a public-by-design reason for every route, and nothing stale', () => {
    expect(routes.length).toBeGreaterThan(0);
    const cased = new Set(Object.keys(CASES).map(routeOf));
    expect(
      routes.filter((route) => !cased.has(route) && !isPublicByDesign(route)),
      'routes without a case or a public-by-design reason',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !routes.includes(routeOf(key))),
      'stale cases',
    ).toEqual([]);
    expect(
      Object.keys(PUBLIC_BY_DESIGN).filter(
        (key) => !routes.some((route) => isPublicByDesign(route) && matchesKey(route, key)),
      ),
      'stale public-by-design entries',
    ).toEqual([]);
    expect(
      routes.filter((route) => cased.has(route) && isPublicByDesign(route)),
      'routes both cased and public',
    ).toEqual([]);
  });

  it('V8.2.1 the dev mailbox answers loopback clients only, and is not registered in production', async () => {
    for (const url of ['/dev/mailbox', '/api/v1/dev/mailbox']) {
      for (const remoteAddress of ['203.0.113.7', '::ffff:10.0.0.7']) {
        const res = await f.t.request({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
      }
      expect((await f.t.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const production = await registeredRoutes(f.t, { ...f.t.config, isProduction: true });
    expect(production.filter((route) => route.includes('/dev/'))).toEqual([]);
  });

  let current = '';
  const send = async (
    options: InjectOptions,
    cookie: string | undefined,
    caller = 'a device token',
  ) => {
    record(caller);
    return f.t.request({ ...options, cookie });
  };

  /** The request with the session cookie and `origin` (undefined: no Origin header at all). */
  const sendCrossSite = async (options: InjectOptions, cookie: string, origin?: string) => {
    record(origin ? 'the cookie from another origin' : 'the cookie without Origin');
    const { origin: _own, ...headers }: Record<string, unknown> = { ...options.headers };
    return f.t.app.inject({
      ...options,
      headers: { ...headers, cookie, ...(origin ? { origin } : {}) },
    });
  };

  /** The request without its device token: the caller is then whoever `send` says. */
  const withoutDevice = ({ headers, ...options }: InjectOptions): InjectOptions => {
    const { authorization: _dropped, ...rest } = headers ?? {};
    return { ...options, headers: rest };
  };

  for (const [route, access] of Object.entries(CASES)) {
    const title = access.hasIds ? `V8.2.2 ${route}` : `V8.2.1 ${route}`;
    it(title, async () => {
      current = route;
      const isDevice = access.audience === 'device';
      const isStorage = access.audience === 'storage-user';
      const caller =
        access.audience === 'super-user'
          ? f.admin.cookie
          : access.audience === 'ad-buyer'
            ? f.buyer.cookie
            : isDevice || isStorage
              ? undefined
              : f.owner.cookie;
      if (access.audience !== 'anyone') {
        const anonymous = await send(
          withoutDevice(await access.request(f, 'own')),
          undefined,
          'anonymous',
        );
        expect(anonymous.statusCode, `${route} anonymous`).toBe(401);
      }
      if (isDevice || isStorage) {
        // The owner's own session passes neither as their TV nor as their storage JWT.
        const asOwner = await send(
          withoutDevice(await access.request(f, 'own')),
          f.owner.cookie,
          "the owner's session",
        );
        expect(asOwner.statusCode, `${route} the owner's session`).toBe(isDevice ? 403 : 401);
      }
      // The admitted request, built first: the forged copies below must leave it working.
      const own = await access.request(f, 'own');
      if (caller && STATE_CHANGING.has((own.method ?? 'GET').toUpperCase())) {
        // CSRF (V3.5.1): the caller's cookie from another site, or with no Origin, is refused
        // before any route runs, so nothing changes: the same request, sent last with the right
        // Origin, still does what it does (a DELETE still finds what it deletes).
        for (const origin of ['https://evil.example', undefined]) {
          const forged = await sendCrossSite(own, caller, origin);
          expect(forged.statusCode, `${route} from origin ${origin ?? '(none)'}`).toBe(403);
          expect(forged.json(), route).toMatchObject({ error: { code: 'forbidden' } });
        }
      }
      if (access.audience === 'super-user') {
        const wrongRole = await send(
          await access.request(f, 'own'),
          f.owner.cookie,
          'the wrong role',
        );
        expect(wrongRole.statusCode, `${route} not a super-user`).toBe(403);
        // A super-user without two-factor sign-in is sent to enrol (issue 18 item 4).
        const withoutTwoFactor = await send(
          await access.request(f, 'own'),
          f.adminWithoutTwoFactor.cookie,
          'a super-user without two-factor',
        );
        expect(withoutTwoFactor.statusCode, `${route} super-user without 2FA`).toBe(403);
        expect(withoutTwoFactor.json(), route).toMatchObject({
          error: { code: 'two-factor-required' },
        });
      }
      if (access.audience === 'screen-owner') {
        const wrongRole = await send(
          await access.request(f, 'own'),
          f.publisher.cookie,
          'the wrong role',
        );
        expect(wrongRole.statusCode, `${route} a publisher`).toBe(403);
      }
      if (access.audience === 'ad-buyer') {
        const wrongRole = await send(
          await access.request(f, 'own'),
          f.owner.cookie,
          'the wrong role',
        );
        expect(wrongRole.statusCode, `${route} a screen owner`).toBe(403);
      }
      if (access.hasIds) {
        const foreign = await send(
          await access.request(f, 'foreign'),
          caller,
          "another owner's ids",
        );
        expect(foreign.statusCode, `${route} another owner's id`).toBe(access.foreignStatus ?? 404);
      }
      const admitted = await send(own, caller, 'the admitted caller');
      expect(admitted.statusCode, `${route} ${admitted.body}`).toBe(access.ok);
    });
  }

  it('V8.2.1 lets a device token through no route but the device routes and the TV’s setup', async () => {
    const authorization = `Bearer ${await deviceTokenOf(f, 'own')}`;
    for (const [route, access] of Object.entries(CASES)) {
      if (access.audience === 'anyone' || access.audience === 'device') continue;
      if (access.tvCredentials?.includes('device')) continue;
      current = route;
      const options = await access.request(f, 'own');
      const res = await send(
        { ...options, headers: { ...options.headers, authorization } },
        undefined,
      );
      expect([401, 403], `${route} with a device token`).toContain(res.statusCode);
    }
  });

  it('V8.2.1 lets a pairing grant through the TV’s setup only: no web API, payouts, account or other TVs', async () => {
    // One grant for every refusal (nothing it is refused spends it), a fresh one per admission.
    const authorization = `Bearer ${await pairingGrantOf(f.t, f.owner.cookie)}`;
    for (const [route, access] of Object.entries(CASES)) {
      if (access.audience === 'anyone') continue;
      current = route;
      const isAdmitted = access.tvCredentials?.includes('pairing') ?? false;
      const options = await access.request(f, 'own');
      const grant = isAdmitted
        ? `Bearer ${await pairingGrantOf(f.t, f.owner.cookie)}`
        : authorization;
      const res = await send(
        { ...options, headers: { ...options.headers, authorization: grant } },
        undefined,
        'a pairing grant',
      );
      if (isAdmitted) expect(res.statusCode, `${route} with a pairing grant`).toBe(access.ok);
      else expect([401, 403], `${route} with a pairing grant`).toContain(res.statusCode);
    }
    // The grant it kept is still good: the refusals above were not for want of a live grant.
    const setup = await f.t.request({
      method: 'GET',
      url: '/api/v1/player/ad-spaces',
      headers: { authorization },
    });
    expect(setup.statusCode).toBe(200);
  });
});
