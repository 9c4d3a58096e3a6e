import { describe, expect, it } from 'vitest';
import { offHoursText, offSpansOfDay } from './off-hours';

const HOUR = 3_600_000;
/** Wednesday 2026-11-25 in Berlin (UTC+1). */
const day = { startMs: Date.UTC(2026, 10, 24, 23), endMs: Date.UTC(2026, 10, 25, 23) };

describe('off hours of a day', () => {
  it('are the hours the power schedule leaves out, on the location’s wall clock', () => {
    const spans = offSpansOfDay(
      { ranges: [{ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '22:00' }] },
      'Europe/Berlin',
      day,
    );
    expect(spans.map(({ top, bottom, label }) => ({ top, bottom, label }))).toEqual([
      { top: 0, bottom: 7, label: '00:00–07:00' },
      { top: 22, bottom: 24, label: '22:00–24:00' },
    ]);
    expect(spans[0]!.endMs - spans[0]!.startMs).toBe(7 * HOUR);
    expect(offHoursText(spans)).toBe('Screen off 00:00–07:00, 22:00–24:00');
  });

  it('cover the whole day on a day not listed, and nothing without a schedule', () => {
    const weekend = offSpansOfDay(
      { ranges: [{ weekdays: [6, 7], startTime: '00:00', endTime: '00:00' }] },
      'Europe/Berlin',
      day,
    );
    expect(offHoursText(weekend)).toBe('Screen off all day');
    expect(offSpansOfDay(null, 'Europe/Berlin', day)).toEqual([]);
    expect(offHoursText([])).toBeNull();
  });
});
