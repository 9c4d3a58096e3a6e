import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/rows';
import { createMeRepository } from '../src/modules/me/me.repository';
import { createTestApp, ORIGIN, withTwoFactor, type TTestApp } from './harness';
import { contentItemOf } from './matrix/fixtures';
import { insertAdSpace } from './screen-rows';
import { createLocation } from './screens-helpers';
import { signUpForStorage, type TStorageUser } from './storage-helpers';
import { deepJson, nastyString, prototypeKeys, shaped, wrongValue } from './fuzz/zod-arbitrary';

/**
 * Input fuzzing of every route (issue 10 item 4; OWASP ASVS 5.0 V2.2.1 input validation, V2.2.2
 * server-side, V16.5.3 fail securely): each route the app registers gets FUZZ_RUNS generated
 * requests built from its own zod schemas (body, querystring, params, headers), sent as a caller
 * of the role it is for. Properties: never a 5xx; a 4xx carries the shared error shape; a refused
 * request changes no row count of any table.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface TRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

type TCaller = 'owner' | 'buyer' | 'admin' | 'device' | 'storage' | 'anonymous';

interface TWorld {
  t: TTestApp;
  owner: TStorageUser;
  buyer: TStorageUser;
  admin: { cookie: string };
  deviceToken: string;
  /** Real ids of the owner's rows (and another owner's), for uuid fields and path params. */
  ids: string[];
}

/** Who calls a route: the role it is for (the authorization matrix checks the others). */
function callerOf(route: TRoute): TCaller {
  const { url, method } = route;
  if (url.startsWith('/api/v1/admin/')) return 'admin';
  if (url.startsWith('/v0/b/')) return 'storage';
  if (/^\/api\/v1\/player\/(manifest|heartbeat|impressions|device|screenshot)$/.test(url))
    return 'device';
  // A TV's acknowledgements of its commands and takeovers (issue 23).
  if (/^\/api\/v1\/player\/(commands|takeovers)\/:id\/(ack|shown)$/.test(url)) return 'device';
  if (url.startsWith('/api/v1/campaigns') || url.startsWith('/api/v1/marketplace')) return 'buyer';
  if (url.startsWith('/api/v1/wallet/top-ups') && method === 'POST') return 'buyer';
  return 'owner';
}

/** Routes the fuzz leaves out, and why. */
function isFuzzed(route: TRoute): boolean {
  if (route.method === 'HEAD') return false;
  // Swagger UI's static files (served only with API_DOCS).
  if (route.url.startsWith('/api/docs')) return false;
  // A stream that stays open until the app closes: its input is the device token alone.
  if (route.url === '/api/v1/player/events') return false;
  return true;
}

const schemaOf = (value: unknown): z.ZodType | null => (value instanceof z.ZodType ? value : null);

/** Every route with its schemas, as buildApp registers them. */
async function registeredRoutes(t: TTestApp): Promise<TRoute[]> {
  const routes: TRoute[] = [];
  const app = await buildApp({
    config: t.config,
    database: t.database,
    onRoute: ({ method, url, schema }) => {
      for (const verb of [method].flat()) routes.push({ method: verb, url, schema: schema ?? {} });
    },
  });
  await app.close();
  return routes.filter(isFuzzed);
}

/** Percent-encodes like a client; a lone surrogate (no UTF-8 for it) becomes its WTF-8 bytes. */
function encodeParam(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

/** A path parameter: a real id, a random uuid, or something that is no id at all. */
function paramValue(name: string, world: TWorld): fc.Arbitrary<string> {
  if (name === 'bucket')
    return fc.oneof(
      { arbitrary: fc.constant('screenline'), weight: 4 },
      { arbitrary: nastyString().map(encodeParam), weight: 1 },
    );
  if (name === '*')
    return fc.oneof(
      fc.constantFrom(
        encodeURIComponent(`users/${world.owner.userId}/content/fuzz.png`),
        encodeURIComponent(`users/${world.owner.userId}/../../../etc/passwd`),
        `users%2F${world.owner.userId}%2F..%2F..%2Fx`,
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2e%2e%2f%2e%2e%2f',
        'a%00b',
        '%E2%80%AEgnp.exe',
        'sign-in/email',
        'sign-up/email',
        'get-session',
        'token',
        'device/code',
      ),
      nastyString().map(encodeParam),
    );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...world.ids), weight: 4 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'not-a-uuid',
        '..%2F..%2F',
        '%2e%2e',
        'a%2Fb',
        '%00',
        '%',
        '%zz',
        '-1',
        '1e309',
        '00000000-0000-0000-0000-00000000000',
        '%7B%22%24ne%22%3Anull%7D',
        'x'.repeat(5000),
      ),
      weight: 2,
    },
    { arbitrary: nastyString().map((s) => encodeParam(s.slice(0, 2000))), weight: 1 },
  );
}

