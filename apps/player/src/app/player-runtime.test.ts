import { describe, expect, it, vi } from 'vitest';
import type { MediaCache, ReadyManifest } from '../features/playback/contracts';
import type { TSavedDevice } from '../lib/device';
import {
  startPlayerRuntime,
  type TContentSync,
  type TContentSyncOptions,
  type TPlayerParts,
} from './player-runtime';

const DEVICE: TSavedDevice = {
  deviceId: 'd1',
  token: `sld_${'a'.repeat(43)}`,
  adSpace: {
    id: 'a1',
    name: 'Window',
    orientation: 'landscape',
    location: { id: 'l1', name: 'Harbour', city: 'Springfield', timeZone: 'UTC' },
  },
};

function parts(settings: TContentSync['settings'] = () => null) {
  const cache: MediaCache = {
    prepare: vi.fn(),
    urlOf: vi.fn(),
    cleanup: vi.fn(),
    storage: () => Promise.resolve({ usedBytes: 10, quotaBytes: 100, persisted: true }),
  };
  const listeners = new Set<(ready: ReadyManifest) => void>();
  const sync = {
    current: () => null,
    subscribe: (listener: (ready: ReadyManifest) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start: vi.fn(),
    stop: vi.fn(),
    cacheStatus: () => ({
      filesReady: 1,
      filesNeeded: 2,
      bytesReady: 3,
      bytesNeeded: 4,
      problem: null,
    }),
    settings,
  };
  const impressions = { start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(() => Promise.resolve()) };
  const recorder = { started: vi.fn(() => 'p1'), ended: vi.fn(), stop: vi.fn() };
  let syncOptions: TContentSyncOptions | null = null;
  const made: TPlayerParts = {
    openMediaCache: () => Promise.resolve(cache),
    createContentSync: (options) => {
      syncOptions = options;
      return sync;
    },
    createPlayRecorder: vi.fn(() => recorder),
    createImpressionSync: vi.fn(() => impressions),
  };
  /** The sync telling its subscribers a newer manifest is ready. */
  const manifestReady = () => {
    // The runtime reads the settings from the sync, not from what it is handed.
    for (const listener of listeners) listener({} as ReadyManifest);
  };
  return {
    made,
    sync,
    impressions,
    recorder,
    manifestReady,
    listeners,
    syncOptions: () => syncOptions!,
  };
}

/** The interval the runtime gave the impression sync, read now. */
function intervalOf(made: TPlayerParts): number {
  const create = vi.mocked(made.createImpressionSync);
  const options = create.mock.calls[0]?.[0];
  if (!options) throw new Error('the impression sync was not made');
  return options.intervalMs();
}

describe('startPlayerRuntime', () => {
  it('makes and starts the parts for the device, and stops them', async () => {
    const { made, sync, impressions, recorder, syncOptions } = parts();
    const onRevoked = vi.fn();
    const runtime = await startPlayerRuntime(DEVICE, made, { appVersion: '1.2.3', onRevoked });
    expect(syncOptions()).toMatchObject({ token: DEVICE.token, appVersion: '1.2.3' });
    expect(made.createPlayRecorder).toHaveBeenCalledWith(DEVICE);
    expect(made.createImpressionSync).toHaveBeenCalledWith(
      expect.objectContaining({ token: DEVICE.token }),
    );
    expect(intervalOf(made)).toBe(60_000);
    expect(sync.start).toHaveBeenCalled();
    expect(impressions.start).toHaveBeenCalled();
    expect(runtime.source).toBe(sync);
    expect(runtime.recorder).toBe(recorder);
    syncOptions().onRevoked();
    expect(onRevoked).toHaveBeenCalled();
    runtime.stop();
    expect(sync.stop).toHaveBeenCalled();
    expect(impressions.stop).toHaveBeenCalled();
    expect(recorder.stop).toHaveBeenCalled();
  });

  it('relays what playback shows to the heartbeat, and reports its status', async () => {
    const { made, syncOptions } = parts();
    const runtime = await startPlayerRuntime(DEVICE, made, {
      appVersion: '1',
      onRevoked: () => undefined,
    });
    expect(syncOptions().nowPlaying()).toBeNull();
    const now = { playlistId: 'p', itemId: 'i', contentId: 'c', startedAt: '2026-11-22T00:00:00Z' };
    runtime.setNowPlaying(now);
    expect(syncOptions().nowPlaying()).toBe(now);
    expect(await runtime.status()).toEqual({
      cache: { filesReady: 1, filesNeeded: 2, bytesReady: 3, bytesNeeded: 4, problem: null },
      storage: { usedBytes: 10, quotaBytes: 100, persisted: true },
      lastSyncAt: undefined,
    });
  });

  it('takes the impression interval from the newest manifest settings, read before each wait', async () => {
    let seconds: number | null = null;
    const { made } = parts(() =>
      seconds === null
        ? null
        : {
            pollIntervalSeconds: 60,
            impressionSyncIntervalSeconds: seconds,
            cacheCleanupIntervalSeconds: 3600,
          },
    );
    await startPlayerRuntime(DEVICE, made, { appVersion: '1', onRevoked: () => undefined });
    expect(intervalOf(made)).toBe(60_000);
    seconds = 30;
    expect(intervalOf(made)).toBe(30_000);
  });

  it('applies a new impression interval at once: a round now, whose next wait reads it', async () => {
    let seconds: number | null = null;
    const { made, impressions, manifestReady, listeners } = parts(() =>
      seconds === null
        ? null
        : {
            pollIntervalSeconds: 60,
            impressionSyncIntervalSeconds: seconds,
            cacheCleanupIntervalSeconds: 3600,
          },
    );
    const runtime = await startPlayerRuntime(DEVICE, made, {
      appVersion: '1',
      onRevoked: () => undefined,
    });
    // The first manifest brings 5 s: the wait of 60 s set at start is not kept.
    seconds = 5;
    manifestReady();
    expect(impressions.syncNow).toHaveBeenCalledTimes(1);
    // A newer manifest with the same interval changes nothing.
    manifestReady();
    expect(impressions.syncNow).toHaveBeenCalledTimes(1);
    seconds = 30;
    manifestReady();
    expect(impressions.syncNow).toHaveBeenCalledTimes(2);
    runtime.stop();
    expect(listeners.size).toBe(0);
  });
});
