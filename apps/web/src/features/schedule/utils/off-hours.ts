import type { TPowerSchedule } from '@screenline/shared/power-schedule';
import { onWindows } from '@screenline/playback/power-schedule';
import { localClockAt, wallClockAt } from '@/lib/local-time';

/** A stretch of one local day the screen is scheduled off, placed on the grid's hours. */
export interface OffSpan {
  startMs: number;
  endMs: number;
  /** Wall-clock hours since the day's midnight (24 for its end). */
  top: number;
  bottom: number;
  /** `22:00–24:00` */
  label: string;
}

const hoursAt = (epochMs: number, timeZone: string) => {
  const time = wallClockAt(epochMs, timeZone);
  return time.hour + time.minute / 60;
};

/**
 * The off hours of one local day `[startMs, endMs)`: what the power schedule's on windows leave
 * out (issue 23 item 5). No schedule: none.
 */
export function offSpansOfDay(
  schedule: TPowerSchedule | null,
  timeZone: string,
  day: { startMs: number; endMs: number },
): OffSpan[] {
  if (!schedule) return [];
  const spans: OffSpan[] = [];
  let cursor = day.startMs;
  const push = (startMs: number, endMs: number) => {
    if (endMs <= startMs) return;
    const bottom = endMs >= day.endMs ? 24 : hoursAt(endMs, timeZone);
    const end = endMs >= day.endMs ? '24:00' : localClockAt(endMs, timeZone);
    spans.push({
      startMs,
      endMs,
      top: hoursAt(startMs, timeZone),
      bottom,
      label: `${localClockAt(startMs, timeZone)}–${end}`,
    });
  };
  for (const window of onWindows(schedule, timeZone, day.startMs, day.endMs)) {
    push(cursor, window.startMs);
    cursor = window.endMs;
  }
  push(cursor, day.endMs);
  return spans;
}

/** "Screen off 00:00–07:00, 22:00–24:00", or null when it is on all day. */
export function offHoursText(spans: readonly OffSpan[]): string | null {
  if (spans.length === 0) return null;
  if (spans.length === 1 && spans[0]!.top === 0 && spans[0]!.bottom === 24)
    return 'Screen off all day';
  return `Screen off ${spans.map((span) => span.label).join(', ')}`;
}
