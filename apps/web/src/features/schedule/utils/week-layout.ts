import {
  createScheduleResolver,
  type ScheduleResolver,
  type TimelineSegment,
} from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { addDays, hoursBetween, localDayRange, wallClockAt } from '@/lib/local-time';

/*
 * The week view's geometry. What an entry covers and who wins come from the resolver
 * (packages/playback): `windowsOf` gives each entry's windows as instants (midnight crossing,
 * DST gaps and repeats already applied) and `timeline` who plays at every instant of the week.
 * This file only cuts those instants into day columns and places them on the wall clock.
 */

/** A stretch of a block where another entry plays instead. */
export interface HiddenPart {
  startMs: number;
  endMs: number;
  /** Wall-clock hours from the top of the column, 0–24. */
  top: number;
  bottom: number;
  byEntryId: string;
}

/** One entry's window, cut to one day column. */
export interface WeekBlock {
  key: string;
  entry: TScheduleEntryView;
  /** The whole window (it may run into the next column, or come from the previous one). */
  windowStartMs: number;
  windowEndMs: number;
  /** The part in this column. */
  startMs: number;
  endMs: number;
  /** Wall-clock hours from the top of the column, 0–24 (fractions for minutes). */
  top: number;
  bottom: number;
  /** Begins in the previous column / runs on into the next. */
  isContinued: boolean;
  continuesNext: boolean;
  /** Where the resolver's timeline has another entry winning, inside this block. */
  hidden: HiddenPart[];
  /** The whole block is hidden by other entries. */
  isFullyHidden: boolean;
  /** Side-by-side placement among the blocks it overlaps: its lane, of `lanes`. */
  lane: number;
  lanes: number;
}

/** A clock change on a day: forward skips an hour (a 23-hour day), back repeats one (25 hours). */
export interface ClockChange {
  kind: 'forward' | 'back';
  /** Wall clock just before and just after, `HH:mm` (02:00 → 03:00). */
  from: string;
  to: string;
  /** Wall-clock hours of the skipped or repeated stretch, for the band drawn in the column. */
  top: number;
  bottom: number;
}

export interface WeekDay {
  day: string;
  startMs: number;
  endMs: number;
  /** 24, or 23/25 on a DST day (other values in zones with odd shifts). */
  hours: number;
  clockChange: ClockChange | null;
  blocks: WeekBlock[];
}

export interface WeekLayout {
  days: WeekDay[];
  timeline: TimelineSegment[];
}

/** Wall-clock hours since midnight at an instant: 09:30 → 9.5. */
function wallHours(epochMs: number, timeZone: string): number {
  const time = wallClockAt(epochMs, timeZone);
  return time.hour + time.minute / 60 + time.second / 3600;
}

function clockChangeOn(startMs: number, endMs: number, timeZone: string): ClockChange | null {
  // From just before the day starts: where the clocks go forward at midnight (Havana,
  // Santiago), 00:00 does not exist, the day starts at 01:00, the very instant of the change.
  const before = Temporal.Instant.fromEpochMilliseconds(startMs - 1).toZonedDateTimeISO(timeZone);
  const transition = before.getTimeZoneTransition('next');
  if (transition === null || transition.epochMilliseconds >= endMs) return null;
  const justBefore = transition.subtract({ nanoseconds: 1 }).toPlainTime();
  // Just before the change, rounded up to the minute: 01:59:59.999 → 02:00.
  const from = justBefore.round({ smallestUnit: 'minute', roundingMode: 'ceil' });
  const to = transition.toPlainTime();
  const fromText = from.toString({ smallestUnit: 'minute' });
  const toText = to.toString({ smallestUnit: 'minute' });
  const toHours = to.hour + to.minute / 60;
  const isForward = transition.offsetNanoseconds > before.offsetNanoseconds;
  // 00:00 is the top of the column going forward (the day starts late) and the bottom going
  // back (the day ends late: 24:00 → 23:00).
  const fromHours = from.hour + from.minute / 60 || (isForward ? 0 : 24);
  return isForward
    ? { kind: 'forward', from: fromText, to: toText, top: fromHours, bottom: toHours }
    : { kind: 'back', from: fromText, to: toText, top: toHours, bottom: fromHours };
}

