import { describe, expect, it, vi } from 'vitest';
import type { MediaCache } from '../features/playback/contracts';
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
  const listeners = new Set<() => void>();
  const sync = {
    current: () => null,
    subscribe: vi.fn((listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    /** A newer manifest is ready, as the content sync tells its subscribers. */
    offer: () => {
      for (const listener of listeners) listener();
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
  const impressions = { start: vi.fn(), stop: vi.fn(), intervalChanged: vi.fn() };
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
  return { made, sync, impressions, recorder, syncOptions: () => syncOptions! };
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
    expect(syncOptions()).toMatchObject({ appVersion: '1.2.3' });
    expect(syncOptions().token()).toBe(DEVICE.token);
    expect(made.createPlayRecorder).toHaveBeenCalledWith(DEVICE);
    const impressionToken = vi.mocked(made.createImpressionSync).mock.calls[0]?.[0].token;
    expect(impressionToken?.()).toBe(DEVICE.token);
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

  it('switches the sync and the impressions to a token the heartbeat renewed, and tells the app', async () => {
    const { made, syncOptions } = parts();
    const onTokenRenewed = vi.fn();
    const runtime = await startPlayerRuntime(DEVICE, made, {
      appVersion: '1',
      onRevoked: vi.fn(),
      onTokenRenewed,
    });
    syncOptions().onTokenRenewed('sld_renewed');
    expect(syncOptions().token()).toBe('sld_renewed');
    expect(vi.mocked(made.createImpressionSync).mock.calls[0]?.[0].token()).toBe('sld_renewed');
    expect(onTokenRenewed).toHaveBeenCalledWith('sld_renewed');
    runtime.stop();
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

  it('tells the impression sync of each newer manifest (its interval may be shorter), until stopped', async () => {
    const { made, sync, impressions } = parts();
    const runtime = await startPlayerRuntime(DEVICE, made, {
      appVersion: '1',
      onRevoked: () => undefined,
    });
    expect(impressions.intervalChanged).not.toHaveBeenCalled();
    sync.offer();
    expect(impressions.intervalChanged).toHaveBeenCalledTimes(1);
    runtime.stop();
    sync.offer();
    expect(impressions.intervalChanged).toHaveBeenCalledTimes(1);
  });
});
