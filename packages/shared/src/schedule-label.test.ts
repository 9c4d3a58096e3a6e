import { describe, expect, it } from 'vitest';
import { formatWeekdays, formatWindow, scheduleEntryLabel } from './schedule-label';

describe('schedule entry labels', () => {
  it('writes runs of three or more weekdays as ranges', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatWeekdays([7, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(formatWeekdays([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(formatWeekdays([6, 7])).toBe('Sat, Sun');
    expect(formatWeekdays([1, 2, 3, 6])).toBe('Mon–Wed, Sat');
    expect(formatWeekdays([4])).toBe('Thu');
  });

  it('names whole-day and midnight-crossing windows', () => {
    expect(formatWindow('22:00', '02:00')).toBe('22:00–02:00');
    expect(formatWindow('00:00', '00:00')).toBe('all day');
    expect(formatWindow('06:00', '06:00')).toBe('06:00–06:00 (24 h)');
  });

  it('names an entry by its playlist, days and window', () => {
    expect(
      scheduleEntryLabel({
        playlistName: 'Morning loop',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '07:00',
        endTime: '11:00',
      }),
    ).toBe('Morning loop, Mon–Fri 07:00–11:00');
  });
});
