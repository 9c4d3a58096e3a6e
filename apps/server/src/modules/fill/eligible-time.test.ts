import { describe, expect, it } from 'vitest';
import { eligibleDayOf, elapsedOf } from './eligible-time';

const HOUR = 3_600_000;
/** Berlin changes to summer time on 29 March 2026: that day has 23 hours. */
const overTheChange = { startDate: '2026-03-28', endDate: '2026-03-30', dayparts: [] };

describe('eligible time', () => {
  it('counts a local day and what is left of the flight in the zone, daylight saving included', () => {
    const day = eligibleDayOf(overTheChange, 'Europe/Berlin', '2026-03-29');
    expect(day.todayMs).toBe(23 * HOUR);
    expect(day.leftMs).toBe(47 * HOUR);
    expect(new Date(day.dayStartMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // 12:00 summer time is 10:00 UTC: 11 hours of the day gone.
    expect(elapsedOf(day, Date.parse('2026-03-29T10:00:00Z'))).toBe(11 * HOUR);
  });

  it('before the flight has nothing today and all of it left; after it, nothing', () => {
    const before = eligibleDayOf(overTheChange, 'Europe/Berlin', '2026-03-20');
    expect(before.todayMs).toBe(0);
    expect(before.leftMs).toBe(71 * HOUR);
    expect(eligibleDayOf(overTheChange, 'Europe/Berlin', '2026-04-01').leftMs).toBe(0);
  });

  it('counts dayparts only, and a long flight past four weeks at the first weeks’ rate', () => {
    const mondays = {
      startDate: '2026-01-05',
      endDate: '2026-12-31',
      dayparts: [{ weekdays: [1], startTime: '09:00', endTime: '10:00' }],
    };
    const monday = eligibleDayOf(mondays, 'Europe/Berlin', '2026-01-05');
    expect(monday.todayMs).toBe(HOUR);
    expect(elapsedOf(monday, Date.parse('2026-01-05T08:30:00Z'))).toBe(HOUR / 2);
    // 52 Mondays from 5 January to 28 December.
    expect(Math.abs(monday.leftMs - 52 * HOUR)).toBeLessThan(HOUR);
    expect(eligibleDayOf(mondays, 'Europe/Berlin', '2026-01-06').todayMs).toBe(0);
  });
});
