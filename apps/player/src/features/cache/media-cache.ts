import SparkMD5 from 'spark-md5';
import type { TManifestMedia, TPlayerCacheStatus } from '@screenline/shared/player';
import type { MediaCache } from '../playback/contracts';
import { MEDIA_CACHE, mediaKeyOf, mediaTmpUrl, mediaUrl, parseMediaUrl } from '../../lib/tv-caches';

/**
 * The TV's media files (issue 8 item 6) in Cache Storage, one entry per content hash: the URL is
 * `/tv/media/<md5 as base64url>`, which the service worker (src/sw.ts) answers from this cache,
 * Range requests included. A download goes to `/tv/media/tmp/<key>` while its MD5 is computed
 * from the same bytes, and is promoted to its final URL only when its size and MD5 match: a
 * file that did not arrive whole or changed on the way is never played. The index of what is
 * cached is read once at open and kept in memory, so `urlOf` answers at once.
 *
 * Runs in Chromium 68/69: Cache Storage, fetch with `ReadableStream` bodies and `tee()`,
 * `navigator.storage.estimate()`, `persist()` and `persisted()` are all there (55+).
 */

/** What the cache needs from the browser; the defaults are the page's own. */
export interface TMediaCacheDeps {
  caches?: CacheStorage;
  fetchImpl?: typeof fetch;
  /** `navigator.storage`; null where the browser has none. */
  storageManager?: Pick<StorageManager, 'estimate' | 'persist' | 'persisted'> | null;
  /** Waits `ms` or until `signal` aborts (the retry backoff). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: Pick<Console, 'warn'>;
}

/** The first retry waits this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

export const retryDelayMs = (failures: number) =>
  Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

class ChecksumMismatch extends Error {}

class AbortedError extends Error {
  constructor() {
    super('The download was stopped.');
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

/** Bytes for people: "1.5 GB", "820 MB", "12 KB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** The base64 of a binary string (what SparkMD5's `end(true)` answers). */
function base64OfBinary(binary: string): string {
  return btoa(binary);
}

/** Opens the media cache: reads its index and asks once for persistent storage. */
export async function openMediaCache(deps: TMediaCacheDeps = {}): Promise<MediaCache> {
  const cacheStorage = deps.caches ?? (typeof caches === 'undefined' ? undefined : caches);
  if (!cacheStorage) {
    throw new Error(
      'Cache Storage is not available: the player must be opened over HTTPS (or on localhost).',
    );
  }
  const fetchImpl = deps.fetchImpl ?? ((input, init) => fetch(input, init));
  const storageManager =
    deps.storageManager === undefined
      ? typeof navigator !== 'undefined' && navigator.storage
        ? navigator.storage
        : null
      : deps.storageManager;
  const sleep = deps.sleep ?? defaultSleep;
  const log = deps.log ?? console;

  const cache = await cacheStorage.open(MEDIA_CACHE);
  /** The keys of the final (checked) entries. */
  const index = new Set<string>();
  for (const request of await cache.keys()) {
    const parsed = parseMediaUrl(request.url);
    if (parsed && !parsed.isTemp) index.add(parsed.key);
  }
  /** Keys being downloaded now: cleanup never touches their temp entries. */
  const inFlight = new Set<string>();

  // Chromium grants persistence by its own heuristics (no prompt); without it the browser may
  // evict the whole origin's storage under pressure. Asked once per start.
  let persisted = false;
  if (storageManager) {
    try {
      persisted = await storageManager.persist();
    } catch (error) {
      log.warn('Screenline TV: persistent storage could not be requested.', error);
    }
  }

  const keyOf = (media: TManifestMedia) => mediaKeyOf(media.md5);

  async function freeBytes(): Promise<number | null> {
    if (!storageManager) return null;
    try {
      const { usage, quota } = await storageManager.estimate();
      if (quota === undefined) return null;
      return Math.max(0, quota - (usage ?? 0));
    } catch {
      return null;
    }
  }

  /** Downloads one file to its temp entry while hashing it; promotes it when it matches. */
  async function download(media: TManifestMedia, key: string, signal?: AbortSignal) {
    const tmp = mediaTmpUrl(key);
    inFlight.add(key);
    // Its own controller, so a file larger than announced stops the download at once (both
    // branches of the body); the caller's signal aborts it too (no AbortSignal.any in 69).
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) controller.abort();
    try {
      const response = await fetchImpl(media.url, {
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok) {
        throw new Error(
          `The file ${media.contentId} could not be downloaded (HTTP ${response.status}).`,
        );
      }
      // What the service worker answers with: a video element seeks by Range requests.
      const headers = {
        'content-type': media.contentType,
        'content-length': String(media.sizeBytes),
        'accept-ranges': 'bytes',
      };
      const spark = new SparkMD5.ArrayBuffer();
      let received = 0;
      if (response.body) {
        const [toCache, toHash] = response.body.tee();
        const reader = toHash.getReader();
        const hashing = (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            received += value.byteLength;
            if (received > media.sizeBytes) {
              // Larger than announced: stop the download; the cache's branch errors too.
              controller.abort();
              throw new ChecksumMismatch();
            }
            spark.append(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
          }
        })();
        const writing = cache.put(tmp, new Response(toCache, { headers }));
        const failed = (error: unknown) =>
          error instanceof Error ? error : new Error(String(error));
        const outcomes = await Promise.all([
          hashing.then(() => null, failed),
          writing.then(() => null, failed),
        ]);
        // A mismatch says more than the abort error it caused on the other branch.
        const failure =
          outcomes.find((outcome) => outcome instanceof ChecksumMismatch) ??
          outcomes.find((outcome) => outcome !== null);
        if (failure) throw failure;
      } else {
        await cache.put(tmp, new Response(new ArrayBuffer(0), { headers }));
      }
      const md5 = base64OfBinary(spark.end(true));
      if (received !== media.sizeBytes || mediaKeyOf(md5) !== key) throw new ChecksumMismatch();
      const stored = await cache.match(tmp);
      if (!stored) throw new Error(`The file ${media.contentId} was not kept by the browser.`);
      await cache.put(mediaUrl(key), stored);
      index.add(key);
      await cache.delete(tmp);
    } catch (error) {
      await cache.delete(tmp).catch(() => false);
      if (signal?.aborted) throw new AbortedError();
      throw error;
    } finally {
      signal?.removeEventListener('abort', abort);
      inFlight.delete(key);
    }
  }

