import { createParser } from 'eventsource-parser';
import {
  PLAYER_EVENT_CHANGED,
  PLAYER_POLL_JITTER,
  PLAYER_SETTINGS_DEFAULTS,
  type TPlayerCacheStatus,
  type TPlayerHeartbeat,
  type TPlayerManifest,
  type TPlayerSettings,
  ZDeviceTokenRenewal,
  ZPlayerManifest,
} from '@screenline/shared/player';
import {
  PLAYER_EVENT_COMMAND,
  type TPlayerCommand,
  ZPlayerCommand,
} from '@screenline/shared/fleet';
import { API } from '@screenline/shared/api-paths';
import type { ContentSource, MediaCache, ReadyManifest, TNowPlaying } from '../playback/contracts';

/**
 * The TV's content sync (issue 8 items 5 and 9): it keeps the newest manifest of the TV's ad
 * space and hands it to playback only once every file it names is cached and checked.
 *
 * - Start: the manifest applied last (kept in localStorage) is offered at once when its files are
 *   all still cached, so a TV that reboots offline plays straight away.
 * - Poll: GET /api/v1/player/manifest with If-None-Match every `pollIntervalSeconds` × (1 ±
 *   PLAYER_POLL_JITTER), at random so a fleet does not poll in step (60 s before the first
 *   manifest); 304 keeps what is there. Each poll is followed by a heartbeat.
 * - Push: GET /api/v1/player/events read as a stream with fetch (EventSource cannot send the
 *   device token); `changed` polls at once. Reconnects with backoff, and polls once reconnected
 *   (a change pushed meanwhile was missed). `command` events (issue 23 item 2) go to `onCommand`.
 * - A new manifest goes through `cache.prepare()` and replaces the current one (saved, listeners
 *   told) only when that answers ok; a newer one arriving meanwhile aborts the older download.
 * - Every `cacheCleanupIntervalSeconds`, files neither the current nor the pending manifest
 *   names are removed.
 * - 401 on any of these: the device token was revoked; everything stops and `onRevoked` runs.
 */

export const MANIFEST_URL = API.playerManifest;
export const HEARTBEAT_URL = API.playerHeartbeat;
export const EVENTS_URL = API.playerEvents;
/** Where the applied manifest is kept on the TV. */
export const MANIFEST_STORAGE_KEY = 'screenline.tv.manifest';

/** Before the first manifest brings the platform's settings. */
export const DEFAULT_SETTINGS: TPlayerSettings = PLAYER_SETTINGS_DEFAULTS;
/** Event stream reconnects: from this, doubling, up to EVENTS_RETRY_MAX_MS. */
export const EVENTS_RETRY_FIRST_MS = 1_000;
export const EVENTS_RETRY_MAX_MS = 60_000;

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TContentSyncOptions {
  /** The device token (`sld_…`), or where to read it: it is renewed while the TV runs. */
  token: string | (() => string);
  /**
   * The heartbeat's answer carried a fresh token (issue 18 item 2: tokens past half their life
   * are renewed): the TV stores it and calls with it from now on.
   */
  onTokenRenewed?: (token: string) => void;
  cache: MediaCache;
  /** What is on screen now, for the heartbeat. */
  nowPlaying: () => TNowPlaying;
  appVersion: string;
  /** The token no longer works (401): the TV must be set up again. */
  onRevoked: () => void;
  /** A remote command arrived on the event stream (parsed; an unreadable one is dropped). */
  onCommand?: (command: TPlayerCommand) => void;
  fetchImpl?: typeof fetch;
  storage?: TStorage;
  /** In [0, 1): the poll jitter. */
  random?: () => number;
  log?: Pick<Console, 'warn'>;
}

export type TContentSync = ContentSource & {
  start(): void;
  stop(): void;
  /** The cache's state for the newest manifest (the heartbeat's `cache`). */
  cacheStatus(): TPlayerCacheStatus;
  /** The newest manifest's settings; null before any manifest. */
  settings(): TPlayerSettings | null;
  /** When the server last answered a manifest poll (200 or 304), epoch ms; null before. */
  lastSyncAt(): number | null;
  /** Polls now (the "refresh content now" command); resolves when that poll is done. */
  refresh(): Promise<void>;
};

