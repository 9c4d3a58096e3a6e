import { systemClock, type PlaybackClock } from './playback-clock';
import type {
  AdSlotFill,
  PlaybackStage,
  StageContent,
  StageEvents,
  StageSlot,
} from './playback-stage';

/**
 * The playback engine: decides what is on screen and when, and reports every play. Headless and
 * framework-free: it drives a PlaybackStage (dom-renderer.ts in the apps, a fake in tests), so
 * the web preview (React) and the TV player (Chromium 69, 1 GB RAM) run the same code.
 *
 * Rules (docs/schedule.md, "The playback engine"):
 * - images and ad-slot placeholders show for their duration, videos play to their end; a
 *   playlist of one item replays it in place (a lone video loops);
 * - an ad slot shows the creative `fillAdSlot` picks for each play: an image for the slot's
 *   length, a video to its end but never past the slot's length (the owner sold that much time);
 *   a slot without a creative shows a labelled placeholder (the web preview) or is passed over
 *   (`unfilledAdSlot: 'skip'`, the TV);
 * - the next item is prepared in the other stage slot as soon as the current one starts, and the
 *   swap happens only once it has started (decoded, playing): the old item stays on screen until
 *   then, so there is never a blank frame;
 * - a watchdog skips an item that does not become ready or start in time, or a video that stops
 *   advancing, and reports it;
 * - every play is reported when it starts and when it ends, with the milliseconds it was shown.
 */

export interface ImageItem {
  /** Stable id of the playlist item (reports carry it). */
  key: string;
  type: 'image';
  src: string;
  durationMs: number;
}

export interface VideoItem {
  key: string;
  type: 'video';
  src: string;
}

export interface AdSlotItem {
  key: string;
  type: 'adSlot';
  lengthMs: number;
}

export type PlaybackItem = ImageItem | VideoItem | AdSlotItem;

export interface PlaybackPlaylist {
  /** Identity of this content, e.g. `${playlistId}@${version}`: the same key is not reloaded. */
  key: string;
  items: readonly PlaybackItem[];
}

// The stage's contract lives in playback-stage.ts; the engine's callers take it from here too.
export type {
  AdSlotFill,
  PlaybackStage,
  StageContent,
  StageEvents,
  StageOverlay,
  StageSlot,
} from './playback-stage';

export type TItemEndReason = 'completed' | 'failed' | 'replaced' | 'stopped';
export type TItemErrorReason = 'load-failed' | 'start-timeout' | 'stalled' | 'playback-failed';

export interface ItemStartReport {
  playlistKey: string;
  index: number;
  item: PlaybackItem;
  /** The creative shown in an ad slot, when the fill provided one. */
  fill: AdSlotFill | null;
  startedAt: number;
}

export interface ItemEndReport extends ItemStartReport {
  endedAt: number;
  /** Milliseconds actually on screen: from its start to the moment another item replaced it. */
  shownMs: number;
  reason: TItemEndReason;
}

export interface ItemErrorReport {
  playlistKey: string;
  index: number;
  item: PlaybackItem;
  reason: TItemErrorReason;
  message: string;
}

export interface PlaybackEngineOptions {
  stage: PlaybackStage;
  clock?: PlaybackClock;
  /** An item must be ready, then on screen, within this; default 15 s. */
  startTimeoutMs?: number;
  /** A playing video that does not advance for this long is skipped; default 10 s. */
  stallTimeoutMs?: number;
  /** When every item of the playlist failed or was skipped in a row, wait this long before trying again; default 10 s. */
  retryDelayMs?: number;
  /** The marketplace's creative for each play of an ad slot; null: none (see `unfilledAdSlot`). */
  fillAdSlot?: (slot: AdSlotItem, index: number) => AdSlotFill | null;
  /**
   * An ad slot without a creative: a labelled placeholder of its length (default, the web
   * preview), or passed over without a play (the TV: nothing extra on a real screen).
   */
  unfilledAdSlot?: 'placeholder' | 'skip';
  onItemStart?: (report: ItemStartReport) => void;
  onItemEnd?: (report: ItemEndReport) => void;
  onItemError?: (report: ItemErrorReport) => void;
  /** Nothing to play (empty playlist, or stopped). */
  onIdle?: () => void;
}