/** A query string: the schema's fields with nasty values, or query text no schema expects. */
function queryString(route: TRoute, world: TWorld): fc.Arbitrary<string> {
  const schema = schemaOf(route.schema.querystring);
  const odd = fc.constantFrom(
    '',
    'a=1&a=2',
    '__proto__[isSuperUser]=true',
    'constructor[prototype][x]=1',
    'limit=1e309',
    'limit=-1&cursor=%00',
    'cursor=%zz',
    '%',
    'q=' + 'x'.repeat(20_000),
    'name=%E2%80%AE',
    'alt=media&token=..%2F',
    'uploadType=resumable&name=..%2F..%2Fx',
  );
  if (!schema) return odd;
  const fields = shaped(schema, { ids: world.ids }).map((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
    const params = new URLSearchParams();
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      for (const item of [v].flat())
        params.append(key, typeof item === 'string' ? item.slice(0, 5000) : JSON.stringify(item));
    }
    return params.toString();
  });
  return fc.oneof({ arbitrary: fields, weight: 3 }, { arbitrary: odd, weight: 1 });
}

/** Header values as HTTP can carry them (no CR/LF, Latin-1 only). */
const headerSafe = (value: unknown) =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '')
    .slice(0, 4000);

function extraHeaders(route: TRoute, world: TWorld): fc.Arbitrary<Record<string, string>> {
  const schema = schemaOf(route.schema.headers);
  if (!schema) return fc.constant({});
  return shaped(schema, { ids: world.ids }).map((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const headers: Record<string, string> = {};
    for (const [key, v] of Object.entries(value))
      if (
        v !== undefined &&
        key !== 'authorization' &&
        key !== '__proto__' &&
        key !== 'constructor'
      )
        headers[key] = headerSafe(v);
    return headers;
  });
}

interface TBody {
  payload?: string;
  contentType?: string;
}

function body(route: TRoute, world: TWorld): fc.Arbitrary<TBody> {
  if (route.method === 'GET' || route.method === 'DELETE') return fc.constant({});
  const schema = schemaOf(route.schema.body);
  const json = (value: unknown): TBody => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  return fc.oneof(
    {
      arbitrary: (schema ? shaped(schema, { ids: world.ids }) : wrongValue()).map(json),
      weight: 6,
    },
    { arbitrary: fc.jsonValue().map(json), weight: 1 },
    { arbitrary: fc.anything({ withNullPrototype: true }).map(json), weight: 1 },
    { arbitrary: prototypeKeys().map(json), weight: 1 },
    {
      arbitrary: fc.constantFrom<TBody>(
        { payload: deepJson(10_000), contentType: 'application/json' },
        { payload: deepJson(5_000, '{', '}'), contentType: 'application/json' },
        { payload: '{"a":', contentType: 'application/json' },
        { payload: '\u0000', contentType: 'application/json' },
        { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
        { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
        { payload: '', contentType: 'application/json' },
        { payload: 'name=x&__proto__[a]=1', contentType: 'application/x-www-form-urlencoded' },
        { payload: '<x/>', contentType: 'application/xml' },
        { payload: 'plain', contentType: 'text/plain' },
        { payload: '{}', contentType: 'application/json; charset=utf-16' },
        { payload: '{}', contentType: 'multipart/related; boundary=' },
      ),
      weight: 1,
    },
  );
}

function credentials(caller: TCaller, world: TWorld): Record<string, string> {
  switch (caller) {
    case 'owner':
      return { cookie: world.owner.cookie };
    case 'buyer':
      return { cookie: world.buyer.cookie };
    case 'admin':
      return { cookie: world.admin.cookie };
    case 'device':
      return { authorization: `Bearer ${world.deviceToken}` };
    case 'storage':
      return { authorization: world.owner.authorization };
    case 'anonymous':
      return {};
  }
}

/** One generated request (an InjectOptions whose url and payload are plain strings). */
interface TFuzzRequest {
  method: InjectOptions['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function requestOf(route: TRoute, world: TWorld): fc.Arbitrary<TFuzzRequest> {
  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const params = fc.tuple(...paramNames.map((name) => paramValue(name, world)));
  return fc
    .record({
      params,
      query:
        route.method === 'GET' || schemaOf(route.schema.querystring)
          ? queryString(route, world)
          : fc.constant(''),
      headers: extraHeaders(route, world),
      body: body(route, world),
      // One request in ten comes from nobody: refused before anything is read.
      anonymous: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    })
    .map(({ params: values, query, headers, body: sent, anonymous }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)|\*/g, () => values[index++] ?? '');
      const caller = anonymous ? 'anonymous' : callerOf(route);
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers: {
          origin: ORIGIN,
          ...credentials(caller, world),
          ...headers,
          ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
        },
        ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
      };
    });
}

