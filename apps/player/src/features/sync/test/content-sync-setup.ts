// What the content sync's tests (content-sync*.test.ts) share: manifests and media, a fake cache,
// a fake server answering the player's routes, memory storage, and a sync wired to them.
import { vi } from 'vitest';
import {
  type TManifestMedia,
  type TPlayerCacheStatus,
  type TPlayerManifest,
} from '@screenline/shared/player';
import type { MediaCache, TNowPlaying } from '../../playback/contracts';
import { createContentSync, type TContentSyncOptions } from '../content-sync';

export const TOKEN = 'sld_device-token';

export function media(contentId: string, md5: string): TManifestMedia {
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

export function manifest(
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

export type TPrepareCall = {
  media: readonly TManifestMedia[];
  signal?: AbortSignal;
  onProgress?: (status: TPlayerCacheStatus) => void;
  resolve: (result: { ok: true } | { ok: false; problem: string }) => void;
};

/** A media cache whose downloads finish when the test says so. */
export function fakeCache(cached: string[] = []) {
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

export type TRoute = (init: RequestInit, headers: Headers) => Response | Promise<Response>;

/** The server as far as the sync sees it; every request is recorded. */
export function fakeServer() {
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

export const json =
  (m: TPlayerManifest, etag = `"${m.version}"`) =>
  () =>
    new Response(JSON.stringify(m), {
      status: 200,
      headers: { etag, 'content-type': 'application/json' },
    });

export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

export const NOW_PLAYING: TNowPlaying = {
  playlistId: 'p1',
  itemId: 'i1',
  contentId: 'a',
  startedAt: '2026-11-22T20:00:00.000Z',
};

export function setup(over: Partial<TContentSyncOptions> & { cached?: string[] } = {}) {
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
export const flush = () => vi.advanceTimersByTimeAsync(0);

export const A = media('a', 'AAAAAAAAAAAAAAAAAAAAAA==');
export const B = media('b', 'BBBBBBBBBBBBBBBBBBBBBB==');
