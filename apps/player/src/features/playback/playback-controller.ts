import { createAdRotation, type TAdPick } from '@screenline/playback/ad-rotation';
import { systemClock, type PlaybackClock } from '@screenline/playback/playback-clock';
import {
  createPlaybackEngine,
  type AdSlotFill,
  type ItemEndReport,
  type ItemErrorReport,
  type ItemStartReport,
  type PlaybackEngineOptions,
  type PlaybackPlaylist,
  type PlaybackStage,
} from '@screenline/playback/playback-engine';
import { toPlaybackPlaylist } from '@screenline/playback/playback-playlist';
import { isTakeoverActive, type TManifestTakeover } from '@screenline/shared/fleet';
import type { TManifestPlaylist, TPlayerManifest } from '@screenline/shared/player';
import type { ContentSource, PlayRecorder, ReadyManifest, TNowPlaying } from './contracts';
import { createPlayingNow, type TPlayingNow } from './playing-now';
import { createPowerNow, type TPowerNow } from './power-now';

/**
 * Playback on the TV, without React: follows the newest ready manifest (the segment on now
 * gives the playlist, a timer switches at its end), feeds the shared engine, fills its ad slots
 * from the manifest's `adFill` (packages/playback/src/ad-rotation.ts), and reports every play to
 * the recorder and what is on screen to the heartbeat.
 */

/** What the screen shows over the stage. */
export type TPlaybackStatus =
  /** No manifest is ready yet (first start, files still downloading, or offline with nothing cached). */
  | { kind: 'waiting' }
  | {
      kind: 'idle';
      manifest: TPlayerManifest;
      /** Nothing scheduled and no default; or the playlist on now has nothing this TV plays. */
      reason: 'nothing-scheduled' | 'nothing-playable';
      /** When something is scheduled next, when known. */
      nextMs: number | null;
    }
  | { kind: 'playing'; manifest: TPlayerManifest; playlistId: string }
  /**
   * An emergency takeover (issue 23 item 6) replaces everything, ads included: a message or an
   * image is drawn by the screen over a stopped stage; a playlist plays without its ad slots.
   */
  | { kind: 'takeover'; manifest: TPlayerManifest; takeover: TManifestTakeover }
  /**
   * The power schedule has the screen off (issue 23 item 5): black, nothing plays, no play is
   * recorded; `nextOnMs` when the on hours begin again, when known.
   */
  | { kind: 'powered-off'; manifest: TPlayerManifest; nextOnMs: number | null };

export interface PlaybackControllerOptions {
  source: ContentSource;
  recorder: PlayRecorder;
  stage: PlaybackStage;
  /** Tests run hours on a manual clock; the TV uses the system clock (epoch ms). */
  clock?: PlaybackClock;
  /** The engine's watchdog timings (tests). */
  engine?: Pick<PlaybackEngineOptions, 'startTimeoutMs' | 'stallTimeoutMs' | 'retryDelayMs'>;
  onStatus?: (status: TPlaybackStatus) => void;
  onNowPlaying?: (nowPlaying: TNowPlaying) => void;
  /** An item was skipped; `total` counts them since the start (the heartbeat may report it). */
  onItemError?: (report: ItemErrorReport, total: number) => void;
}

export interface PlaybackController {
  /** Items skipped since the start. */
  itemErrors(): number;
  /** Stops playback (the open play ends `stopped`), its timer and its subscription. */
  destroy(): void;
}

/**
 * The longest wait between two looks at the clock. The boundary timer is exact, but a TV that
 * slept, or whose clock was set (NTP after boot), would otherwise wait for a stale instant;
 * looking again each minute costs a binary search.
 */
export const MAX_WAIT_MS = 60_000;

/** The engine's playlist while nothing is scheduled. */
const IDLE: PlaybackPlaylist = { key: 'idle', items: [] };

/** What the recorder needs of a playlist the engine was given. */
interface TKnownPlaylist {
  playlistId: string;
  version: number;
  contentIdOf: Map<string, string>;
}

/** The engine reports the same fields when a play starts and when it ends. */
function playIdentity(report: ItemStartReport): string {
  return `${report.playlistKey}\n${report.index}\n${report.item.key}\n${report.startedAt}`;
}