/** The wait before the next poll: the interval × (1 ± PLAYER_POLL_JITTER). */
export function jitteredDelayMs(intervalSeconds: number, random: () => number): number {
  return Math.round(intervalSeconds * 1000 * (1 + (random() * 2 - 1) * PLAYER_POLL_JITTER));
}

/** The heartbeat's `adCreativesReady` holds at most this many ids (ZPlayerHeartbeat). */
const AD_CREATIVES_READY_MAX = 500;

/**
 * The ad creatives and house ads (content ids) of `manifest`'s fill whose file is in the cache
 * and checked: a buyer sees on how many screens a creative is ready, downloads in progress too.
 */
export function adCreativesReady(
  manifest: TPlayerManifest,
  cache: Pick<MediaCache, 'urlOf'>,
): string[] {
  if (manifest.adFill === null) return [];
  const mediaOf = new Map(manifest.media.map((media) => [media.contentId, media]));
  const ready = new Set<string>();
  const lists = manifest.adFill.campaigns.map((campaign) => campaign.creatives);
  lists.push(manifest.adFill.houseAds);
  for (const creatives of lists) {
    for (const creative of creatives) {
      const media = mediaOf.get(creative.contentId);
      if (media && cache.urlOf(media) !== null) ready.add(creative.contentId);
    }
  }
  return Array.from(ready).slice(0, AD_CREATIVES_READY_MAX);
}

class RevokedError extends Error {}

