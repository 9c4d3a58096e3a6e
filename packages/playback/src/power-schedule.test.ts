import { describe, expect, it } from 'vitest';
import type { TPowerSchedule } from '@screenline/shared/power-schedule';
import { isOnAt, onSinceMs, onWindows, overlapMs } from './power-schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const every = [1, 2, 3, 4, 5, 6, 7];

describe('power schedules', () => {
  it('no schedule is always on', () => {
    expect(onWindows(null, 'UTC', 0, DAY)).toEqual([{ startMs: 0, endMs: DAY }]);
    expect(isOnAt(null, 'Pacific/Apia', 12345)).toBe(true);
  });

  it('reads ranges on the local wall clock, overnight ranges ending the next day', () => {
    // Monday 2026-11-23 in Berlin (UTC+1).
    const monday = Date.UTC(2026, 10, 22, 23);
    const schedule: TPowerSchedule = {
      ranges: [
        { weekdays: [1], startTime: '07:00', endTime: '22:00' },
        { weekdays: [1], startTime: '23:00', endTime: '01:00' },
      ],
    };
    expect(onWindows(schedule, 'Europe/Berlin', monday, monday + 2 * DAY)).toEqual([
      { startMs: monday + 7 * HOUR, endMs: monday + 22 * HOUR },
      { startMs: monday + 23 * HOUR, endMs: monday + 25 * HOUR },
    ]);
    expect(isOnAt(schedule, 'Europe/Berlin', monday + 6 * HOUR)).toBe(false);
    expect(isOnAt(schedule, 'Europe/Berlin', monday + 24 * HOUR)).toBe(true);
  });

  it('joins touching ranges and counts the whole day for the same start and end', () => {
    const schedule: TPowerSchedule = {
      ranges: [
        { weekdays: every, startTime: '08:00', endTime: '12:00' },
        { weekdays: every, startTime: '12:00', endTime: '18:00' },
      ],
    };
    const day = Date.UTC(2026, 10, 25);
    expect(onWindows(schedule, 'UTC', day, day + DAY)).toEqual([
      { startMs: day + 8 * HOUR, endMs: day + 18 * HOUR },
    ]);
    const allDay: TPowerSchedule = {
      ranges: [{ weekdays: every, startTime: '00:00', endTime: '00:00' }],
    };
    expect(onWindows(allDay, 'UTC', day, day + 2 * DAY)).toEqual([
      { startMs: day, endMs: day + 2 * DAY },
    ]);
  });

  it('follows a DST change: 08:00–20:00 is 12 hours of instants on both sides', () => {
    // Europe/London leaves summer time on Sunday 2026-10-25 at 02:00 BST.
    const schedule: TPowerSchedule = {
      ranges: [{ weekdays: every, startTime: '08:00', endTime: '20:00' }],
    };
    const from = Date.UTC(2026, 9, 24);
    const windows = onWindows(schedule, 'Europe/London', from, from + 2 * DAY);
    expect(windows).toEqual([
      { startMs: Date.UTC(2026, 9, 24, 7), endMs: Date.UTC(2026, 9, 24, 19) },
      { startMs: Date.UTC(2026, 9, 25, 8), endMs: Date.UTC(2026, 9, 25, 20) },
    ]);
  });

  it('measures overlap with the on hours and finds when the current on stretch began', () => {
    const on = [
      { startMs: 10, endMs: 20 },
      { startMs: 30, endMs: 40 },
    ];
    expect(overlapMs({ startMs: 15, endMs: 35 }, on)).toBe(10);
    const schedule: TPowerSchedule = {
      ranges: [{ weekdays: every, startTime: '08:00', endTime: '20:00' }],
    };
    const day = Date.UTC(2026, 10, 25);
    expect(onSinceMs(schedule, 'UTC', day + 9 * HOUR, 8 * DAY)).toBe(day + 8 * HOUR);
    expect(onSinceMs(schedule, 'UTC', day + 21 * HOUR, 8 * DAY)).toBeNull();
  });
});
