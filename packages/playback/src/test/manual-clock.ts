import type { PlaybackClock } from '../playback-clock';

/** A clock that moves only when told: hours of playback run in milliseconds, deterministically. */
export interface ManualClock extends PlaybackClock {
  advance(ms: number): void;
  pendingCount(): number;
}

export function createManualClock(startMs = 0): ManualClock {
  let now = startMs;
  let sequence = 0;
  const timers = new Map<number, { due: number; callback: () => void }>();

  function earliestDue(limit: number): [number, { due: number; callback: () => void }] | null {
    let found: [number, { due: number; callback: () => void }] | null = null;
    for (const entry of timers) {
      if (entry[1].due > limit) continue;
      if (
        !found ||
        entry[1].due < found[1].due ||
        (entry[1].due === found[1].due && entry[0] < found[0])
      ) {
        found = entry;
      }
    }
    return found;
  }

  return {
    now: () => now,
    schedule(callback, ms) {
      const id = sequence++;
      timers.set(id, { due: now + Math.max(0, ms), callback });
      return () => {
        timers.delete(id);
      };
    },
    advance(ms) {
      const target = now + ms;
      for (let next = earliestDue(target); next; next = earliestDue(target)) {
        timers.delete(next[0]);
        now = next[1].due;
        next[1].callback();
      }
      now = target;
    },
    pendingCount: () => timers.size,
  };
}
