import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TServedFill } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import type { TDeviceActor } from '../../lib/actor';
import { createEarlyAnswers } from '../../lib/early-answers';
import type { TContentDirectory } from '../content/content-directory';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import { createDeviceDirectory, DEVICE_CACHE_TTL_MS } from './device-directory';
import { isNotModified } from '../../lib/conditional-get';
import { hashDeviceToken } from '../../lib/device-bearer';
import { createManifestService, MANIFEST_CACHE_MAX_AGE_MS, type TBuiltManifest } from './manifest';
import { createManifestEarlyAnswer, MANIFEST_PATH } from './manifest-early-answer';
import { createPlayerChangeBus } from '../../lib/player-changes';

// The caches' own rules, without a database: what is kept, what a change drops, and that an
// answer read while a change happened is not kept.

const log = pino({ level: 'silent' });
const device = { kind: 'device', id: 'tv-1', ownerId: 'ann', adSpaceId: 'space-1' } as const;

/** A screens facade whose answers the test controls, counting the reads. */
function fakeSpaces() {
  const state = {
    reads: 0,
    name: 'Window',
    contentVersion: 3,
    /** When set, a read waits for it: the test changes things meanwhile. */
    gate: null as Promise<void> | null,
  };
  const directory = {
    async findForManifest(_ownerId: string, id: string) {
      state.reads += 1;
      const snapshot = { name: state.name, contentVersion: state.contentVersion };
      if (state.gate) await state.gate;
      return {
        adSpace: {
          id,
          name: snapshot.name,
          orientation: 'landscape' as const,
          location: { id: 'l', name: 'Harbour', city: 'Hamburg', timeZone: 'Europe/Berlin' },
          resolutionWidth: 1920,
          resolutionHeight: 1080,
          contentVersion: snapshot.contentVersion,
          defaultPlaylistId: null,
        },
        entries: [],
        playlists: [],
      };
    },
  };
  return { state, directory: directory as unknown as TAdSpaceDirectory };
}

const noContent = { findForPlaylist: async () => [] } as unknown as TContentDirectory;
/** The space's ad slots are not sold: no fill, no extra files. */
const notMonetized = { fillFor: async () => ({ adFill: null, media: [] }) };
const settings = {
  pollIntervalSeconds: 60,
  impressionSyncIntervalSeconds: 60,
  cacheCleanupIntervalSeconds: 3600,
};

describe('the manifest cache', () => {
  function setUp(startMs = Date.UTC(2026, 10, 22, 12)) {
    const changes = createPlayerChangeBus({ log });
    const spaces = fakeSpaces();
    const clock = { nowMs: startMs };
    const manifests = createManifestService({
      adSpaces: spaces.directory,
      content: noContent,
      settings: async () => settings,
      adFill: notMonetized,
      changes,
      now: () => clock.nowMs,
    });
    return { changes, spaces, clock, manifests };
  }

  it('keeps a manifest until a change for its space, and builds the same version for the same content', async () => {
    const { changes, spaces, manifests } = setUp();
    const first = await manifests.manifestFor(device);
    expect(first.version).toMatch(/^v3-[0-9a-f]{16}$/);
    expect(manifests.peek('space-1')).toEqual(expect.objectContaining({ version: first.version }));
    await manifests.manifestFor(device);
    expect(spaces.state.reads).toBe(1);

    changes.publishContent(['space-2']);
    expect(manifests.peek('space-1')).not.toBeNull();
    changes.publishContent(['space-1']);
    expect(manifests.peek('space-1')).toBeNull();
    const same = await manifests.manifestFor(device);
    expect(spaces.state.reads).toBe(2);
    expect(same.version).toBe(first.version);

    spaces.state.name = 'Front window';
    changes.publishContent(['space-1']);
    expect((await manifests.manifestFor(device)).version).not.toBe(first.version);
  });

  it('does not keep a manifest read while a change for its space happened', async () => {
    const { changes, spaces, manifests } = setUp();
    let open = () => undefined as void;
    spaces.state.gate = new Promise<void>((resolve) => (open = resolve));
    const pending = manifests.manifestFor(device);
    // The edit commits and is published while the build still reads the old state.
    spaces.state.name = 'Renamed';
    changes.publishContent(['space-1']);
    open();
    const stale = await pending;
    expect(JSON.parse(stale.body)).toMatchObject({ adSpace: { name: 'Window' } });
    expect(manifests.peek('space-1')).toBeNull();
    spaces.state.gate = null;
    const fresh = await manifests.manifestFor(device);
    expect(JSON.parse(fresh.body)).toMatchObject({ adSpace: { name: 'Renamed' } });
    expect(manifests.peek('space-1')?.version).toBe(fresh.version);
  });

  it('drops a manifest when the UTC day rolls over, after its maximum age, and on a reset', async () => {
    const { changes, clock, manifests } = setUp(Date.UTC(2026, 10, 22, 23, 58));
    const first = await manifests.manifestFor(device);
    expect(JSON.parse(first.body)).toMatchObject({ timelineFromMs: Date.UTC(2026, 10, 22) });
    clock.nowMs = Date.UTC(2026, 10, 23, 0, 1);
    expect(manifests.peek('space-1')).toBeNull();
    const next = await manifests.manifestFor(device);
    expect(JSON.parse(next.body)).toMatchObject({ timelineFromMs: Date.UTC(2026, 10, 23) });
    expect(next.version).not.toBe(first.version);

    clock.nowMs += MANIFEST_CACHE_MAX_AGE_MS + 1;
    expect(manifests.peek('space-1')).toBeNull();
    await manifests.manifestFor(device);
    expect(manifests.peek('space-1')).not.toBeNull();
    changes.publish({ kind: 'reset' });
    expect(manifests.peek('space-1')).toBeNull();
  });

  it('compares If-None-Match as RFC 9110 says', () => {
    expect(isNotModified('"v3-abc"', 'v3-abc')).toBe(true);
    expect(isNotModified('W/"v3-abc"', 'v3-abc')).toBe(true);
    expect(isNotModified('"v2-x", "v3-abc"', 'v3-abc')).toBe(true);
    expect(isNotModified('*', 'v3-abc')).toBe(true);
    expect(isNotModified('"v3-abd"', 'v3-abc')).toBe(false);
    expect(isNotModified('v3-abc', 'v3-abc')).toBe(false);
    expect(isNotModified(undefined, 'v3-abc')).toBe(false);
  });
});

