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
