import type { TPlaying } from '@screenline/shared/schedule';
import type { ScheduleInput } from '../schedule-resolver';
import { Temporal } from '../temporal';

/**
 * The schedule semantics written the slow and obvious way, to check the resolver against: every
 * entry's window on every day of a wide range, as instants; an instant is inside a window or not;
 * the next change is found by trying every minute. No caching, no day arithmetic shortcuts.
 */

interface Interval {
  entryIndex: number;
  startMs: number;
  endMs: number;
}

export interface ReferenceSchedule {
  activeEntryIds(epochMs: number): string[];
  playingAt(epochMs: number): Pick<TPlaying, 'source' | 'playlistId' | 'scheduleEntryId'>;
  nextChangeByMinute(epochMs: number, horizonMs: number): number | null;
}

export function createReferenceSchedule(
  input: ScheduleInput,
  fromDay: string,
  toDay: string,
): ReferenceSchedule {
  const intervals: Interval[] = [];
  const last = Temporal.PlainDate.from(toDay);
  input.entries.forEach((entry, entryIndex) => {
    for (
      let day = Temporal.PlainDate.from(fromDay);
      Temporal.PlainDate.compare(day, last) <= 0;
      day = day.add({ days: 1 })
    ) {
      const iso = day.toString();
      const listed =
        iso >= entry.firstDay &&
        (entry.lastDay == null || iso <= entry.lastDay) &&
        entry.weekdays.includes(day.dayOfWeek);
      if (!listed) continue;
      const crossesMidnight = entry.endTime <= entry.startTime;
      const endDay = crossesMidnight ? day.add({ days: 1 }) : day;
      const start = Temporal.PlainDateTime.from(`${iso}T${entry.startTime}`).toZonedDateTime(
        input.timeZone,
        { disambiguation: 'compatible' },
      );
      const end = Temporal.PlainDateTime.from(
        `${endDay.toString()}T${entry.endTime}`,
      ).toZonedDateTime(input.timeZone, { disambiguation: 'compatible' });
      intervals.push({
        entryIndex,
        startMs: start.epochMilliseconds,
        endMs: end.epochMilliseconds,
      });
    }
  });

  function activeIndexes(epochMs: number): number[] {
    const found = new Set<number>();
    for (const interval of intervals) {
      if (interval.startMs <= epochMs && epochMs < interval.endMs) found.add(interval.entryIndex);
    }
    return Array.from(found);
  }

  function winnerIndex(epochMs: number): number | null {
    let best: number | null = null;
    for (const index of activeIndexes(epochMs)) {
      if (best === null) {
        best = index;
        continue;
      }
      const a = input.entries[index]!;
      const b = input.entries[best]!;
      const aTime = Date.parse(a.updatedAt);
      const bTime = Date.parse(b.updatedAt);
      const better =
        a.priority > b.priority ||
        (a.priority === b.priority && aTime > bTime) ||
        (a.priority === b.priority && aTime === bTime && a.id < b.id);
      if (better) best = index;
    }
    return best;
  }

  function playingAt(epochMs: number) {
    const index = winnerIndex(epochMs);
    if (index !== null) {
      const entry = input.entries[index]!;
      return {
        source: 'schedule' as const,
        playlistId: entry.playlistId,
        scheduleEntryId: entry.id,
      };
    }
    if (input.defaultPlaylistId !== null) {
      return {
        source: 'default' as const,
        playlistId: input.defaultPlaylistId,
        scheduleEntryId: null,
      };
    }
    return { source: 'idle' as const, playlistId: null, scheduleEntryId: null };
  }

  function nextChangeByMinute(epochMs: number, horizonMs: number): number | null {
    const now = playingAt(epochMs);
    const minute = 60_000;
    for (
      let t = Math.floor(epochMs / minute) * minute + minute;
      t <= epochMs + horizonMs;
      t += minute
    ) {
      const then = playingAt(t);
      if (
        then.source !== now.source ||
        then.playlistId !== now.playlistId ||
        then.scheduleEntryId !== now.scheduleEntryId
      ) {
        return t;
      }
    }
    return null;
  }

  return {
    activeEntryIds: (epochMs) => activeIndexes(epochMs).map((index) => input.entries[index]!.id),
    playingAt,
    nextChangeByMinute,
  };
}
