import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type TManifestMedia,
  type TPlayerCacheStatus,
  type TPlayerManifest,
  ZPlayerHeartbeat,
} from '@screenline/shared/player';
import type { MediaCache, ReadyManifest, TNowPlaying } from '../playback/contracts';
import {
  createContentSync,
  jitteredDelayMs,
  MANIFEST_STORAGE_KEY,
  type TContentSyncOptions,
} from './content-sync';

const TOKEN = 'sld_device-token';

function media(contentId: string, md5: string): TManifestMedia {
  return {
    contentId,
    kind: 'image',
    contentType: 'image/png',
    url: `/v0/files/${contentId}`,
    sizeBytes: 100,
    md5,
    durationMs: null,
  };
}

function manifest(
  version: string,
  files: TManifestMedia[],
  pollIntervalSeconds = 60,
): TPlayerManifest {
  return {
    version,
    generatedAt: '2026-11-22T20:00:00.000Z',
    adSpace: {
      id: 'space-1',
      name: 'Door screen',
      orientation: 'landscape',
      location: { id: 'loc-1', name: 'Harbour', city: 'Springfield', timeZone: 'UTC' },
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      contentVersion: 1,
    },
    timeZone: 'UTC',
    timelineFromMs: 0,
    timelineToMs: 1000,
    timeline: [],
    schedule: { entries: [], defaultPlaylistId: null },
    playlists: [],
    media: files,
    adFill: null,
    settings: {
      pollIntervalSeconds,
      impressionSyncIntervalSeconds: 60,
      cacheCleanupIntervalSeconds: 600,
    },
  };
}

type TPrepareCall = {
  media: readonly TManifestMedia[];
  signal?: AbortSignal;
  onProgress?: (status: TPlayerCacheStatus) => void;
  resolve: (result: { ok: true } | { ok: false; problem: string }) => void;
};

/** A media cache whose downloads finish when the test says so. */
function fakeCache(cached: string[] = []) {
  const have = new Set(cached);
  const prepares: TPrepareCall[] = [];
  const cleanups: string[][] = [];
  const cache: MediaCache = {
    prepare(files, options = {}) {
      return new Promise((resolve) => {
        prepares.push({
          media: files,
          ...options,
          resolve: (result) => {
            if (result.ok) for (const file of files) have.add(file.md5);
            resolve(result);
          },
        });
      });
    },
    urlOf: (file) => (have.has(file.md5) ? `/tv/media/${file.md5}` : null),
    cleanup: async (keep) => {
      cleanups.push(keep.map((file) => file.contentId));
      return 0;
    },
    storage: async () => ({ usedBytes: 10, quotaBytes: 1000, persisted: true }),
  };
  return { cache, prepares, cleanups };
}

type TRoute = (init: RequestInit, headers: Headers) => Response | Promise<Response>;

/** The server as far as the sync sees it; every request is recorded. */
function fakeServer() {
  const requests: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const manifests: TRoute[] = [];
  let manifestRoute: TRoute = () => new Response(null, { status: 304 });
  let heartbeatStatus = 204;
  let heartbeatBody: string | null = null;
  let eventStream: ReadableStreamDefaultController<Uint8Array> | null = null;
  let eventsStatus = 200;
  let eventConnections = 0;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : input.toString();
    const headers = new Headers(init.headers);
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    if (url === '/api/v1/player/manifest')
      return (manifests.shift() ?? manifestRoute)(init, headers);
    if (url === '/api/v1/player/heartbeat') {
      return new Response(heartbeatBody, { status: heartbeatStatus });
    }
    if (url === '/api/v1/player/events') {
      eventConnections += 1;
      if (eventsStatus !== 200) return new Response(null, { status: eventsStatus });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          eventStream = controller;
          init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(null, { status: 404 });
  });
  return {
    fetchImpl: fetchImpl as unknown as typeof fetch,
    requests,
    /** Answers the next manifest polls, in order; then `always`. */
    answer: (...routes: TRoute[]) => manifests.push(...routes),
    always: (route: TRoute) => {
      manifestRoute = route;
    },
    heartbeatAnswers: (status: number, body: unknown = null) => {
      heartbeatStatus = status;
      heartbeatBody = body === null ? null : JSON.stringify(body);
    },
    eventsAnswer: (status: number) => {
      eventsStatus = status;
    },
    push: (text: string) => eventStream?.enqueue(new TextEncoder().encode(text)),
    endEvents: () => eventStream?.close(),
    eventConnections: () => eventConnections,
    polls: () => requests.filter((r) => r.url === '/api/v1/player/manifest'),
    heartbeats: () => requests.filter((r) => r.url === '/api/v1/player/heartbeat'),
  };
}