export interface PlaybackEngine {
  /** Play this playlist: at once if idle, else as soon as its first item has started. */
  setPlaylist(playlist: PlaybackPlaylist): void;
  /** Stop, release both slots and end the current play with reason `stopped`. */
  stop(): void;
}

type SlotPhase = 'preparing' | 'ready' | 'presenting' | 'playing';

interface SlotState {
  slot: StageSlot;
  playlistKey: string;
  index: number;
  item: PlaybackItem;
  fill: AdSlotFill | null;
  phase: SlotPhase;
  /** Reached its end (timer or video end) or failed, waiting to be replaced. */
  isFinished: boolean;
  /** How its play ends when replaced: `failed` once it failed on screen. */
  endReason: TItemEndReason;
  /** A play started and its end is not reported yet (so no play is ended twice). */
  isPlayOpen: boolean;
  startedAt: number;
  cancelTimers: Array<() => void>;
  /** A playing video's stall watchdog, re-armed by each progress. */
  cancelStall: (() => void) | null;
}

const DEFAULTS = { startTimeoutMs: 15_000, stallTimeoutMs: 10_000, retryDelayMs: 10_000 };

function describeAdSlot(item: AdSlotItem): string {
  return `Ad slot · ${Math.round(item.lengthMs / 1000)} s`;
}