/** The row count of every table, in one query. */
async function rowCounts(t: TTestApp, tables: string[]): Promise<Record<string, number>> {
  const union = tables
    .map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`)
    .join(' union all ');
  const rows = rowsOf<{ t: string; n: number }>(await t.app.deps.db.execute(sql.raw(union)));
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

/**
 * Counting every table after each request costs ~30 ms on PGlite; a row trigger on every
 * table that notes each committed insert, update and delete costs nothing and sees more (an
 * insert undone by a delete, an update). Rolled-back writes leave no note. The row counts are
 * still compared around each route.
 */
async function watchWrites(t: TTestApp, tables: string[]): Promise<void> {
  const db = t.app.deps.db;
  await db.execute(sql.raw('create table fuzz_write (table_name text not null, op text not null)'));
  await db.execute(
    sql.raw(`create function fuzz_note_write() returns trigger language plpgsql as $$
      begin insert into fuzz_write values (TG_TABLE_NAME, TG_OP); return null; end $$`),
  );
  for (const table of tables)
    await db.execute(
      sql.raw(
        `create trigger fuzz_watch after insert or update or delete on "${table}" for each row execute function fuzz_note_write()`,
      ),
    );
}

/**
 * Writes no request makes: the job queue's workers claim, finish and sweep their rows on their
 * own clock (a job a request queues is an INSERT, and that is still watched).
 */
const BACKGROUND_WRITES = new Set(['job UPDATE', 'job DELETE']);

/** The writes noted since the last call: `table op` each, and clears them. */
async function takeWrites(t: TTestApp): Promise<string[]> {
  const rows = rowsOf<{ table_name: string; op: string }>(
    await t.app.deps.db.execute(sql.raw('delete from fuzz_write returning table_name, op')),
  );
  const writes = new Set(rows.map((row) => `${row.table_name} ${row.op}`));
  return [...writes].filter((write) => !BACKGROUND_WRITES.has(write)).sort();
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function chooseRole(t: TTestApp, cookie: string, role: 'advertiser' | 'publisher') {
  const res = await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { role } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('input fuzzing (V2.2.1 / V2.2.2 / V16.5.3) on pglite', () => {
  let world: TWorld;
  let routes: TRoute[] = [];
  let tables: string[] = [];
  let requests = 0;
  let serverErrors = 0;
  /** Requests answered 4xx, and those of them after which a row had changed. */
  let refused = 0;
  let storedFromRefused = 0;
  /** Routes that refused every request but whose tables' row counts changed. */
  let countsChanged = 0;
  let countMs = 0;
  const fuzzedRoutes = new Set<string>();

  beforeAll(async () => {
    // A built web app and player, as in production: a fuzzed URL whose dot segments resolve to a
    // page path (`/q/%2e%2e` is `/`) gets the page, not the 503 of a server whose apps are unbuilt.
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-fuzz-dist-'));
    for (const app of ['web', 'player']) {
      await fs.mkdir(path.join(dist, app));
      await fs.writeFile(
        path.join(dist, app, 'index.html'),
        '<!doctype html><title>Screenline</title>',
      );
    }
    const t = await createTestApp('pglite', {
      WEB_DIST: path.join(dist, 'web'),
      PLAYER_DIST: path.join(dist, 'player'),
    });
    const [owner, other, buyer, plainAdmin] = [
      await signUpForStorage(t),
      await signUpForStorage(t),
      await signUpForStorage(t),
      await t.signUp(),
    ];
    await createMeRepository(t.app.deps.db).setSuperUser(plainAdmin.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    const admin = await withTwoFactor(t, plainAdmin);
    await chooseRole(t, owner.cookie, 'advertiser');
    await chooseRole(t, other.cookie, 'advertiser');
    await chooseRole(t, buyer.cookie, 'publisher');
    const location = await createLocation(t, owner, { name: 'Fuzz' });
    const adSpaceId = await insertAdSpace(t, owner.userId);
    const foreignAdSpaceId = await insertAdSpace(t, other.userId);
    const contentId = await contentItemOf(t, owner);
    const buyerContentId = await contentItemOf(t, buyer);
    const device = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: 'fuzz-device-key-0001',
        adSpaceId,
        userAgent: 'Fuzz',
        appVersion: '0.0.0',
      },
    });
    expect(device.statusCode, device.body).toBe(201);
    world = {
      t,
      owner,
      buyer,
      admin,
      deviceToken: ZDeviceRegistration.parse(device.json()).token,
      ids: [location.id, adSpaceId, foreignAdSpaceId, contentId, buyerContentId, owner.userId],
    };
    routes = await registeredRoutes(t);
    const found = rowsOf<{ table_name: string }>(
      await t.app.deps.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    );
    tables = found.map((row) => row.table_name);
    await watchWrites(t, tables);
  });

  const timings: string[] = [];
  afterAll(async () => {
    if (timings.length) console.log(timings.join('\n'));
    const stored =
      storedFromRefused + countsChanged === 0
        ? 'nothing stored from a refused request'
        : `${storedFromRefused} refused requests wrote rows, ${countsChanged} all-refused routes changed row counts`;
    console.log(
      `fuzz: ${requests} requests across ${fuzzedRoutes.size} routes (${refused} refused), ${serverErrors} server errors, ${stored}`,
    );
    await world.t.close();
  });

  it('finds the routes and the tables', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(tables).toContain('content_item');
  });

  it('answers every generated request below 500, with the error shape, storing nothing when it refuses', async () => {
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      fuzzedRoutes.add(key);
      const started = performance.now();
      const before = await rowCounts(world.t, tables);
      let refusedOnly = true;
      await fc.assert(
        fc.asyncProperty(requestOf(route, world), async (options) => {
          requests += 1;
          const sentAt = performance.now();
          const res = await world.t.app.inject(options);
          const took = performance.now() - sentAt;
          if (process.env.FUZZ_VERBOSE && took > 300)
            timings.push(
              `slow ${Math.round(took)} ms ${options.url.slice(0, 120)} ${(options.payload ?? '').length}B`,
            );
          const where = `${key}: ${options.method} ${options.url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) serverErrors += 1;
          expect(res.statusCode, where).toBeLessThan(500);
          const countStarted = performance.now();
          const writes = await takeWrites(world.t);
          countMs += performance.now() - countStarted;
          if (res.statusCode >= 400) {
            refused += 1;
            if (writes.length > 0) storedFromRefused += 1;
            // Better Auth answers its own routes in its own shape ({ code, message }).
            if (!route.url.startsWith('/api/auth/'))
              expect(ZApiError.safeParse(jsonOf(res.body)).success, `error shape: ${where}`).toBe(
                true,
              );
            expect(writes, `stored rows: ${where}`).toEqual([]);
          } else refusedOnly = false;
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
      // A route that refused every request has the same row counts as before it was fuzzed.
      if (refusedOnly) {
        const after = await rowCounts(world.t, tables);
        if (JSON.stringify(after) !== JSON.stringify(before)) countsChanged += 1;
        expect(after, `${key} row counts`).toEqual(before);
      }
      if (process.env.FUZZ_VERBOSE)
        timings.push(
          `${Math.round(performance.now() - started)} ms ${key} (counting ${Math.round(countMs)})`,
        );
    }
  }, 600_000);
});
