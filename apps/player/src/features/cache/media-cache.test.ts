import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { TManifestMedia, TPlayerCacheStatus } from '@screenline/shared/player';
import { mediaKeyOf } from '../../lib/tv-caches';
import { formatBytes, openMediaCache, retryDelayMs, type TMediaCacheDeps } from './media-cache';

const ORIGIN = 'http://tv.test';

/** Cache Storage as far as the media cache uses it: bodies are read in full when put. */
class FakeCache {
  readonly entries = new Map<string, { bytes: Uint8Array; headers: Headers }>();
  puts: string[] = [];
  private path(request: RequestInfo | URL): string {
    const url =
      typeof request === 'string' ? request : 'url' in request ? request.url : request.href;
    return new URL(url, ORIGIN).pathname;
  }
  async put(request: RequestInfo | URL, response: Response) {
    const path = this.path(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    this.puts.push(path);
    this.entries.set(path, { bytes, headers: new Headers(response.headers) });
  }
  async match(request: RequestInfo | URL) {
    const entry = this.entries.get(this.path(request));
    return entry ? new Response(entry.bytes.slice(), { headers: entry.headers }) : undefined;
  }
  async keys() {
    return [...this.entries.keys()].map((path) => new Request(`${ORIGIN}${path}`));
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.path(request));
  }
}

function fakeCaches(cache = new FakeCache()) {
  const opened: string[] = [];
  const storage = {
    open: async (name: string) => {
      opened.push(name);
      return cache;
    },
  } as unknown as CacheStorage;
  return { cache, storage, opened };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);
const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

function media(contentId: string, bytes: Uint8Array, over: Partial<TManifestMedia> = {}) {
  return {
    contentId,
    kind: 'image',
    contentType: 'image/png',
    url: `/v0/files/${contentId}?token=t`,
    sizeBytes: bytes.byteLength,
    md5: md5Of(bytes),
    durationMs: null,
    ...over,
  } satisfies TManifestMedia;
}

