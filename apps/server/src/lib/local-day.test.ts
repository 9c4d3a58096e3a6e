import { describe, expect, it } from 'vitest';
import { localDayFormat } from './local-day';

describe('localDayFormat', () => {
  it('answers what Intl answers for every minute around midnights and daylight-saving changes', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    // Two days around Europe's and New York's autumn changes, and around Lord Howe's half hour.
    const starts = ['2026-10-24T12:00:00Z', '2026-10-31T12:00:00Z', '2026-04-03T12:00:00Z'];
    for (const timeZone of zones) {
      const day = localDayFormat(timeZone);
      const reference = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (const start of starts) {
        for (let minute = 0; minute < 2 * 24 * 60; minute += 1) {
          const at = new Date(Date.parse(start) + minute * 60_000 + 59_999);
          expect(day(at.toISOString()), `${timeZone} ${at.toISOString()}`).toBe(
            reference.format(at),
          );
        }
      }
    }
  });
});