  return {
    urlOf(media) {
      const key = keyOf(media);
      return key && index.has(key) ? mediaUrl(key) : null;
    },

    async prepare(media, { signal, onProgress } = {}) {
      // One entry per content hash: two items with the same bytes are one download.
      const byKey = new Map<string, TManifestMedia>();
      for (const item of media) {
        const key = keyOf(item);
        if (!key) {
          const problem = `The file ${item.contentId} has no valid checksum.`;
          onProgress?.({ ...emptyStatus(), problem });
          return { ok: false, problem };
        }
        if (!byKey.has(key)) byKey.set(key, item);
      }
      const status: TPlayerCacheStatus = {
        filesReady: 0,
        filesNeeded: byKey.size,
        bytesReady: 0,
        bytesNeeded: 0,
        problem: null,
      };
      const missing: [string, TManifestMedia][] = [];
      for (const [key, item] of byKey) {
        status.bytesNeeded += item.sizeBytes;
        if (index.has(key)) {
          status.filesReady += 1;
          status.bytesReady += item.sizeBytes;
        } else {
          missing.push([key, item]);
        }
      }
      const report = () => onProgress?.({ ...status });
      if (missing.length === 0) {
        report();
        return { ok: true };
      }

      // All of it must fit before any of it is fetched: half a manifest never plays. Each file
      // is briefly held twice (its temp entry and its final one), so the largest counts twice.
      const missingBytes = missing.reduce((sum, [, item]) => sum + item.sizeBytes, 0);
      const largest = Math.max(...missing.map(([, item]) => item.sizeBytes));
      const needed = missingBytes + largest;
      const free = await freeBytes();
      if (free !== null && needed > free) {
        status.problem = `The files of this schedule do not fit: needs ${formatBytes(needed)}, ${formatBytes(free)} free.`;
        report();
        return { ok: false, problem: status.problem };
      }
      report();

      for (const [key, item] of missing) {
        for (let failures = 0; ;) {
          if (signal?.aborted) return { ok: false, problem: 'The download was stopped.' };
          if (index.has(key)) break;
          try {
            await download(item, key, signal);
            status.problem = null;
            break;
          } catch (error) {
            if (error instanceof AbortedError || signal?.aborted) {
              return { ok: false, problem: 'The download was stopped.' };
            }
            failures += 1;
            status.problem =
              error instanceof ChecksumMismatch
                ? `The file ${item.contentId} did not match its checksum.`
                : error instanceof Error && error.name === 'QuotaExceededError'
                  ? `The TV ran out of storage while keeping the file ${item.contentId}.`
                  : error instanceof Error && error.message.startsWith('The file ')
                    ? error.message
                    : `The file ${item.contentId} could not be downloaded.`;
            log.warn(`Screenline TV: ${status.problem} Trying again.`, error);
            report();
            await sleep(retryDelayMs(failures), signal);
          }
        }
        status.filesReady += 1;
        status.bytesReady += item.sizeBytes;
        report();
      }
      return { ok: true };
    },

    async cleanup(keep) {
      const kept = new Set(keep.map(keyOf).filter((key): key is string => key !== null));
      let removed = 0;
      for (const request of await cache.keys()) {
        const parsed = parseMediaUrl(request.url);
        // Entries this cache did not write are left alone.
        if (!parsed || kept.has(parsed.key) || inFlight.has(parsed.key)) continue;
        if (await cache.delete(request)) removed += 1;
        if (!parsed.isTemp) index.delete(parsed.key);
      }
      return removed;
    },

    async storage() {
      let usedBytes = 0;
      let quotaBytes: number | null = null;
      if (storageManager) {
        try {
          const estimate = await storageManager.estimate();
          usedBytes = Math.round(estimate.usage ?? 0);
          quotaBytes = estimate.quota === undefined ? null : Math.round(estimate.quota);
          persisted = await storageManager.persisted();
        } catch {
          // Keep what was known.
        }
      }
      return { usedBytes, quotaBytes, persisted };
    },
  };
}

function emptyStatus(): TPlayerCacheStatus {
  return { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null };
}