/** A body sent in chunks of 3 bytes, as a network would. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 3));
      offset += 3;
    },
  });
}

type TServed = Record<string, Uint8Array | number | (() => Response)>;

function fakeFetch(served: TServed) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push(url);
    const answer = served[url];
    if (answer === undefined) return new Response('missing', { status: 404 });
    if (typeof answer === 'number') return new Response('failed', { status: answer });
    if (typeof answer === 'function') return answer();
    return new Response(chunked(answer), { status: 200 });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

function storageManager(quota = 10_000_000, usage = 1_000) {
  return {
    estimate: vi.fn(async () => ({ quota, usage })),
    persist: vi.fn(async () => true),
    persisted: vi.fn(async () => true),
  };
}

async function open(served: TServed, over: TMediaCacheDeps & { cache?: FakeCache } = {}) {
  const { cache, storage } = fakeCaches(over.cache);
  const { fetchImpl, calls } = fakeFetch(served);
  const delays: number[] = [];
  const manager = storageManager();
  const mediaCache = await openMediaCache({
    caches: storage,
    fetchImpl,
    storageManager: manager,
    sleep: async (ms) => {
      delays.push(ms);
    },
    log: { warn: () => undefined },
    ...over,
  });
  return { mediaCache, cache, calls, delays, manager };
}

const A = bytesOf('the first picture, some bytes long');
const B = bytesOf('a video file, which is somewhat longer than the picture');

describe('media cache', () => {
  it('downloads each missing file to a temp entry, checks it and promotes it under its md5 key', async () => {
    const a = media('a', A);
    const b = media('b', B, { kind: 'video', contentType: 'video/mp4', durationMs: 4000 });
    const { mediaCache, cache } = await open({ [a.url]: A, [b.url]: B });
    expect(mediaCache.urlOf(a)).toBeNull();

    const progress: TPlayerCacheStatus[] = [];
    const result = await mediaCache.prepare([a, b], { onProgress: (s) => progress.push(s) });

    expect(result).toEqual({ ok: true });
    const keyA = mediaKeyOf(a.md5)!;
    const keyB = mediaKeyOf(b.md5)!;
    expect(keyA).not.toMatch(/[+/=]/);
    expect(mediaCache.urlOf(a)).toBe(`/tv/media/${keyA}`);
    expect(mediaCache.urlOf(b)).toBe(`/tv/media/${keyB}`);
    // Written to the temp entry first, then promoted; no temp is left.
    expect(cache.puts).toEqual([
      `/tv/media/tmp/${keyA}`,
      `/tv/media/${keyA}`,
      `/tv/media/tmp/${keyB}`,
      `/tv/media/${keyB}`,
    ]);
    expect([...cache.entries.keys()].sort()).toEqual(
      [`/tv/media/${keyA}`, `/tv/media/${keyB}`].sort(),
    );
    const stored = cache.entries.get(`/tv/media/${keyB}`)!;
    expect(Buffer.from(stored.bytes).equals(Buffer.from(B))).toBe(true);
    expect(stored.headers.get('content-type')).toBe('video/mp4');
    expect(stored.headers.get('content-length')).toBe(String(B.byteLength));
    expect(progress.at(-1)).toEqual({
      filesReady: 2,
      filesNeeded: 2,
      bytesReady: A.byteLength + B.byteLength,
      bytesNeeded: A.byteLength + B.byteLength,
      problem: null,
    });
    expect(progress[0]).toMatchObject({ filesReady: 0, filesNeeded: 2 });
  });

  it('finds what an earlier start cached (the index is read at open) and downloads nothing again', async () => {
    const a = media('a', A);
    const first = await open({ [a.url]: A });
    await first.mediaCache.prepare([a]);

    const again = await open({}, { cache: first.cache });
    expect(again.mediaCache.urlOf(a)).toBe(`/tv/media/${mediaKeyOf(a.md5)}`);
    expect(await again.mediaCache.prepare([a, { ...a, contentId: 'same-bytes' }])).toEqual({
      ok: true,
    });
    expect(again.calls).toEqual([]);
  });

  it('never promotes a file whose MD5 does not match: the temp goes, the problem is told, it is tried again', async () => {
    const a = media('a', A, { md5: md5Of(bytesOf('other bytes')) });
    const controller = new AbortController();
    const progress: TPlayerCacheStatus[] = [];
    const { mediaCache, cache, calls, delays } = await open(
      { [a.url]: A },
      {
        sleep: async (ms) => {
          delays.push(ms);
          if (delays.length === 3) controller.abort();
        },
      },
    );

    const result = await mediaCache.prepare([a], {
      signal: controller.signal,
      onProgress: (s) => progress.push(s),
    });

    expect(result).toEqual({ ok: false, problem: 'The download was stopped.' });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([2000, 4000, 8000]);
    expect(mediaCache.urlOf(a)).toBeNull();
    expect(cache.entries.size).toBe(0);
    expect(progress.map((p) => p.problem)).toContain('The file a did not match its checksum.');
    expect(progress.every((p) => p.filesReady === 0)).toBe(true);
  });

  it('treats a file of another size as a mismatch, even when it is longer than announced', async () => {
    const a = media('a', A, { sizeBytes: A.byteLength - 5 });
    const controller = new AbortController();
    const problems: (string | null)[] = [];
    const { mediaCache, cache } = await open(
      { [a.url]: A },
      { sleep: async () => controller.abort() },
    );
    await mediaCache.prepare([a], {
      signal: controller.signal,
      onProgress: (s) => problems.push(s.problem),
    });
    expect(problems).toContain('The file a did not match its checksum.');
    expect(cache.entries.size).toBe(0);
    expect(mediaCache.urlOf(a)).toBeNull();
  });

  it('retries a failed download with backoff and then succeeds', async () => {
    const a = media('a', A);
    let attempts = 0;
    const { mediaCache, delays } = await open({
      [a.url]: () => {
        attempts += 1;
        return attempts < 3
          ? new Response('busy', { status: 503 })
          : new Response(chunked(A), { status: 200 });
      },
    });
    const problems: (string | null)[] = [];
    expect(await mediaCache.prepare([a], { onProgress: (s) => problems.push(s.problem) })).toEqual({
      ok: true,
    });
    expect(delays).toEqual([2000, 4000]);
    expect(problems).toContain('The file a could not be downloaded (HTTP 503).');
    expect(problems.at(-1)).toBeNull();
  });

  it('says the TV ran out of storage when the browser refuses to keep a file', async () => {
    const a = media('a', A);
    const cache = new FakeCache();
    cache.put = () => Promise.reject(new DOMException('Quota exceeded.', 'QuotaExceededError'));
    const controller = new AbortController();
    const problems: (string | null)[] = [];
    const opened = await open({ [a.url]: A }, { cache, sleep: async () => controller.abort() });
    await opened.mediaCache.prepare([a], {
      signal: controller.signal,
      onProgress: (s) => problems.push(s.problem),
    });
    expect(problems).toContain('The TV ran out of storage while keeping the file a.');
    expect(opened.mediaCache.urlOf(a)).toBeNull();
  });

  it('answers that it does not fit, and downloads nothing, when free space is short', async () => {
    const a = media('a', A);
    const b = media('b', B);
    const manager = storageManager(A.byteLength + B.byteLength + 1_000, 1_000);
    const { mediaCache, calls, cache } = await open(
      { [a.url]: A, [b.url]: B },
      { storageManager: manager },
    );
    const progress: TPlayerCacheStatus[] = [];
    const result = await mediaCache.prepare([a, b], { onProgress: (s) => progress.push(s) });
    const needed = A.byteLength + 2 * B.byteLength;
    const free = A.byteLength + B.byteLength;
    const problem = `The files of this schedule do not fit: needs ${formatBytes(needed)}, ${formatBytes(free)} free.`;
    expect(result).toEqual({ ok: false, problem });
    expect(progress.at(-1)?.problem).toBe(problem);
    expect(calls).toEqual([]);
    expect(cache.entries.size).toBe(0);
  });

  it('refuses a manifest whose md5 is not base64 of 16 bytes', async () => {
    const a = media('a', A, { md5: 'not-a-checksum' });
    const { mediaCache, calls } = await open({ [a.url]: A });
    expect(await mediaCache.prepare([a])).toEqual({
      ok: false,
      problem: 'The file a has no valid checksum.',
    });
    expect(calls).toEqual([]);
  });

  it('cleanup removes every entry, final or stale temp, that no kept media names', async () => {
    const a = media('a', A);
    const b = media('b', B);
    const { mediaCache, cache } = await open({ [a.url]: A, [b.url]: B });
    await mediaCache.prepare([a, b]);
    const stale = media('c', bytesOf('left over from a power cut'));
    cache.entries.set(`/tv/media/tmp/${mediaKeyOf(stale.md5)}`, {
      bytes: new Uint8Array(1),
      headers: new Headers(),
    });
    cache.entries.set('/tv/media/not-ours', { bytes: new Uint8Array(1), headers: new Headers() });

    expect(await mediaCache.cleanup([a])).toBe(2);
    expect(mediaCache.urlOf(a)).not.toBeNull();
    expect(mediaCache.urlOf(b)).toBeNull();
    expect([...cache.entries.keys()].sort()).toEqual(
      ['/tv/media/not-ours', `/tv/media/${mediaKeyOf(a.md5)}`].sort(),
    );
    expect(await mediaCache.cleanup([a])).toBe(0);
  });

  it('reports storage from estimate() and persisted(), and asks for persistence once at open', async () => {
    const { mediaCache, manager } = await open({});
    expect(manager.persist).toHaveBeenCalledTimes(1);
    expect(await mediaCache.storage()).toEqual({
      usedBytes: 1_000,
      quotaBytes: 10_000_000,
      persisted: true,
    });
    const without = await open({}, { storageManager: null });
    expect(await without.mediaCache.storage()).toEqual({
      usedBytes: 0,
      quotaBytes: null,
      persisted: false,
    });
  });

  it('says clearly when Cache Storage is missing (an insecure origin)', async () => {
    await expect(openMediaCache({ caches: undefined })).rejects.toThrow(/HTTPS/);
  });

  it('backs off exponentially up to five minutes', () => {
    expect([1, 2, 3, 8, 9, 20].map(retryDelayMs)).toEqual([
      2000, 4000, 8000, 256_000, 300_000, 300_000,
    ]);
  });
});
