import { useEffect, useRef, useState } from 'react';
import {
  PLAYER_SETTINGS_DEFAULTS,
  type TPlayerCacheStatus,
  type TPlayerHeartbeat,
  type TPlayerSettings,
} from '@screenline/shared/player';
import type {
  ContentSource,
  MediaCache,
  PlayRecorder,
  TNowPlaying,
} from '../features/playback/contracts';
import type { TSavedDevice } from '../lib/device';
import type { TPlayerCommand } from '@screenline/shared/fleet';

/**
 * The running player's parts for one device, put together: the media cache, the manifest sync
 * (the ContentSource playback follows), proof of play (recorder and its sync) and the "now
 * playing" relay from playback to the heartbeat. The parts are parameters (TPlayerParts) so
 * this file imports none of them: main.tsx hands the real ones to <App>.
 */

/** What the manifest sync (features/sync/content-sync.ts) gives beyond the ContentSource. */
export interface TContentSync extends ContentSource {
  start(): void;
  stop(): void;
  /** The newest manifest's cache progress; null before the first look. */
  cacheStatus(): TPlayerCacheStatus | null;
  /** The platform's player settings from the newest manifest; null before the first. */
  settings(): TPlayerSettings | null;
  /** When the server last answered a poll (epoch ms); optional: the menu says "Not known" without it. */
  lastSyncAt?(): number | null;
  /** Polls now (the "refresh content now" command). */
  refresh?(): Promise<void>;
}

export interface TContentSyncOptions {
  /** Read at each call: the heartbeat renews the token while the TV runs. */
  token: () => string;
  /** The heartbeat's answer carried a fresh token. */
  onTokenRenewed: (token: string) => void;
  cache: MediaCache;
  /** What is on screen now, read by each heartbeat. */
  nowPlaying: () => TNowPlaying;
  appVersion: string;
  /** The server refused the device token: the TV must be set up again. */
  onRevoked: () => void;
  /** A remote command arrived on the event stream (issue 23 item 2). */
  onCommand?: (command: TPlayerCommand) => void;
}

export interface TImpressionSync {
  start(): void;
  stop(): void;
  /** A newer manifest came: its interval may end the pending wait sooner. */
  intervalChanged(): void;
}

/** The factories of the other parts of the player (features/cache, sync, proof-of-play). */
export interface TPlayerParts {
  openMediaCache(): Promise<MediaCache>;
  createContentSync(options: TContentSyncOptions): TContentSync;
  /** Proof of play for this device and its ad space. */
  createPlayRecorder(device: TSavedDevice): PlayRecorder & { stop(): void };
  createImpressionSync(options: {
    token: () => string;
    /** Read before each wait: the manifest's settings may change it. */
    intervalMs: () => number;
    onRevoked: () => void;
  }): TImpressionSync;
}

/** How the player stands, for the menu's "Device info". */
export interface TRuntimeStatus {
  cache: TPlayerCacheStatus | null;
  storage: TPlayerHeartbeat['storage'] | null;
  /** Undefined when the sync does not tell. */
  lastSyncAt: number | null | undefined;
}

export interface PlayerRuntime {
  source: ContentSource;
  recorder: PlayRecorder;
  /** Playback tells what is on screen; the heartbeat reads it. */
  setNowPlaying(nowPlaying: TNowPlaying): void;
  status(): Promise<TRuntimeStatus>;
  /** The device token now (renewed while the TV runs), for the TV's own calls. */
  token(): string;
  /** Remote commands from the event stream; answers the unsubscribe. */
  subscribeCommands(listener: (command: TPlayerCommand) => void): () => void;
  /** Fetches the manifest now. */
  refresh(): Promise<void>;
  stop(): void;
}

