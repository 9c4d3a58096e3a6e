import type { TImpression } from '@screenline/shared/player';
import { openPlayStore, type TPlayStore } from './play-store';
import { randomUuid } from './uuid';

/** How often the shown time of a play on screen is saved, so a crash keeps what was shown. */
export const CHECKPOINT_MS = 5000;

/** The most a record may say was shown (ZImpression's limit: one day). */
const MAX_SHOWN_MS = 86_400_000;

/**
 * A play as playback knows it when it starts: the same as `TPlayStart` of
 * features/playback/contracts.ts (features do not import each other; app/ joins them, and the
 * recorder is a `PlayRecorder` there by its shape).
 */
export type TPlayStart = Pick<
  TImpression,
  'playlistId' | 'playlistVersion' | 'itemId' | 'contentId' | 'campaignId' | 'creativeId'
> & { startedAtMs: number };

export interface TPlayRecorderOptions {
  /** The ad space this TV plays (the device's); every record carries it. */
  adSpaceId: string;
  /** The IndexedDB store; the one shared with the sync by default. */
  store?: TPlayStore;
  /** A monotonic clock in ms for the checkpoints (performance.now by default). */
  monotonicNow?: () => number;
  checkpointMs?: number;
  /** A write that failed (IndexedDB full or gone): logged, playback goes on. */
  onError?: (error: unknown) => void;
}

/** The `PlayRecorder` of features/playback/contracts.ts, and what tests and shutdown need. */
export interface TPlayRecorder {
  /** Answers the play's id at once and queues the write of its `open` record. */
  started(play: TPlayStart): string;
  /** Completes the record (state `done`). */
  ended(id: string, end: { shownMs: number; endReason: TImpression['endReason'] }): void;
  /** Resolves once every write asked for so far is done (tests; a clean shutdown). */
  idle(): Promise<void>;
  /** Stops the checkpoints; writes already asked for still finish. */
  stop(): void;
}

/** Stores whose records a previous run left open were closed already (in this page). */
const recoveredStores = new WeakSet<TPlayStore>();

let sharedStore: TPlayStore | null = null;
/** The play store the recorder and the sync share unless told otherwise. */
export function defaultPlayStore(): TPlayStore {
  sharedStore ??= openPlayStore();
  return sharedStore;
}

/**
 * Proof of play on the TV (issue 8 item 8). `started` answers the play's UUID at once and queues
 * the write of an `open` record (sequence number, `interrupted` until it ends); `ended` completes
 * it. Writes go through one queue, so sequence numbers follow the order plays started in. While a
 * play is on screen its shown time is saved every few seconds. On the first creation in a page,
 * records a previous run left `open` (the TV crashed or lost power) become `done` with
 * `interrupted`, before any new one.
 */
export function createPlayRecorder({
  adSpaceId,
  store = defaultPlayStore(),
  monotonicNow = () => performance.now(),
  checkpointMs = CHECKPOINT_MS,
  onError = (error) => console.error('Proof of play: a write failed.', error),
}: TPlayRecorderOptions): TPlayRecorder {
  /** Plays on screen now: when each started on the monotonic clock. */
  const open = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;
  let isStopped = false;

  function enqueue(write: () => Promise<unknown>): void {
    queue = queue.then(write).catch(onError);
  }

  // Once per store, that is per page load: a second recorder in the same page (the app
  // re-created it) must not close the plays the first one has on screen.
  if (!recoveredStores.has(store)) {
    recoveredStores.add(store);
    enqueue(() => store.closeOpen());
  }

  function checkpoint(): void {
    const now = monotonicNow();
    open.forEach((startedAt, id) => {
      const shownMs = clampShown(now - startedAt);
      enqueue(() => store.update(id, { shownMs }, (record) => record.state === 'open'));
    });
  }

  function syncTimer(): void {
    if (open.size > 0 && !timer && !isStopped) timer = setInterval(checkpoint, checkpointMs);
    if (open.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  return {
    started(play: TPlayStart): string {
      const id = randomUuid();
      open.set(id, monotonicNow());
      const { startedAtMs, ...what } = play;
      enqueue(() =>
        store.insert({
          id,
          startedAt: new Date(startedAtMs).toISOString(),
          shownMs: 0,
          endReason: 'interrupted',
          adSpaceId,
          ...what,
          state: 'open',
        }),
      );
      syncTimer();
      return id;
    },

    ended(id: string, end: { shownMs: number; endReason: TImpression['endReason'] }): void {
      open.delete(id);
      syncTimer();
      const shownMs = clampShown(end.shownMs);
      enqueue(() =>
        store.update(id, { state: 'done', shownMs, endReason: end.endReason }, (record) => {
          return record.state === 'open';
        }),
      );
    },

    async idle(): Promise<void> {
      // Writes queued while waiting are waited for too.
      let seen: Promise<unknown> | null = null;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },

    stop(): void {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

function clampShown(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_SHOWN_MS, Math.max(0, Math.round(ms))) : 0;
}
