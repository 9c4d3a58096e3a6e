import { Temporal } from '@screenline/playback/temporal';
import { ISO_WEEKDAYS } from '@screenline/shared/schedule';
import { DATE_LOCALE } from '@/lib/local-time';

/** A Monday: ISO weekday n is this day plus n − 1. */
const A_MONDAY = Temporal.PlainDate.from('2024-01-01');

/** The weekday's name (1 = Monday … 7 = Sunday), from Intl. */
export function weekdayName(isoWeekday: number, width: 'long' | 'short' = 'long'): string {
  return A_MONDAY.add({ days: isoWeekday - 1 }).toLocaleString(DATE_LOCALE, { weekday: width });
}

export const WEEKDAY_OPTIONS = ISO_WEEKDAYS.map((value) => ({
  value,
  name: weekdayName(value),
  short: weekdayName(value, 'short'),
}));

/**
 * The weekdays of an entry, short: "Mon–Fri", "Sat, Sun", "Every day". Runs of three or more
 * consecutive days read as a range.
 */
export function describeWeekdays(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) => {
      const first = run[0] ?? 1;
      const last = run[run.length - 1] ?? first;
      if (run.length >= 3) return [`${weekdayName(first, 'short')}–${weekdayName(last, 'short')}`];
      return run.map((day) => weekdayName(day, 'short'));
    })
    .join(', ');
}
