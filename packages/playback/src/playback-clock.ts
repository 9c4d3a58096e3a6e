/**
 * Time as the playback engine sees it. Injected so tests run hours of playback in milliseconds
 * with a manual clock; the apps use systemClock.
 */
export interface PlaybackClock {
  /** Epoch milliseconds: play reports carry them as start and end times. */
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it (harmless after it ran). */
  schedule(callback: () => void, ms: number): () => void;
}

export const systemClock: PlaybackClock = {
  now: () => Date.now(),
  schedule(callback, ms) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