export function createContentSync(options: TContentSyncOptions): TContentSync {
  const { token, cache, nowPlaying, appVersion, onRevoked } = options;
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const storage = options.storage ?? window.localStorage;
  const random = options.random ?? Math.random;
  const log = options.log ?? console;

  let running = false;
  let revoked = false;
  let current: ReadyManifest | null = null;
  /** The manifest being downloaded (or that could not be, with its problem in `status`). */
  let pending: { manifest: TPlayerManifest; controller: AbortController; busy: boolean } | null =
    null;
  /** The ETag of the newest manifest received (pending or current), for If-None-Match. */
  let etag: string | null = null;
  let latestSettings: TPlayerSettings | null = null;
  let lastSyncAt: number | null = null;
  let status: TPlayerCacheStatus = {
    filesReady: 0,
    filesNeeded: 0,
    bytesReady: 0,
    bytesNeeded: 0,
    problem: null,
  };
  const listeners = new Set<(ready: ReadyManifest) => void>();

  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let cleanupTimer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let pollAgain = false;
  let events: AbortController | null = null;

  const tokenNow = typeof token === 'function' ? token : () => token;
  const settingsNow = () => latestSettings ?? DEFAULT_SETTINGS;

  function readyOf(manifest: TPlayerManifest): ReadyManifest {
    const byContent = new Map(manifest.media.map((m) => [m.contentId, m]));
    return {
      manifest,
      mediaUrlOf(contentId) {
        const media = byContent.get(contentId);
        return media ? cache.urlOf(media) : null;
      },
    };
  }

  const allCached = (manifest: TPlayerManifest) =>
    manifest.media.every((media) => cache.urlOf(media) !== null);

  function statusOfReady(manifest: TPlayerManifest): TPlayerCacheStatus {
    const keys = new Map(manifest.media.map((m) => [m.md5, m.sizeBytes]));
    const bytes = [...keys.values()].reduce((sum, size) => sum + size, 0);
    return {
      filesReady: keys.size,
      filesNeeded: keys.size,
      bytesReady: bytes,
      bytesNeeded: bytes,
      problem: null,
    };
  }

  function loadSaved(): TPlayerManifest | null {
    const raw = storage.getItem(MANIFEST_STORAGE_KEY);
    if (!raw) return null;
    try {
      const parsed = ZPlayerManifest.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: dropped below.
    }
    storage.removeItem(MANIFEST_STORAGE_KEY);
    return null;
  }

  function apply(manifest: TPlayerManifest) {
    current = readyOf(manifest);
    pending = null;
    status = statusOfReady(manifest);
    try {
      storage.setItem(MANIFEST_STORAGE_KEY, JSON.stringify(manifest));
    } catch (error) {
      log.warn('Screenline TV: the manifest could not be kept for an offline start.', error);
    }
    const ready = current;
    for (const listener of [...listeners]) {
      try {
        listener(ready);
      } catch (error) {
        log.warn('Screenline TV: a manifest listener failed.', error);
      }
    }
  }

  /** Downloads the pending manifest's files; applies it when they are all ready. */
  function preparePending() {
    const job = pending;
    if (!job || job.busy || job.controller.signal.aborted) return;
    job.busy = true;
    const isCurrentJob = () => pending === job && !job.controller.signal.aborted;
    cache
      .prepare(job.manifest.media, {
        signal: job.controller.signal,
        onProgress: (next) => {
          if (isCurrentJob()) status = next;
        },
      })
      .then(
        (result) => {
          job.busy = false;
          if (!isCurrentJob()) return;
          if (result.ok) apply(job.manifest);
          else status = { ...status, problem: result.problem };
        },
        (error: unknown) => {
          job.busy = false;
          if (!isCurrentJob()) return;
          const problem = error instanceof Error ? error.message : String(error);
          status = { ...status, problem: problem.slice(0, 500) };
        },
      );
  }

  function receive(manifest: TPlayerManifest) {
    latestSettings = manifest.settings;
    if (current && manifest.version === current.manifest.version) {
      // The server went back to what is playing: forget the download in between.
      if (pending) {
        pending.controller.abort();
        pending = null;
        status = statusOfReady(manifest);
      }
      return;
    }
    if (pending?.manifest.version === manifest.version) return;
    pending?.controller.abort();
    pending = { manifest, controller: new AbortController(), busy: false };
    status = { ...status, problem: null };
    preparePending();
  }

  async function request(url: string, init: RequestInit): Promise<Response> {
    const response = await fetchImpl(url, {
      credentials: 'omit',
      cache: 'no-store',
      ...init,
      headers: {
        authorization: `Bearer ${tokenNow()}`,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    if (response.status === 401) throw new RevokedError();
    return response;
  }

  function revoke() {
    if (revoked) return;
    revoked = true;
    stop();
    onRevoked();
  }

  async function fetchManifest() {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (etag) headers['if-none-match'] = etag;
    const response = await request(MANIFEST_URL, { headers });
    if (response.status === 304) {
      lastSyncAt = Date.now();
      return;
    }
    if (response.status !== 200) {
      log.warn(`Screenline TV: the manifest poll answered ${response.status}.`);
      return;
    }
    const parsed = ZPlayerManifest.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      log.warn('Screenline TV: the server sent a manifest this player cannot read.');
      return;
    }
    lastSyncAt = Date.now();
    etag = response.headers.get('etag') ?? `"${parsed.data.version}"`;
    receive(parsed.data);
  }

  async function sendHeartbeat() {
    const newest = pending ? pending.manifest : current ? current.manifest : null;
    const heartbeat: TPlayerHeartbeat = {
      appVersion,
      manifestVersion: current ? current.manifest.version : null,
      storage: await cache.storage(),
      cache: status,
      nowPlaying: nowPlaying(),
      adCreativesReady: newest ? adCreativesReady(newest, cache) : [],
    };
    const response = await request(HEARTBEAT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(heartbeat),
    });
    if (response.status === 200) {
      const renewal = ZDeviceTokenRenewal.safeParse(await response.json().catch(() => null));
      if (renewal.success) options.onTokenRenewed?.(renewal.data.token);
    } else if (response.status !== 204) {
      log.warn(`Screenline TV: the heartbeat answered ${response.status}.`);
    }
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    if (!running) return;
    pollTimer = setTimeout(
      () => void poll(),
      jitteredDelayMs(settingsNow().pollIntervalSeconds, random),
    );
  }

  /** One poll and its heartbeat; a poll asked for meanwhile (a `changed` event) runs after. */
  async function poll(): Promise<void> {
    if (!running) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    clearTimeout(pollTimer);
    try {
      try {
        await fetchManifest();
      } catch (error) {
        if (error instanceof RevokedError) throw error;
        // Offline or the server down: keep playing what is here; the next poll tries again.
      }
      // A download that could not finish (no room, a bad file) is tried again at each poll.
      if (pending && !pending.busy) preparePending();
      try {
        await sendHeartbeat();
      } catch (error) {
        if (error instanceof RevokedError) throw error;
      }
    } catch (error) {
      if (error instanceof RevokedError) return revoke();
      log.warn('Screenline TV: the manifest poll failed.', error);
    } finally {
      polling = false;
    }
    if (!running) return;
    if (pollAgain) {
      pollAgain = false;
      return poll();
    }
    schedulePoll();
  }

  function scheduleCleanup() {
    clearTimeout(cleanupTimer);
    if (!running) return;
    cleanupTimer = setTimeout(() => {
      const keep = [...(current?.manifest.media ?? []), ...(pending?.manifest.media ?? [])];
      // With no manifest at all there is nothing to tell what to keep.
      const run = current || pending ? cache.cleanup(keep) : Promise.resolve(0);
      run
        .catch((error: unknown) => log.warn('Screenline TV: cache cleanup failed.', error))
        .finally(scheduleCleanup);
    }, settingsNow().cacheCleanupIntervalSeconds * 1000);
  }

  function onCommandEvent(data: string) {
    let command: TPlayerCommand;
    try {
      command = ZPlayerCommand.parse(JSON.parse(data));
    } catch (error) {
      log.warn('Screenline TV: an unreadable command was dropped.', error);
      return;
    }
    if (options.onCommand) options.onCommand(command);
  }

  /** Reads the event stream until stopped, reconnecting with backoff. */
  async function listen(controller: AbortController) {
    let failures = 0;
    let retryMs = EVENTS_RETRY_FIRST_MS;
    let attempts = 0;
    while (running && !controller.signal.aborted) {
      let heard = false;
      attempts += 1;
      try {
        const response = await request(EVENTS_URL, {
          headers: { accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (response.status !== 200 || !response.body) {
          throw new Error(`the event stream answered ${response.status}`);
        }
        // A change pushed while the stream was down was missed: catch up with a poll (the
        // first connection needs none: start() polls).
        if (attempts > 1) void poll();
        const parser = createParser({
          onEvent: (event) => {
            if (event.event === PLAYER_EVENT_CHANGED) void poll();
            else if (event.event === PLAYER_EVENT_COMMAND) onCommandEvent(event.data);
          },
          onRetry: (ms) => {
            retryMs = Math.max(EVENTS_RETRY_FIRST_MS, ms);
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          heard = true;
          failures = 0;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch (error) {
        if (error instanceof RevokedError) return revoke();
        if (controller.signal.aborted) return;
      }
      if (!heard) failures += 1;
      const delay = Math.min(EVENTS_RETRY_MAX_MS, retryMs * 2 ** Math.max(0, failures - 1));
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          controller.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, delay);
        controller.signal.addEventListener('abort', done);
      });
    }
  }

  function start() {
    if (running || revoked) return;
    running = true;
    const saved = loadSaved();
    if (saved) {
      latestSettings = saved.settings;
      // Offered at once only when every file is still here (the browser may have evicted some).
      if (allCached(saved)) {
        current = readyOf(saved);
        status = statusOfReady(saved);
        etag = `"${saved.version}"`;
        const ready = current;
        for (const listener of [...listeners]) listener(ready);
      }
    }
    void poll();
    events = new AbortController();
    void listen(events);
    scheduleCleanup();
  }

  function stop() {
    running = false;
    clearTimeout(pollTimer);
    clearTimeout(cleanupTimer);
    events?.abort();
    events = null;
    pending?.controller.abort();
    pending = null;
  }

  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start,
    stop,
    cacheStatus: () => ({ ...status }),
    settings: () => latestSettings,
    lastSyncAt: () => lastSyncAt,
    refresh: () => poll(),
  };
}
