import type { TPowerSchedule, TPowerWindow } from '@screenline/shared/power-schedule';
import { createScheduleResolver, type ScheduleResolver } from './schedule-resolver';

/**
 * When a screen should be on (issue 23 item 5), for the server (manifest, alerts, billing, the
 * slot-second estimate), the web app and the TV. A power range is read exactly like a schedule
 * entry's window, so each range becomes an entry of the shared resolver and the on hours are its
 * "schedule" segments: one implementation of local days, overnight ranges and DST gaps.
 */

const ON = 'on';
const ALWAYS_FROM_DAY = '1970-01-01';
const EPOCH = '1970-01-01T00:00:00Z';

/** A resolver whose "schedule" answers are the on hours; null for no schedule (always on). */
function powerResolver(schedule: TPowerSchedule | null, timeZone: string): ScheduleResolver | null {
  if (!schedule) return null;
  return createScheduleResolver({
    timeZone,
    defaultPlaylistId: null,
    entries: schedule.ranges.map((range, index) => ({
      id: `power-${index}`,
      playlistId: ON,
      firstDay: ALWAYS_FROM_DAY,
      lastDay: null,
      weekdays: range.weekdays,
      startTime: range.startTime,
      endTime: range.endTime,
      priority: 0,
      updatedAt: EPOCH,
    })),
  });
}

/**
 * The on hours within `[fromMs, toMs)` as sorted, separate windows (touching ranges joined).
 * No schedule: the whole period. The function the buyer's estimate and the forecast call.
 */
export function onWindows(
  schedule: TPowerSchedule | null,
  timeZone: string,
  fromMs: number,
  toMs: number,
): TPowerWindow[] {
  if (!(fromMs < toMs)) return [];
  const resolver = powerResolver(schedule, timeZone);
  if (!resolver) return [{ startMs: fromMs, endMs: toMs }];
  const windows: TPowerWindow[] = [];
  for (const segment of resolver.timeline(fromMs, toMs)) {
    if (segment.source !== 'schedule') continue;
    const last = windows[windows.length - 1];
    if (last && last.endMs === segment.startMs) last.endMs = segment.endMs;
    else windows.push({ startMs: segment.startMs, endMs: segment.endMs });
  }
  return windows;
}

/** Whether the screen should be on at the instant. */
export function isOnAt(schedule: TPowerSchedule | null, timeZone: string, atMs: number): boolean {
  return powerCheck(schedule, timeZone)(atMs);
}

/** `isOnAt` for many instants of one screen: the schedule is compiled once. */
export function powerCheck(
  schedule: TPowerSchedule | null,
  timeZone: string,
): (atMs: number) => boolean {
  const resolver = powerResolver(schedule, timeZone);
  return (atMs) => !resolver || resolver.playingAt(atMs).source === 'schedule';
}

/** Milliseconds of `window` inside the on hours (windows sorted and separate). */
export function overlapMs(window: TPowerWindow, on: readonly TPowerWindow[]): number {
  let total = 0;
  for (const part of on) {
    const start = Math.max(window.startMs, part.startMs);
    const end = Math.min(window.endMs, part.endMs);
    if (end > start) total += end - start;
  }
  return total;
}

/**
 * When the current on stretch began, looking back at most `lookBackMs`; null while off. A screen
 * switched off at night is offline from the start of the on hours, not from its last heartbeat
 * the evening before (the alerts count the outage from here).
 */
export function onSinceMs(
  schedule: TPowerSchedule | null,
  timeZone: string,
  atMs: number,
  lookBackMs: number,
): number | null {
  if (!schedule) return atMs - lookBackMs;
  const windows = onWindows(schedule, timeZone, atMs - lookBackMs, atMs + 1);
  const last = windows[windows.length - 1];
  return last && last.endMs > atMs ? last.startMs : null;
}