describe('the device-token cache', () => {
  const token = 'sld_0123456789abcdef0123456789abcdef0123456789a';
  /** A database whose one query (the token lookup) answers `rows`, counting the reads. */
  function fakeDb() {
    const state = {
      reads: 0,
      rows: [
        {
          id: 'tv-1',
          ownerId: 'ann',
          adSpaceId: 'space-1',
          tokenHash: hashDeviceToken(token),
          tokenExpiresAt: new Date(Date.UTC(2030, 0, 1)),
        },
      ] as object[],
      gate: null as Promise<void> | null,
    };
    const db = {
      select: () => ({
        from: () => ({
          where: async () => {
            state.reads += 1;
            const rows = state.rows;
            if (state.gate) await state.gate;
            return rows;
          },
        }),
      }),
    };
    return { state, db: db as unknown as TDb };
  }
  const header = `Bearer ${token}`;

  function setUp() {
    const changes = createPlayerChangeBus({ log });
    const { state, db } = fakeDb();
    const clock = { nowMs: 1_000_000 };
    const directory = createDeviceDirectory(db, { changes, now: () => clock.nowMs });
    return { changes, state, clock, directory };
  }

  it('remembers a token for its lifetime, and not an unknown one', async () => {
    const { state, clock, directory } = setUp();
    expect(await directory.findByAuthorization(header)).toMatchObject({ id: 'tv-1' });
    expect(await directory.findByAuthorization(header)).toMatchObject({ id: 'tv-1' });
    expect(state.reads).toBe(1);
    clock.nowMs += DEVICE_CACHE_TTL_MS + 1;
    await directory.findByAuthorization(header);
    expect(state.reads).toBe(2);

    state.rows = [];
    const unknown = 'Bearer sld_unknown';
    expect(await directory.findByAuthorization(unknown)).toBeNull();
    expect(await directory.findByAuthorization(unknown)).toBeNull();
    expect(state.reads).toBe(4);
    expect(await directory.findByAuthorization('Bearer not-a-device')).toBeNull();
    expect(state.reads).toBe(4);
  });

  it('forgets a token on a revocation naming its device, its ad space or its owner', async () => {
    for (const change of [
      { deviceIds: ['tv-1'] },
      { adSpaceIds: ['space-1'] },
      { ownerIds: ['ann'] },
    ]) {
      const { changes, state, directory } = setUp();
      await directory.findByAuthorization(header);
      changes.publish({ kind: 'revoke', deviceIds: ['tv-2'], adSpaceIds: ['space-9'] });
      await directory.findByAuthorization(header);
      expect(state.reads).toBe(1);
      state.rows = [];
      changes.publish({ kind: 'revoke', ...change });
      expect(await directory.findByAuthorization(header), JSON.stringify(change)).toBeNull();
    }
  });

  it('does not keep an answer read while a revocation happened', async () => {
    const { changes, state, directory } = setUp();
    let open = () => undefined as void;
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const pending = directory.findByAuthorization(header);
    changes.publish({ kind: 'revoke', deviceIds: ['tv-1'] });
    open();
    expect(await pending).toMatchObject({ id: 'tv-1' });
    state.gate = null;
    state.rows = [];
    expect(await directory.findByAuthorization(header)).toBeNull();
  });
});