export function createPlaybackController(options: PlaybackControllerOptions): PlaybackController {
  const { source, recorder } = options;
  const clock = options.clock ?? systemClock;
  let ready: ReadyManifest | null = null;
  let playingNow: ((nowMs: number) => TPlayingNow) | null = null;
  let powerNow: ((nowMs: number) => TPowerNow) | null = null;
  let cancelTimer: (() => void) | null = null;
  let isDestroyed = false;
  let errors = 0;
  /** Playlists the engine may still report plays of: the current one and any with an open play. */
  const known = new Map<string, TKnownPlaylist>();
  /** Open plays: the engine's identity → the recorder's id. */
  const openPlays = new Map<string, { recordId: string; playlistKey: string }>();
  let currentKey = IDLE.key;
  const rotation = createAdRotation();
  /** The pick behind each creative the engine was given, for the play's impression. */
  const picks = new WeakMap<AdSlotFill, TAdPick>();

  /** Each ad play's creative from the newest manifest's fill; null: the slot is skipped. */
  function fillAdSlot(): AdSlotFill | null {
    const playing = ready;
    if (!playing || playing.manifest.adFill === null) return null;
    const pick = rotation.pick(playing.manifest.adFill, clock.now(), (contentId) =>
      playing.mediaUrlOf(contentId),
    );
    if (!pick) return null;
    picks.set(pick.fill, pick);
    return pick.fill;
  }

  const engine = createPlaybackEngine({
    stage: options.stage,
    clock,
    ...options.engine,
    fillAdSlot,
    // No placeholder on a real TV: a slot nothing can fill plays nothing extra.
    unfilledAdSlot: 'skip',
    onItemStart: onItemStart,
    onItemEnd: onItemEnd,
    onItemError(report) {
      errors += 1;
      console.warn(
        `Playback skipped item ${report.item.key} (${report.reason}): ${report.message}`,
      );
      options.onItemError?.(report, errors);
    },
    onIdle() {
      options.onNowPlaying?.(null);
    },
  });

  function onItemStart(report: ItemStartReport): void {
    const playlist = known.get(report.playlistKey);
    const ad = report.fill ? (picks.get(report.fill) ?? null) : null;
    const contentId = ad
      ? ad.contentId
      : playlist
        ? (playlist.contentIdOf.get(report.item.key) ?? null)
        : null;
    const playlistId = playlist ? playlist.playlistId : null;
    try {
      const recordId = recorder.started({
        playlistId,
        playlistVersion: playlist ? playlist.version : null,
        itemId: report.item.key,
        contentId,
        // A house ad is not billed: no campaign.
        campaignId: ad ? ad.campaignId : null,
        creativeId: ad ? ad.creativeId : null,
        startedAtMs: report.startedAt,
      });
      openPlays.set(playIdentity(report), { recordId, playlistKey: report.playlistKey });
    } catch (error) {
      // Proof of play must never stop the screen.
      console.warn('The play could not be recorded:', error);
    }
    options.onNowPlaying?.({
      playlistId,
      itemId: report.item.key,
      contentId,
      startedAt: new Date(report.startedAt).toISOString(),
    });
  }

  function onItemEnd(report: ItemEndReport): void {
    const identity = playIdentity(report);
    const open = openPlays.get(identity);
    if (!open) return;
    openPlays.delete(identity);
    try {
      recorder.ended(open.recordId, {
        shownMs: Math.max(0, Math.round(report.shownMs)),
        endReason: report.reason,
      });
    } catch (error) {
      console.warn('The end of the play could not be recorded:', error);
    }
    forgetUnused();
  }

  /** Drops playlists no longer current and without an open play (hours of playback, no growth). */
  function forgetUnused(): void {
    const inUse = new Set<string>([currentKey]);
    openPlays.forEach((open) => inUse.add(open.playlistKey));
    known.forEach((_, key) => {
      if (!inUse.has(key)) known.delete(key);
    });
  }

  function toEngine(
    playlist: TManifestPlaylist,
    manifest: ReadyManifest,
    withoutAds = false,
  ): PlaybackPlaylist {
    // Ad slots play only with a marketplace fill; without one (monetization off) they are left
    // out, so a real TV shows nothing extra and no placeholder. With one, each play of a slot
    // asks the rotation (fillAdSlot) and a slot it cannot fill is skipped. A takeover's playlist
    // never plays ads.
    const items =
      manifest.manifest.adFill === null || withoutAds
        ? playlist.items.filter((item) => item.type !== 'adSlot')
        : playlist.items;
    // A different key than the same playlist's with ads: the engine switches between the two.
    const named = withoutAds ? { ...playlist, id: `${playlist.id}#takeover` } : playlist;
    const converted = toPlaybackPlaylist({ ...named, items }, (contentId) =>
      manifest.mediaUrlOf(contentId),
    );
    if (converted.missing.length > 0 && !known.has(converted.playlist.key)) {
      console.warn(
        `Playlist ${playlist.id}: ${converted.missing.length} item(s) have no cached file and are left out.`,
      );
    }
    const contentIdOf = new Map<string, string>();
    for (const item of items) {
      if (item.type === 'content') contentIdOf.set(item.id, item.contentId);
    }
    known.set(converted.playlist.key, {
      playlistId: playlist.id,
      version: playlist.version,
      contentIdOf,
    });
    return converted.playlist;
  }

  function emit(status: TPlaybackStatus): void {
    if (!isDestroyed) options.onStatus?.(status);
  }

  function evaluate(): void {
    if (cancelTimer) {
      cancelTimer();
      cancelTimer = null;
    }
    if (isDestroyed) return;
    if (!ready || !playingNow) {
      emit({ kind: 'waiting' });
      return;
    }
    const { manifest } = ready;
    const now = clock.now();
    // An emergency takeover outranks the power schedule: it is started by hand for everyone in
    // front of the screen to see, so it lights a screen scheduled off until it ends.
    if (manifest.takeover && isTakeoverActive(manifest.takeover, now)) {
      showTakeover(ready, manifest.takeover, now);
      return;
    }
    const power = powerNow ? powerNow(now) : { on: true, untilMs: null };
    if (!power.on) {
      // Off hours: the engine gets nothing to play, so the open play ends and none starts.
      currentKey = IDLE.key;
      engine.setPlaylist(IDLE);
      forgetUnused();
      emit({ kind: 'powered-off', manifest, nextOnMs: power.untilMs });
      const offWait = power.untilMs === null ? MAX_WAIT_MS : power.untilMs - now;
      cancelTimer = clock.schedule(evaluate, Math.max(1, Math.min(offWait, MAX_WAIT_MS)));
      return;
    }
    const answer = playingNow(now);
    const playlist =
      answer.playlistId === null
        ? undefined
        : manifest.playlists.find((candidate) => candidate.id === answer.playlistId);
    if (answer.playlistId !== null && !playlist) {
      console.warn(`The manifest names playlist ${answer.playlistId} but does not hold it.`);
    }
    const next = playlist ? toEngine(playlist, ready) : IDLE;
    currentKey = next.key;
    // The same key (`id@version`) is ignored by the engine: a new manifest that changed nothing
    // on screen does not restart playback.
    engine.setPlaylist(next);
    forgetUnused();
    if (playlist && next.items.length > 0) {
      emit({ kind: 'playing', manifest, playlistId: playlist.id });
    } else {
      const isChangeKnown =
        answer.untilMs !== null &&
        (answer.via === 'resolver' || answer.untilMs < manifest.timelineToMs);
      emit({
        kind: 'idle',
        manifest,
        reason: playlist ? 'nothing-playable' : 'nothing-scheduled',
        nextMs: !playlist && isChangeKnown ? answer.untilMs : null,
      });
    }
    // The next look: when the playlist may change or the screen is scheduled off, if sooner.
    const until =
      answer.untilMs === null
        ? power.untilMs
        : power.untilMs === null
          ? answer.untilMs
          : Math.min(answer.untilMs, power.untilMs);
    const wait = until === null ? MAX_WAIT_MS : until - now;
    cancelTimer = clock.schedule(evaluate, Math.max(1, Math.min(wait, MAX_WAIT_MS)));
  }

  /** The takeover on now: its playlist without ads, or nothing on the stage (the screen draws it). */
  function showTakeover(playing: ReadyManifest, takeover: TManifestTakeover, now: number): void {
    const playlist =
      takeover.kind === 'playlist'
        ? playing.manifest.playlists.find((candidate) => candidate.id === takeover.playlistId)
        : undefined;
    const next = playlist ? toEngine(playlist, playing, true) : IDLE;
    currentKey = next.key;
    engine.setPlaylist(next);
    forgetUnused();
    emit({ kind: 'takeover', manifest: playing.manifest, takeover });
    cancelTimer = clock.schedule(
      evaluate,
      Math.max(1, Math.min(takeover.endMs - now, MAX_WAIT_MS)),
    );
  }

  function apply(next: ReadyManifest): void {
    if (isDestroyed) return;
    ready = next;
    playingNow = createPlayingNow(next.manifest);
    powerNow = createPowerNow(next.manifest);
    evaluate();
  }

  const unsubscribe = source.subscribe(apply);
  const first = source.current();
  if (first) apply(first);
  else evaluate();

  return {
    itemErrors: () => errors,
    destroy() {
      if (isDestroyed) return;
      isDestroyed = true;
      unsubscribe();
      if (cancelTimer) {
        cancelTimer();
        cancelTimer = null;
      }
      engine.stop();
      openPlays.clear();
      known.clear();
    },
  };
}
