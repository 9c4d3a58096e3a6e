import { describe, expect, it } from 'vitest';
import {
  ZCreateScheduleEntry,
  ZLocalDateTime,
  ZScheduleEntry,
  ZUpdateScheduleEntry,
} from './schedule';

const valid = {
  adSpaceId: 's1',
  playlistId: 'p1',
  firstDay: '2026-03-01',
  weekdays: [5, 1, 3],
  startTime: '22:00',
  endTime: '02:00',
  priority: 50,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error ? result.error.issues.map((issue) => issue.message) : [];
}

describe('schedule entry schemas', () => {
  it('accepts an entry, sorting weekdays and defaulting the last day to none', () => {
    expect(ZCreateScheduleEntry.parse(valid)).toEqual({
      ...valid,
      weekdays: [1, 3, 5],
      lastDay: null,
    });
  });

  it('refuses impossible days and times, repeated weekdays, and a last day before the first', () => {
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, firstDay: '2026-02-30' }))).toEqual([
      'Not a day of the calendar.',
    ]);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, startTime: '24:00' }))).toEqual([
      'Use HH:mm, from 00:00 to 23:59.',
    ]);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, weekdays: [] }))).toEqual([
      'Pick at least one weekday.',
    ]);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, weekdays: [1, 1] }))).toEqual([
      'Each weekday once.',
    ]);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, weekdays: [0] }))).toHaveLength(1);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, priority: 101 }))).toEqual([
      'From 0 to 100.',
    ]);
    expect(messages(ZCreateScheduleEntry.safeParse({ ...valid, lastDay: '2026-02-28' }))).toEqual([
      'The last day cannot be before the first day.',
    ]);
    expect(
      messages(ZUpdateScheduleEntry.safeParse({ firstDay: '2026-03-02', lastDay: '2026-03-01' })),
    ).toEqual(['The last day cannot be before the first day.']);
    expect(ZUpdateScheduleEntry.safeParse({ priority: 3 }).success).toBe(true);
  });

  it('reads the "What plays here at…" local date-time', () => {
    expect(ZLocalDateTime.safeParse('2026-03-08T02:30').success).toBe(true);
    expect(ZLocalDateTime.safeParse('2026-03-08 02:30').success).toBe(false);
    expect(ZLocalDateTime.safeParse('2026-02-29T10:00').success).toBe(false);
  });

  it('answers with weekdays in order without a transform, so the server can encode them', () => {
    const stored = {
      ...valid,
      id: 'e1',
      groupId: null,
      lastDay: null,
      weekdays: [1, 3, 5],
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    expect(ZScheduleEntry.encode(stored)).toEqual(stored);
    expect(ZScheduleEntry.safeParse({ ...stored, weekdays: [5, 1] }).success).toBe(false);
    expect(ZScheduleEntry.safeParse({ ...stored, weekdays: [1, 1] }).success).toBe(false);
  });
});