/** Side-by-side lanes: blocks that overlap in time share their cluster's width. */
function assignLanes(blocks: WeekBlock[]): void {
  const sorted = [...blocks].sort((a, b) => a.startMs - b.startMs || b.endMs - a.endMs);
  let cluster: WeekBlock[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const block of cluster) block.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const block of sorted) {
    if (block.startMs >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= block.startMs);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(block.endMs);
    } else {
      laneEnds[lane] = block.endMs;
    }
    block.lane = lane;
    cluster.push(block);
    clusterEnd = Math.max(clusterEnd, block.endMs);
  }
  close();
}

export function createWeekResolver(
  entries: readonly TScheduleEntryView[],
  timeZone: string,
  defaultPlaylistId: string | null,
): ScheduleResolver {
  return createScheduleResolver({ timeZone, entries, defaultPlaylistId });
}

/**
 * The seven columns from `monday` (a local day) in `timeZone`, with each entry's windows cut
 * into them, the parts other entries hide, and lanes for overlapping blocks.
 */
export function layoutWeek({
  resolver,
  entries,
  timeZone,
  monday,
}: {
  resolver: ScheduleResolver;
  entries: readonly TScheduleEntryView[];
  timeZone: string;
  monday: string;
}): WeekLayout {
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(monday, index);
    const { startMs, endMs } = localDayRange(day, timeZone);
    return {
      day,
      startMs,
      endMs,
      hours: hoursBetween(startMs, endMs),
      clockChange: clockChangeOn(startMs, endMs, timeZone),
      blocks: [],
    };
  });
  const first = days[0];
  const last = days[6];
  if (!first || !last) return { days, timeline: [] };
  const timeline = resolver.timeline(first.startMs, last.endMs);

  for (const entry of entries) {
    // From the Sunday before: a window that crosses midnight belongs to the day it starts.
    const windows = resolver.windowsOf(entry.id, addDays(monday, -1), last.day);
    for (const window of windows) {
      if (window.endMs <= window.startMs) continue; // empty that day (e.g. both ends in a gap)
      for (const column of days) {
        const startMs = Math.max(window.startMs, column.startMs);
        const endMs = Math.min(window.endMs, column.endMs);
        if (endMs <= startMs) continue;
        const place = (ms: number, isEnd: boolean) =>
          isEnd && ms === column.endMs ? 24 : wallHours(ms, timeZone);
        const hidden: HiddenPart[] = [];
        for (const segment of timeline) {
          const partStart = Math.max(segment.startMs, startMs);
          const partEnd = Math.min(segment.endMs, endMs);
          if (partEnd <= partStart || segment.scheduleEntryId === entry.id) continue;
          // This entry is active here, so the winner is another entry.
          const byEntryId = segment.scheduleEntryId ?? '';
          const previous = hidden[hidden.length - 1];
          if (previous && previous.endMs === partStart && previous.byEntryId === byEntryId) {
            previous.endMs = partEnd;
            previous.bottom = place(partEnd, true);
          } else {
            hidden.push({
              startMs: partStart,
              endMs: partEnd,
              top: place(partStart, false),
              bottom: place(partEnd, true),
              byEntryId,
            });
          }
        }
        const hiddenMs = hidden.reduce((sum, part) => sum + (part.endMs - part.startMs), 0);
        column.blocks.push({
          key: `${entry.id}:${window.day}:${column.day}`,
          entry,
          windowStartMs: window.startMs,
          windowEndMs: window.endMs,
          startMs,
          endMs,
          top: place(startMs, false),
          bottom: place(endMs, true),
          isContinued: window.startMs < column.startMs,
          continuesNext: window.endMs > column.endMs,
          hidden,
          isFullyHidden: hiddenMs >= endMs - startMs,
          lane: 0,
          lanes: 1,
        });
      }
    }
  }
  for (const column of days) {
    assignLanes(column.blocks);
    column.blocks.sort((a, b) => a.startMs - b.startMs || a.lane - b.lane);
  }
  return { days, timeline };
}