export function createPlaybackEngine(options: PlaybackEngineOptions): PlaybackEngine {
  const { stage } = options;
  const clock = options.clock ?? systemClock;
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULTS.startTimeoutMs;
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULTS.stallTimeoutMs;
  const retryDelayMs = options.retryDelayMs ?? DEFAULTS.retryDelayMs;
  const isSkippingUnfilled = options.unfilledAdSlot === 'skip';

  let playlist: PlaybackPlaylist | null = null;
  /** On screen. */
  let current: SlotState | null = null;
  /** Being prepared or presented in the other slot. */
  let upcoming: SlotState | null = null;
  /**
   * Items failed or passed over (unfilled ad slots) since the last successful start: when it
   * reaches the item count, a whole round played nothing, so back off.
   */
  let unplayedInRow = 0;
  let cancelRetry: (() => void) | null = null;

  function clearTimers(state: SlotState): void {
    for (const cancel of state.cancelTimers) cancel();
    state.cancelTimers = [];
    if (state.cancelStall) state.cancelStall();
    state.cancelStall = null;
  }

  function freeSlot(): StageSlot {
    return current && current.slot === 0 ? 1 : 0;
  }

  function contentOf(item: PlaybackItem, fill: AdSlotFill | null): StageContent {
    switch (item.type) {
      case 'image':
        return { type: 'image', src: item.src };
      case 'video':
        return { type: 'video', src: item.src };
      case 'adSlot':
        if (fill === null) return { type: 'placeholder', label: describeAdSlot(item) };
        return fill.overlay
          ? { type: fill.type, src: fill.src, overlay: fill.overlay }
          : { type: fill.type, src: fill.src };
    }
  }

  function isLive(state: SlotState): boolean {
    return state === current || state === upcoming;
  }

  function report(state: SlotState): ItemStartReport {
    return {
      playlistKey: state.playlistKey,
      index: state.index,
      item: state.item,
      fill: state.fill,
      startedAt: state.startedAt,
    };
  }

  function endPlay(state: SlotState, reason: TItemEndReason): void {
    if (!state.isPlayOpen) return;
    state.isPlayOpen = false;
    const endedAt = clock.now();
    options.onItemEnd?.({
      ...report(state),
      endedAt,
      shownMs: endedAt - state.startedAt,
      reason,
    });
  }

  /** The marketplace's creative for a slot; a failing fill leaves the placeholder, not a dark screen. */
  function fillOf(item: AdSlotItem, index: number): AdSlotFill | null {
    if (!options.fillAdSlot) return null;
    try {
      return options.fillAdSlot(item, index);
    } catch {
      return null;
    }
  }

  /** Prepare playlist item `index` in the free slot, unless one is already on its way. */
  function prepare(index: number): void {
    if (!playlist || playlist.items.length === 0 || upcoming) return;
    const item = playlist.items[index];
    if (!item) return;
    const fill = item.type === 'adSlot' ? fillOf(item, index) : null;
    if (item.type === 'adSlot' && fill === null && isSkippingUnfilled) {
      // Nothing to show in this slot now: the next item comes instead, without a play.
      unplayedInRow += 1;
      scheduleNext(index);
      return;
    }
    const state: SlotState = {
      slot: freeSlot(),
      playlistKey: playlist.key,
      index,
      item,
      fill,
      phase: 'preparing',
      isFinished: false,
      endReason: 'completed',
      isPlayOpen: false,
      startedAt: 0,
      cancelTimers: [],
      cancelStall: null,
    };
    upcoming = state;
    state.cancelTimers.push(
      clock.schedule(() => fail(state, 'start-timeout', 'Not ready in time.'), startTimeoutMs),
    );
    const events: StageEvents = {
      ready: () => onReady(state),
      started: () => onStarted(state),
      progress: () => onProgress(state),
      ended: () => onEnded(state),
      failed: (message) =>
        fail(state, state.phase === 'preparing' ? 'load-failed' : 'playback-failed', message),
    };
    stage.prepare(state.slot, contentOf(item, fill), events);
  }

  function onReady(state: SlotState): void {
    if (state !== upcoming || state.phase !== 'preparing') return;
    // Ready items may wait long for the current one to end: the load watchdog is done.
    clearTimers(state);
    state.phase = 'ready';
    presentIfDue();
  }

  /** Swap to the prepared item when there is nothing on screen or the current one is done. */
  function presentIfDue(): void {
    const next = upcoming;
    if (!next || next.phase !== 'ready') return;
    const isReplacingPlaylist = current !== null && current.playlistKey !== next.playlistKey;
    if (current && !current.isFinished && !isReplacingPlaylist) return;
    clearTimers(next);
    next.phase = 'presenting';
    next.cancelTimers.push(
      clock.schedule(() => fail(next, 'start-timeout', 'Did not start in time.'), startTimeoutMs),
    );
    stage.present(next.slot);
  }

  function onStarted(state: SlotState): void {
    if (!isLive(state)) return;
    if (state === current) {
      // A lone video started over.
      if (state.phase === 'presenting') {
        endPlay(state, state.endReason);
        beginPlay(state);
      }
      return;
    }
    if (state.phase !== 'presenting') return;
    const previous = current;
    upcoming = null;
    current = state;
    if (previous) {
      clearTimers(previous);
      const isReplaced = previous.playlistKey !== state.playlistKey && !previous.isFinished;
      endPlay(previous, isReplaced ? 'replaced' : previous.endReason);
      stage.release(previous.slot);
    }
    beginPlay(state);
    const items = playlist ? playlist.items : [];
    // A lone ad slot is prepared again too: each play gets the fill's next creative.
    if (items.length > 1 || state.item.type === 'adSlot') {
      prepare((state.index + 1) % items.length);
    }
  }

  /** Mark the start of a play and arm its end: a timer, or the video's end and stall watchdog. */
  function beginPlay(state: SlotState): void {
    clearTimers(state);
    state.phase = 'playing';
    state.isFinished = false;
    state.endReason = 'completed';
    state.isPlayOpen = true;
    state.startedAt = clock.now();
    unplayedInRow = 0;
    options.onItemStart?.(report(state));
    // A video creative ends with its video or with the slot, whichever comes first.
    const shownAtMost = state.item.type === 'adSlot' ? state.item.lengthMs : null;
    if (shownAtMost !== null) {
      state.cancelTimers.push(clock.schedule(() => finish(state), shownAtMost));
    } else if (state.item.type === 'image') {
      state.cancelTimers.push(clock.schedule(() => finish(state), state.item.durationMs));
    }
    if (isVideo(state)) armStallWatchdog(state);
  }

  function isVideo(state: SlotState): boolean {
    return state.item.type === 'video' || (state.fill !== null && state.fill.type === 'video');
  }

  function armStallWatchdog(state: SlotState): void {
    if (state.cancelStall) state.cancelStall();
    state.cancelStall = clock.schedule(
      () => fail(state, 'stalled', 'The video stopped advancing.'),
      stallTimeoutMs,
    );
  }

  function onProgress(state: SlotState): void {
    if (state === current && state.phase === 'playing' && !state.isFinished) {
      armStallWatchdog(state);
    }
  }

  function onEnded(state: SlotState): void {
    if (state === current && state.phase === 'playing') finish(state);
  }

  /** The current item reached its end: replay a lone item, else swap when the next is ready. */
  function finish(state: SlotState): void {
    if (state !== current || state.isFinished) return;
    clearTimers(state);
    state.isFinished = true;
    const items = playlist ? playlist.items : [];
    const isLone =
      items.length === 1 &&
      state.item.type !== 'adSlot' &&
      state.playlistKey === (playlist ? playlist.key : null);
    if (isLone) {
      if (isVideo(state)) {
        // The last frame stays up while the video seeks back: the play ends when the next starts.
        state.phase = 'presenting';
        state.cancelTimers.push(
          clock.schedule(
            () => fail(state, 'start-timeout', 'Did not restart in time.'),
            startTimeoutMs,
          ),
        );
        stage.restart(state.slot);
      } else {
        endPlay(state, 'completed');
        beginPlay(state);
      }
      return;
    }
    presentIfDue();
  }

  function fail(state: SlotState, reason: TItemErrorReason, message: string): void {
    if (!isLive(state)) return;
    clearTimers(state);
    options.onItemError?.({
      playlistKey: state.playlistKey,
      index: state.index,
      item: state.item,
      reason,
      message,
    });
    unplayedInRow += 1;
    if (state === current) {
      // It is on screen: keep its last frame until the next item starts (no blank screen).
      state.isFinished = true;
      state.endReason = 'failed';
      if (upcoming) presentIfDue();
      else scheduleNext(state.index);
      return;
    }
    upcoming = null;
    stage.release(state.slot);
    scheduleNext(state.index);
  }

  /** After a failure: prepare the item after `index`, at once or after a pause when all failed. */
  function scheduleNext(index: number): void {
    if (!playlist || playlist.items.length === 0 || cancelRetry) return;
    const nextIndex = (index + 1) % playlist.items.length;
    if (unplayedInRow < playlist.items.length) {
      prepare(nextIndex);
      return;
    }
    unplayedInRow = 0;
    cancelRetry = clock.schedule(() => {
      cancelRetry = null;
      prepare(nextIndex);
    }, retryDelayMs);
  }

  function dropUpcoming(): void {
    if (!upcoming) return;
    clearTimers(upcoming);
    stage.release(upcoming.slot);
    upcoming = null;
  }

  function setPlaylist(next: PlaybackPlaylist): void {
    if (playlist && playlist.key === next.key) return;
    playlist = next;
    unplayedInRow = 0;
    if (cancelRetry) {
      cancelRetry();
      cancelRetry = null;
    }
    dropUpcoming();
    if (next.items.length === 0) {
      stopCurrent('replaced');
      options.onIdle?.();
      return;
    }
    prepare(0);
  }

  function stopCurrent(reason: TItemEndReason): void {
    if (!current) return;
    clearTimers(current);
    endPlay(current, reason);
    stage.release(current.slot);
    current = null;
  }

  function stop(): void {
    if (cancelRetry) {
      cancelRetry();
      cancelRetry = null;
    }
    dropUpcoming();
    stopCurrent('stopped');
    playlist = null;
    options.onIdle?.();
  }

  return { setPlaylist, stop };
}
