import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDeviceRegistration, ZPlayerManifest } from '@screenline/shared/player';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { countStatements } from '../../../test/player-events';
import { signUpScreenOwner } from '../../../test/screen-rows';
import { createAdSpace, createLocation } from '../../../test/screens-helpers';
import type { TStorageUser } from '../../../test/storage-helpers';
import { MANIFEST_PATH } from './manifest-early-answer';

// The manifest's 304 answered before Fastify (issue 19 item 1) is given by the HTTP server's own
// handler, which app.inject never calls: these tests listen on a port and poll with fetch. The
// answer reads no database, so one backend is enough.

describe('the manifest poll answered before Fastify', () => {
  let t: TTestApp;
  let ann: TStorageUser;
  let space: string;
  let baseUrl: string;
  /** Requests that reached Fastify (its first onRequest hook), by path. */
  const reachedFastify: string[] = [];
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {},
      {
        beforeReady: (app) =>
          app.addHook('onRequest', async (request) => {
            reachedFastify.push(request.url);
          }),
      },
    );
    ann = await signUpScreenOwner(t);
    const place = await createLocation(t, ann, { name: 'Harbour' });
    space = (await createAdSpace(t, ann, { locationId: place.id, name: 'Window' })).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  async function register() {
    keys += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: ann.cookie,
      payload: {
        deviceKey: `early-answer-key-${keys}-abcdef`,
        adSpaceId: space,
        userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
        appVersion: '0.3.0',
      },
    });
    expect([200, 201], res.body).toContain(res.statusCode);
    return ZDeviceRegistration.parse(res.json());
  }

  /** A poll over HTTP, and whether it reached Fastify. */
  async function poll(token: string, headers: Record<string, string> = {}, path = MANIFEST_PATH) {
    const before = reachedFastify.length;
    const res = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    const body = await res.text();
    return { res, body, isEarly: reachedFastify.length === before };
  }

  /** The space's current ETag, read by another TV of the space (a poll caches its token). */
  async function currentEtag() {
    const { token } = await register();
    const res = await t.request({
      method: 'GET',
      url: MANIFEST_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers.etag);
  }

  it('is on in the test app (LOG_LEVEL silent, the security headers given)', () => {
    expect(t.app.deps.earlyAnswers.isEnabled()).toBe(true);
  });

  it('answers the route’s own 304, header for header, and reads no database', async () => {
    const { token } = await register();
    const etag = await currentEtag();
    // A registration caches nothing, so the first poll takes the route (which caches the token)…
    const normal = await poll(token, { 'if-none-match': etag });
    expect(normal.isEarly).toBe(false);
    expect(normal.res.status).toBe(304);
    // …and the next ones are answered early.
    let early = await poll(token, { 'if-none-match': etag });
    const statements = await countStatements(t.app.deps.db, async () => {
      early = await poll(token, { 'if-none-match': etag });
    });
    expect(statements).toBe(0);
    expect(early.isEarly).toBe(true);
    expect(early.res.status).toBe(304);
    expect(early.body).toBe('');

    // Everything but the date and the rate-limit count, which each path keeps for itself.
    const headersOf = (res: Response) => {
      const {
        date: _date,
        'x-ratelimit-remaining': remaining,
        'x-ratelimit-reset': reset,
        ...rest
      } = Object.fromEntries(res.headers);
      return { rest, remaining, reset: Number(reset) };
    };
    const normalHeaders = headersOf(normal.res);
    const earlyHeaders = headersOf(early.res);
    expect(earlyHeaders.rest).toEqual(normalHeaders.rest);
    // The route counted one poll in its window, the early answer two in its own.
    expect([normalHeaders.remaining, earlyHeaders.remaining]).toEqual(['59', '58']);
    for (const { reset } of [normalHeaders, earlyHeaders]) {
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(earlyHeaders.rest).toMatchObject({
      etag,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-ratelimit-limit': '60',
      'keep-alive': 'timeout=72',
    });
    expect(earlyHeaders.rest['content-security-policy']).toContain("default-src 'self'");
    expect(earlyHeaders.rest['content-length']).toBeUndefined();
    expect(earlyHeaders.rest['content-type']).toBeUndefined();
  });

  it('leaves a changed manifest (an ETag that does not match), a query string and HEAD to the route', async () => {
    const { token } = await register();
    const etag = await currentEtag();
    expect((await poll(token, { 'if-none-match': etag })).isEarly).toBe(false);
    expect((await poll(token, { 'if-none-match': etag })).isEarly).toBe(true);

    const stale = await poll(token, { 'if-none-match': '"v0-0000000000000000"' });
    expect(stale.isEarly).toBe(false);
    expect(stale.res.status).toBe(200);
    expect(`"${ZPlayerManifest.parse(JSON.parse(stale.body)).version}"`).toBe(etag);

    const none = await poll(token);
    expect([none.isEarly, none.res.status]).toEqual([false, 200]);
    const query = await poll(token, { 'if-none-match': etag }, `${MANIFEST_PATH}?x=1`);
    expect([query.isEarly, query.res.status]).toEqual([false, 304]);
    const before = reachedFastify.length;
    const head = await fetch(`${baseUrl}${MANIFEST_PATH}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(head.status).toBe(304);
    expect(reachedFastify.length).toBe(before + 1);

    // An edit of the space drops its cached manifest: the next poll takes the route and gets it.
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/v1/ad-spaces/${space}`,
      cookie: ann.cookie,
      payload: { name: 'Front window' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await poll(token, { 'if-none-match': etag });
    expect([changed.isEarly, changed.res.status]).toEqual([false, 200]);
    expect(ZPlayerManifest.parse(JSON.parse(changed.body)).adSpace.name).toBe('Front window');
  });

  it('refuses a token at once once it is signed out or revoked by its owner (401 from the route)', async () => {
    for (const revoke of ['sign-out', 'owner'] as const) {
      const { token, deviceId } = await register();
      const etag = await currentEtag();
      await poll(token, { 'if-none-match': etag });
      expect((await poll(token, { 'if-none-match': etag })).isEarly).toBe(true);
      const res =
        revoke === 'sign-out'
          ? await t.request({
              method: 'DELETE',
              url: '/api/v1/player/device',
              headers: { authorization: `Bearer ${token}` },
            })
          : await t.request({
              method: 'DELETE',
              url: `/api/v1/devices/${deviceId}`,
              cookie: ann.cookie,
            });
      expect(res.statusCode, res.body).toBe(204);
      const refused = await poll(token, { 'if-none-match': etag });
      expect([refused.isEarly, refused.res.status], revoke).toEqual([false, 401]);
    }
  });

  it('leaves an unknown token and a user session to the route', async () => {
    const unknown = await poll('sld_unknownunknownunknownunknownunknownunknown', {
      'if-none-match': '*',
    });
    expect([unknown.isEarly, unknown.res.status]).toEqual([false, 401]);
    const before = reachedFastify.length;
    const owner = await fetch(`${baseUrl}${MANIFEST_PATH}`, {
      headers: { cookie: ann.cookie, 'if-none-match': '*' },
    });
    expect(owner.status).toBe(403);
    expect(reachedFastify.length).toBe(before + 1);
  });
});