describe('the manifest poll’s early answer', () => {
  const token = 'sld_0123456789abcdef0123456789abcdef0123456789a';
  const version = 'v3-0123456789abcdef';
  const servedFill = { slots: [] } as unknown as TServedFill;

  function setUp(options: { fill?: TServedFill | null } = {}) {
    const clock = { nowMs: 1_000_000 };
    const state = {
      cached: device as TDeviceActor | null,
      manifest: { version, body: '{}', servedFill: options.fill ?? null } as TBuiltManifest | null,
      stillServed: [] as string[],
    };
    const early = createManifestEarlyAnswer({
      devices: {
        peekByTokenHash: (hash) => (hash === hashDeviceToken(token) ? state.cached : null),
      },
      manifests: { peek: (id) => (id === 'space-1' ? state.manifest : null) },
      servedFills: {
        stillServed: (tv, v) => {
          state.stillServed.push(`${tv.id}/${v}`);
        },
      },
      limit: { max: 3, timeWindow: 60_000 },
      now: () => clock.nowMs,
    });
    const ask = (headers: Record<string, string> = {}, method = 'GET', url = MANIFEST_PATH) =>
      early.answer({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'if-none-match': `"${version}"`, ...headers },
      } as unknown as IncomingMessage);
    return { clock, state, early, ask };
  }

  it('answers 304 with the ETag, no-store and the rate-limit count, and records the fill still served', () => {
    const { state, early, ask } = setUp({ fill: servedFill });
    expect(ask()).toEqual({
      status: 304,
      headers: {
        etag: `"${version}"`,
        'cache-control': 'no-store',
        'x-ratelimit-limit': '3',
        'x-ratelimit-remaining': '2',
        'x-ratelimit-reset': '60',
      },
    });
    expect(state.stillServed).toEqual([`tv-1/${version}`]);
    early.close();
  });

  it('leaves everything else to the route', () => {
    const { state, early, ask } = setUp();
    expect(ask({ 'if-none-match': '"v2-0123456789abcdef"' })).toBeNull();
    expect(ask({}, 'HEAD')).toBeNull();
    expect(ask({}, 'GET', `${MANIFEST_PATH}?adSpaceId=x`)).toBeNull();
    expect(ask({ authorization: 'Bearer slp_pairinggrant' })).toBeNull();
    expect(ask({ authorization: 'Bearer sld_someoneelse' })).toBeNull();
    expect(ask({ 'if-none-match': `"${version}", ${'"x", '.repeat(400)}` })).toBeNull();
    state.manifest = null;
    expect(ask()).toBeNull();
    state.manifest = { version, body: '{}', servedFill: null };
    state.cached = null;
    expect(ask()).toBeNull();
    expect(state.stillServed).toEqual([]);
    early.close();
  });

  it('counts each token’s answers in windows and leaves a token past its limit to the route until its window ends', () => {
    const { clock, early, ask } = setUp();
    expect([ask(), ask(), ask()].map((reply) => reply?.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
    ]);
    clock.nowMs += 30_000;
    expect(ask()).toBeNull();
    clock.nowMs += 30_000;
    expect(ask()?.headers['x-ratelimit-remaining']).toBe('2');
    early.close();
  });
});

describe('early answers', () => {
  function fakeApp(level: string) {
    const hooks: Array<() => Promise<void>> = [];
    const app = {
      log: { level },
      addHook: (_name: string, hook: () => Promise<void>) => hooks.push(hook),
    };
    return { app: app as unknown as FastifyInstance, closing: () => hooks[0]?.() };
  }

  it('are given only without the request log, once the security headers are known, and not while closing', async () => {
    const logged = createEarlyAnswers();
    logged.bind(fakeApp('info').app);
    logged.useCommonHeaders([['x-frame-options', 'SAMEORIGIN']]);
    expect(logged.isEnabled()).toBe(false);

    const quiet = createEarlyAnswers();
    const { app, closing } = fakeApp('warn');
    quiet.bind(app);
    expect(quiet.isEnabled()).toBe(false);
    quiet.useCommonHeaders([['x-frame-options', 'SAMEORIGIN']]);
    expect(quiet.isEnabled()).toBe(true);
    await closing();
    expect(quiet.isEnabled()).toBe(false);
  });

  it('answer with the common headers, and leave to Fastify what they do not answer or fail on', async () => {
    const early = createEarlyAnswers();
    early.bind(fakeApp('warn').app);
    early.useCommonHeaders([['x-frame-options', 'SAMEORIGIN']]);
    early.add((request) => {
      if (request.url === '/boom') throw new Error('an answer that fails');
      return request.url === '/early' ? { status: 304, headers: { etag: '"v1-a"' } } : null;
    });
    const server = early.serverFactory((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('route');
    }, {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const at = (path: string) => fetch(`http://127.0.0.1:${address.port}${path}`);
      const answered = await at('/early');
      expect(answered.status).toBe(304);
      expect(answered.headers.get('etag')).toBe('"v1-a"');
      expect(answered.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      for (const path of ['/other', '/boom']) {
        const res = await at(path);
        expect([res.status, await res.text()], path).toEqual([200, 'route']);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