const json =
  (m: TPlayerManifest, etag = `"${m.version}"`) =>
  () =>
    new Response(JSON.stringify(m), {
      status: 200,
      headers: { etag, 'content-type': 'application/json' },
    });

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW_PLAYING: TNowPlaying = {
  playlistId: 'p1',
  itemId: 'i1',
  contentId: 'a',
  startedAt: '2026-11-22T20:00:00.000Z',
};

function setup(over: Partial<TContentSyncOptions> & { cached?: string[] } = {}) {
  const server = fakeServer();
  const { cache, prepares, cleanups } = fakeCache(over.cached);
  const storage = memoryStorage();
  const onRevoked = vi.fn();
  const sync = createContentSync({
    token: TOKEN,
    cache,
    nowPlaying: () => NOW_PLAYING,
    appVersion: '0.1.0',
    onRevoked,
    fetchImpl: server.fetchImpl,
    storage,
    random: () => 0.5,
    log: { warn: () => undefined },
    ...over,
  });
  return { sync, server, prepares, cleanups, storage, onRevoked };
}

/** Lets pending promises run (fetches, streams) without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

const A = media('a', 'AAAAAAAAAAAAAAAAAAAAAA==');
const B = media('b', 'BBBBBBBBBBBBBBBBBBBBBB==');

describe('content sync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls at start, downloads the manifest and applies it only when its files are ready', async () => {
    const { sync, server, prepares, storage } = setup();
    const v1 = manifest('v1', [A, B]);
    server.answer(json(v1));
    const seen: ReadyManifest[] = [];
    sync.subscribe((ready) => seen.push(ready));
    sync.start();
    await flush();

    expect(server.polls()).toHaveLength(1);
    expect(server.polls()[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(server.polls()[0]!.headers.get('if-none-match')).toBeNull();
    expect(prepares).toHaveLength(1);
    expect(prepares[0]!.media).toEqual([A, B]);
    // Not ready yet: nothing for playback, nothing saved.
    prepares[0]!.onProgress?.({
      filesReady: 1,
      filesNeeded: 2,
      bytesReady: 100,
      bytesNeeded: 200,
      problem: null,
    });
    expect(sync.current()).toBeNull();
    expect(seen).toEqual([]);
    expect(storage.items.has(MANIFEST_STORAGE_KEY)).toBe(false);
    expect(sync.cacheStatus()).toMatchObject({ filesReady: 1, filesNeeded: 2 });
    expect(sync.settings()).toEqual(v1.settings);

    prepares[0]!.resolve({ ok: true });
    await flush();
    expect(sync.current()?.manifest.version).toBe('v1');
    expect(sync.current()?.mediaUrlOf('a')).toBe(`/tv/media/${A.md5}`);
    expect(sync.current()?.mediaUrlOf('unknown')).toBeNull();
    expect(seen.map((r) => r.manifest.version)).toEqual(['v1']);
    expect(JSON.parse(storage.items.get(MANIFEST_STORAGE_KEY)!)).toEqual(v1);
    expect(sync.cacheStatus()).toEqual({
      filesReady: 2,
      filesNeeded: 2,
      bytesReady: 200,
      bytesNeeded: 200,
      problem: null,
    });
    sync.stop();
  });

  it('sends the ETag back as If-None-Match; a 304 keeps the manifest and downloads nothing', async () => {
    const { sync, server, prepares } = setup();
    server.answer(json(manifest('v1', [A]), '"etag-of-v1"'));
    sync.start();
    await flush();
    prepares[0]!.resolve({ ok: true });
    await flush();

    const firstSync = sync.lastSyncAt();
    expect(firstSync).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.polls()).toHaveLength(2);
    expect(server.polls()[1]!.headers.get('if-none-match')).toBe('"etag-of-v1"');
    // The 304 is an answer too: the menu's "last sync" moves on.
    expect(sync.lastSyncAt()).toBe(firstSync! + 60_000);
    expect(prepares).toHaveLength(1);
    expect(sync.current()?.manifest.version).toBe('v1');
    sync.stop();
  });

  it('waits the poll interval × (1 ± 10 %) at random between polls', async () => {
    expect(jitteredDelayMs(60, () => 0)).toBe(54_000);
    expect(jitteredDelayMs(60, () => 0.5)).toBe(60_000);
    expect(jitteredDelayMs(60, () => 0.999_999)).toBe(66_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = jitteredDelayMs(100, Math.random);
      expect(delay).toBeGreaterThanOrEqual(90_000);
      expect(delay).toBeLessThanOrEqual(110_000);
    }

    // The manifest's interval is used once it arrives: 200 s × 0.9 with random() = 0.
    const { sync, server, prepares } = setup({ random: () => 0 });
    server.answer(json(manifest('v1', [A], 200)));
    sync.start();
    await flush();
    prepares[0]!.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(179_999);
    expect(server.polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.polls()).toHaveLength(2);
    sync.stop();
  });

  it('waits 60 s (jittered) before the first manifest', async () => {
    const { sync, server } = setup({ random: () => 0.999_999 });
    server.always(() => Promise.reject(new TypeError('Failed to fetch')));
    sync.start();
    await flush();
    expect(server.polls()).toHaveLength(1);
    expect(sync.lastSyncAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(65_999);
    expect(server.polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.polls()).toHaveLength(2);
    sync.stop();
  });

  it('sends a heartbeat with every poll: version applied, storage, cache status, what plays', async () => {
    const { sync, server, prepares } = setup();
    server.answer(json(manifest('v1', [A])));
    sync.start();
    await flush();
    const first = ZPlayerHeartbeat.parse(server.heartbeats()[0]!.body);
    expect(first).toEqual({
      appVersion: '0.1.0',
      manifestVersion: null,
      storage: { usedBytes: 10, quotaBytes: 1000, persisted: true },
      cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
      nowPlaying: NOW_PLAYING,
      adCreativesReady: [],
    });
    expect(server.heartbeats()[0]!.method).toBe('POST');
    expect(server.heartbeats()[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    prepares[0]!.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.heartbeats()).toHaveLength(2);
    const second = ZPlayerHeartbeat.parse(server.heartbeats()[1]!.body);
    expect(second.manifestVersion).toBe('v1');
    expect(second.cache).toMatchObject({ filesReady: 1, filesNeeded: 1, problem: null });
    sync.stop();
  });

  it("reports the newest manifest's ad creatives already in the cache (adCreativesReady)", async () => {
    const creative = media('creative-1', 'md5-creative-1');
    const missing = media('creative-2', 'md5-creative-2');
    const houseAd = media('house-1', 'md5-house-1');
    const withAds: TPlayerManifest = {
      ...manifest('v2', [A, creative, missing, houseAd]),
      adFill: {
        campaigns: [
          {
            campaignId: 'campaign-1',
            weight: 1,
            qrUrl: null,
            windows: [],
            creatives: [
              { creativeId: 'creative-1', contentId: 'creative-1', kind: 'image' },
              { creativeId: 'creative-2', contentId: 'creative-2', kind: 'image' },
            ],
          },
        ],
        houseAds: [{ creativeId: 'house-1', contentId: 'house-1', kind: 'image' }],
      },
    };
    // Downloading: what is cached already counts, the rest does not.
    const { sync, server } = setup({ cached: ['md5-creative-1', 'md5-house-1', A.md5] });
    server.answer(json(withAds));
    sync.start();
    await flush();
    const heartbeat = ZPlayerHeartbeat.parse(server.heartbeats()[0]!.body);
    expect(heartbeat.manifestVersion).toBeNull();
    expect(heartbeat.adCreativesReady).toEqual(['creative-1', 'house-1']);
    sync.stop();
  });

  it('polls at once when the event stream says `changed`', async () => {
    const { sync, server } = setup();
    sync.start();
    await flush();
    expect(server.polls()).toHaveLength(1);
    expect(server.eventConnections()).toBe(1);
    const events = server.requests.find((r) => r.url === '/api/v1/player/events')!;
    expect(events.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(events.headers.get('accept')).toBe('text/event-stream');

    server.push(': keep-alive\n\nevent: other\ndata: x\n\n');
    await flush();
    expect(server.polls()).toHaveLength(1);
    // Split across chunks, as a network may deliver it.
    server.push('event: chan');
    await flush();
    server.push('ged\ndata: {}\n\n');
    await flush();
    expect(server.polls()).toHaveLength(2);
    sync.stop();
  });

  it('reconnects the event stream with backoff when it fails', async () => {
    const { sync, server } = setup();
    server.eventsAnswer(503);
    sync.start();
    await flush();
    expect(server.eventConnections()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.eventConnections()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.eventConnections()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventConnections()).toBe(3);

    server.eventsAnswer(200);
    const pollsBefore = server.polls().length;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.eventConnections()).toBe(4);
    // Connected again: a change pushed meanwhile was missed, so it polls once.
    expect(server.polls()).toHaveLength(pollsBefore + 1);
    server.push('retry: 5000\n\n');
    server.endEvents();
    await flush();
    // It heard the server: the next try waits the server's retry, not the backoff.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.eventConnections()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventConnections()).toBe(5);
    sync.stop();
  });

  it('aborts the download of a manifest when a newer one arrives, and never applies the older', async () => {
    const { sync, server, prepares } = setup();
    server.answer(json(manifest('v1', [A])), json(manifest('v2', [B])));
    const seen: string[] = [];
    sync.subscribe((ready) => seen.push(ready.manifest.version));
    sync.start();
    await flush();
    expect(prepares).toHaveLength(1);

    server.push('event: changed\ndata: {}\n\n');
    await flush();
    expect(prepares).toHaveLength(2);
    expect(prepares[0]!.signal?.aborted).toBe(true);
    expect(prepares[1]!.signal?.aborted).toBe(false);
    expect(prepares[1]!.media).toEqual([B]);

    prepares[0]!.resolve({ ok: true });
    await flush();
    expect(sync.current()).toBeNull();
    prepares[1]!.resolve({ ok: true });
    await flush();
    expect(sync.current()?.manifest.version).toBe('v2');
    expect(seen).toEqual(['v2']);
    sync.stop();
  });

  it('keeps the current manifest while a new one cannot be prepared, reports why, and tries again next poll', async () => {
    const { sync, server, prepares } = setup();
    server.answer(json(manifest('v1', [A])), json(manifest('v2', [A, B])));
    sync.start();
    await flush();
    prepares[0]!.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(prepares).toHaveLength(2);
    const problem = 'The files of this schedule do not fit: needs 2 GB, 1 GB free.';
    prepares[1]!.resolve({ ok: false, problem });
    await flush();
    expect(sync.current()?.manifest.version).toBe('v1');
    expect(sync.cacheStatus().problem).toBe(problem);

    await vi.advanceTimersByTimeAsync(60_000);
    const heartbeat = ZPlayerHeartbeat.parse(server.heartbeats().at(-1)!.body);
    expect(heartbeat.manifestVersion).toBe('v1');
    expect(heartbeat.cache.problem).toBe(problem);
    // The 304 poll tried the download of v2 again.
    expect(server.polls().at(-1)!.headers.get('if-none-match')).toBe('"v2"');
    expect(prepares).toHaveLength(3);
    prepares[2]!.resolve({ ok: true });
    await flush();
    expect(sync.current()?.manifest.version).toBe('v2');
    sync.stop();
  });

  it('offers the saved manifest at once on start when its files are cached (a reboot offline)', async () => {
    const saved = manifest('v1', [A]);
    const storage = memoryStorage({ [MANIFEST_STORAGE_KEY]: JSON.stringify(saved) });
    const { sync, server, prepares } = setup({ storage, cached: [A.md5] });
    server.always(() => Promise.reject(new TypeError('Failed to fetch')));
    sync.start();
    expect(sync.current()?.manifest).toEqual(saved);
    expect(sync.current()?.mediaUrlOf('a')).toBe(`/tv/media/${A.md5}`);
    expect(sync.settings()).toEqual(saved.settings);
    await flush();
    expect(server.polls()[0]!.headers.get('if-none-match')).toBe('"v1"');
    expect(prepares).toHaveLength(0);
    sync.stop();
  });

  it('does not offer a saved manifest whose files are gone, and drops one that does not parse', async () => {
    const notCached = setup({
      storage: memoryStorage({ [MANIFEST_STORAGE_KEY]: JSON.stringify(manifest('v1', [A])) }),
    });
    notCached.sync.start();
    expect(notCached.sync.current()).toBeNull();
    await flush();
    expect(notCached.server.polls()[0]!.headers.get('if-none-match')).toBeNull();
    notCached.sync.stop();

    const storage = memoryStorage({ [MANIFEST_STORAGE_KEY]: JSON.stringify({ version: 'v1' }) });
    const invalid = setup({ storage });
    invalid.sync.start();
    expect(invalid.sync.current()).toBeNull();
    expect(storage.items.has(MANIFEST_STORAGE_KEY)).toBe(false);
    invalid.sync.stop();
  });

  it('cleans the cache every cacheCleanupIntervalSeconds, keeping the current and pending files', async () => {
    const { sync, server, prepares, cleanups } = setup();
    server.answer(json(manifest('v1', [A])), json(manifest('v2', [B])));
    sync.start();
    await flush();
    prepares[0]!.resolve({ ok: true });
    await flush();
    // The default hour before the first manifest's settings; then the manifest's 600 s.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(prepares).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_600_000 - 60_000);
    expect(cleanups).toEqual([['a', 'b']]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(cleanups).toHaveLength(2);
    sync.stop();
  });

  it('takes the fresh token a heartbeat answers, calls with it from then on, and hands it on', async () => {
    let token = TOKEN;
    const onTokenRenewed = vi.fn((fresh: string) => {
      token = fresh;
    });
    // The runtime holds the token; the sync reads it at each call.
    const { sync, server } = setup({ token: () => token, onTokenRenewed });
    const fresh = 'sld_fresh-token-after-renewal';
    server.heartbeatAnswers(200, { token: fresh, expiresAt: '2026-12-25T06:00:00.000Z' });
    server.answer(json(manifest('v1', [A])));
    sync.start();
    await flush();
    expect(onTokenRenewed).toHaveBeenCalledWith(fresh);
    server.heartbeatAnswers(204);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.polls().at(-1)!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(server.heartbeats().at(-1)!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    sync.stop();
  });

  it('stops everything and calls onRevoked once when the token is refused (401)', async () => {
    const { sync, server, onRevoked } = setup();
    server.answer(() => new Response(null, { status: 401 }));
    sync.start();
    await flush();
    expect(onRevoked).toHaveBeenCalledTimes(1);
    const requestsSoFar = server.requests.length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.polls()).toHaveLength(1);
    expect(server.requests.length).toBe(requestsSoFar);
    expect(onRevoked).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 on the heartbeat or the event stream as revoked too', async () => {
    const heartbeat = setup();
    heartbeat.server.heartbeatAnswers(401);
    heartbeat.sync.start();
    await flush();
    expect(heartbeat.onRevoked).toHaveBeenCalledTimes(1);

    const events = setup();
    events.server.eventsAnswer(401);
    events.sync.start();
    await flush();
    expect(events.onRevoked).toHaveBeenCalledTimes(1);
  });
});
