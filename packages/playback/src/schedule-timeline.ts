import type { TPlayingSource } from '@screenline/shared/schedule';
import type { TimelineSegment } from './schedule-resolver-types';
import { type CompiledRule, compareRules } from './schedule-rules';
import { Temporal } from './temporal';

// The schedule resolver's timeline (ScheduleResolver.timeline): what plays from one instant to
// another as back-to-back segments, found in one sweep over every window of the period.

/**
 * Local days to look back from the instant's own day. A window starts on its day (or later, when
 * its start falls in a gap) and ends at most a day later plus a gap; three days also covers a
 * zone that skipped a whole day (Pacific/Apia, 2011-12-30).
 */
export const DAYS_BACK = 3;
/** And one ahead: a fall-back transition at midnight can show an instant the previous date. */
export const DAYS_AHEAD = 1;

/** What the sweep needs of one resolver. */
export interface TTimelineInput {
  compiled: readonly CompiledRule[];
  instantOf: (day: Temporal.PlainDate, time: Temporal.PlainTime) => number;
  localDayOf: (epochMs: number) => Temporal.PlainDate;
  defaultPlaylistId: string | null;
}

/**
 * One sweep over every window of the period (issue 19: linear in entries and days, where
 * asking `playingAt` and `nextChange` segment by segment grew with their cube): each window's
 * start and end are events in time order; the active entries are counted, and the winner is
 * the best-ranked active one (compareRules), found with a heap of ranks. A segment ends where
 * the winner changes. The same answer as `playingAt` over `nextChange` (schedule-resolver.test.ts
 * checks it against that reference).
 */
export function sweepTimeline(
  resolver: TTimelineInput,
  fromMs: number,
  toMs: number,
): TimelineSegment[] {
  const { compiled, instantOf, localDayOf, defaultPlaylistId } = resolver;
  if (!(fromMs < toMs)) return [];
  const firstDay = localDayOf(fromMs).subtract({ days: DAYS_BACK });
  const lastDay = localDayOf(toMs).add({ days: DAYS_AHEAD });
  const ranked = [...compiled].sort(compareRules);
  // The period's days once (one past the last, for overnight windows), so the loop over
  // entries × days compares strings and adds numbers instead of calling Temporal.
  const days: Array<{ day: Temporal.PlainDate; key: string; weekday: number }> = [];
  for (
    let day = firstDay;
    Temporal.PlainDate.compare(day, lastDay) <= 0;
    day = day.add({ days: 1 })
  ) {
    days.push({ day, key: day.toString(), weekday: day.dayOfWeek });
  }
  const afterLast = lastDay.add({ days: 1 });
  const dayAt = (index: number) => days[index]?.day ?? afterLast;
  const events: Array<{ at: number; rank: number; delta: number }> = [];
  ranked.forEach((entry, rank) => {
    const first = entry.firstDay.toString();
    const last = entry.lastDay === null ? null : entry.lastDay.toString();
    days.forEach(({ key, weekday }, index) => {
      // YYYY-MM-DD strings compare like the days they name.
      if (key < first || (last !== null && key > last) || !entry.weekdays.has(weekday)) return;
      const startMs = instantOf(dayAt(index), entry.startTime);
      const endMs = instantOf(dayAt(entry.isOvernight ? index + 1 : index), entry.endTime);
      if (endMs <= startMs || endMs <= fromMs || startMs >= toMs) return;
      events.push({ at: startMs, rank, delta: 1 }, { at: endMs, rank, delta: -1 });
    });
  });
  events.sort((a, b) => a.at - b.at);

  const active = new Array<number>(ranked.length).fill(0);
  const heap: number[] = [];
  const push = (rank: number) => {
    heap.push(rank);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= heap[i]!) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = () => {
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && heap[left]! < heap[least]!) least = left;
      if (right < heap.length && heap[right]! < heap[least]!) least = right;
      if (least === i) return;
      [heap[least], heap[i]] = [heap[i]!, heap[least]!];
      i = least;
    }
  };
  const winner = (): CompiledRule | undefined => {
    // Ranks whose windows all ended leave the heap when they reach its top.
    while (heap.length > 0 && active[heap[0]!] === 0) pop();
    return heap.length > 0 ? ranked[heap[0]!] : undefined;
  };
  const apply = (event: { rank: number; delta: number }) => {
    const before = active[event.rank]!;
    active[event.rank] = before + event.delta;
    if (before === 0 && event.delta > 0) push(event.rank);
  };

  let next = 0;
  while (next < events.length && events[next]!.at <= fromMs) apply(events[next++]!);
  const segments: TimelineSegment[] = [];
  const segmentOf = (startMs: number, endMs: number, entry: CompiledRule | undefined) => {
    const source: TPlayingSource = entry
      ? 'schedule'
      : defaultPlaylistId !== null
        ? 'default'
        : 'idle';
    return {
      startMs,
      endMs,
      source,
      playlistId: entry ? entry.rule.playlistId : defaultPlaylistId,
      scheduleEntryId: entry ? entry.rule.id : null,
    };
  };
  let current = winner();
  let startMs = fromMs;
  while (next < events.length && events[next]!.at < toMs) {
    const at = events[next]!.at;
    while (next < events.length && events[next]!.at === at) apply(events[next++]!);
    const now = winner();
    if (now === current) continue;
    segments.push(segmentOf(startMs, at, current));
    startMs = at;
    current = now;
  }
  segments.push(segmentOf(startMs, toMs, current));
  return segments;
}