export async function startPlayerRuntime(
  device: TSavedDevice,
  parts: TPlayerParts,
  {
    appVersion,
    onRevoked,
    onTokenRenewed = () => undefined,
  }: { appVersion: string; onRevoked: () => void; onTokenRenewed?: (token: string) => void },
): Promise<PlayerRuntime> {
  const cache = await parts.openMediaCache();
  let nowPlaying: TNowPlaying = null;
  // Renewed by the heartbeat's answer (issue 18 item 2): every later call uses the fresh one.
  let token = device.token;
  const tokenNow = () => token;
  const commandListeners = new Set<(command: TPlayerCommand) => void>();
  const sync = parts.createContentSync({
    token: tokenNow,
    onTokenRenewed: (fresh) => {
      token = fresh;
      onTokenRenewed(fresh);
    },
    cache,
    nowPlaying: () => nowPlaying,
    appVersion,
    onRevoked,
    onCommand: (command) => {
      commandListeners.forEach((listener) => listener(command));
    },
  });
  const recorder = parts.createPlayRecorder(device);
  // Started first: the sync offers the manifest kept from the last run, and with it the settings.
  sync.start();
  const impressions = parts.createImpressionSync({
    token: tokenNow,
    // Until the first manifest brings the platform's setting, the server's default.
    intervalMs: () =>
      (sync.settings() ?? PLAYER_SETTINGS_DEFAULTS).impressionSyncIntervalSeconds * 1000,
    onRevoked,
  });
  impressions.start();
  // The first manifest (or newer settings) may say to send sooner than the wait begun without it.
  const unsubscribe = sync.subscribe(() => impressions.intervalChanged());
  return {
    source: sync,
    recorder,
    setNowPlaying(next) {
      nowPlaying = next;
    },
    async status() {
      const storage = await cache.storage().catch(() => null);
      return {
        cache: sync.cacheStatus(),
        storage,
        lastSyncAt: sync.lastSyncAt ? sync.lastSyncAt() : undefined,
      };
    },
    token: tokenNow,
    subscribeCommands(listener) {
      commandListeners.add(listener);
      return () => {
        commandListeners.delete(listener);
      };
    },
    refresh: () => (sync.refresh ? sync.refresh() : Promise.resolve()),
    stop() {
      commandListeners.clear();
      unsubscribe();
      impressions.stop();
      sync.stop();
      recorder.stop();
    },
  };
}

export type TRuntimeState =
  | { kind: 'starting' }
  | { kind: 'running'; runtime: PlayerRuntime }
  /** The parts could not start (e.g. the browser refused storage): nothing can play. */
  | { kind: 'failed' };

/**
 * The runtime for the device this TV plays, started when the device is known and stopped when it
 * or its ad space changes or the player leaves the playing screen. While it starts (the cache
 * opens) the screen shows "Waiting for content".
 */
export function usePlayerRuntime(
  device: TSavedDevice,
  parts: TPlayerParts,
  options: { appVersion: string; onRevoked: () => void; onTokenRenewed?: (token: string) => void },
): TRuntimeState {
  const [state, setState] = useState<TRuntimeState>({ kind: 'starting' });
  const latest = useRef({ device, options });
  useEffect(() => {
    latest.current = { device, options };
  });
  // A renewed token does not restart the runtime (it switched to it itself); a new setup does.
  const { deviceId } = device;
  const adSpaceId = device.adSpace.id;
  useEffect(() => {
    let isCurrent = true;
    let started: PlayerRuntime | null = null;
    setState({ kind: 'starting' });
    startPlayerRuntime(latest.current.device, parts, {
      appVersion: latest.current.options.appVersion,
      onRevoked: () => latest.current.options.onRevoked(),
      onTokenRenewed: (fresh) => latest.current.options.onTokenRenewed?.(fresh),
    }).then(
      (made) => {
        if (!isCurrent) {
          made.stop();
          return;
        }
        started = made;
        setState({ kind: 'running', runtime: made });
      },
      (error: unknown) => {
        console.error('The player could not start:', error);
        if (isCurrent) setState({ kind: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
      if (started) started.stop();
    };
  }, [deviceId, adSpaceId, parts]);
  return state;
}
