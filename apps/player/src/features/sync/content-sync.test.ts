// The content sync's manifests: polling (ETag, interval, jitter), downloads and their files, the
// saved manifest on start, cache cleanup. Heartbeats, the event stream and the token are in
// content-sync-reports.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZPlayerHeartbeat } from '@screenline/shared/player';
import type { ReadyManifest } from '../playback/contracts';
import { jitteredDelayMs, MANIFEST_STORAGE_KEY } from './content-sync';
import {
  TOKEN,
  manifest,
  json,
  memoryStorage,
  setup,
  flush,
  A,
  B,
} from './test/content-sync-setup';

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
});
