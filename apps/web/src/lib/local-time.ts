import { Temporal } from '@screenline/playback/temporal';

/*
 * Calendar helpers for pages that show a location's wall clock (the schedule and the dashboard).
 * Every conversion between a local day or time and an instant goes through Temporal, as in
 * packages/playback: no offset arithmetic here. What an entry covers comes from the resolver.
 */

const HOUR_MS = 3_600_000;

/**
 * The app writes dates in English, day before month ("Mon 2 Mar", as the content library's
 * "3 Jan 2026"); Intl supplies the names.
 */
export const DATE_LOCALE = 'en-GB';

/** Today's date on the zone's wall clock, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, nowMs = Date.now()): string {
  return Temporal.Instant.fromEpochMilliseconds(nowMs)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** Now on the zone's wall clock to the minute, `YYYY-MM-DDTHH:mm`. */
export function nowLocalMinute(timeZone: string, nowMs = Date.now()): string {
  return Temporal.Instant.fromEpochMilliseconds(nowMs)
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: 'minute' });
}

/**
 * A local day as instants: [its first instant, the next day's first instant). 23 hours long on a
 * spring-forward day and 25 on a fall-back day; a day whose midnight is skipped starts when it
 * really starts (Temporal's start of day).
 */
export function localDayRange(day: string, timeZone: string): { startMs: number; endMs: number } {
  const date = Temporal.PlainDate.from(day);
  return {
    startMs: date.toZonedDateTime({ timeZone }).epochMilliseconds,
    endMs: date.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds,
  };
}

/** `day` plus `days` (may be negative), `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

/** How many days `from` to `to` span, both counted ("2026-03-01" to "2026-03-07" is 7). */
export function daysInRange(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to)).days + 1;
}

/** The Monday of the ISO week holding `day`. */
export function mondayOf(day: string): string {
  const date = Temporal.PlainDate.from(day);
  return date.subtract({ days: date.dayOfWeek - 1 }).toString();
}

/** ISO weekday of a day, 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  return Temporal.PlainDate.from(day).dayOfWeek;
}

/** Whether `value` is a real `YYYY-MM-DD` day. */
export function isLocalDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' }).toString() === value;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant. */
export function wallClockAt(epochMs: number, timeZone: string): Temporal.PlainDateTime {
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime();
}

/** `HH:mm` on the zone's wall clock at an instant. */
export function localClockAt(epochMs: number, timeZone: string): string {
  return wallClockAt(epochMs, timeZone).toPlainTime().toString({ smallestUnit: 'minute' });
}

/** The zone's UTC offset at an instant, `-05:00`. */
export function offsetAt(epochMs: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).offset;
}

/** The zone's short name at an instant ("EST"; "GMT+1" where English has no name for it). */
export function zoneAbbreviationAt(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(
    epochMs,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "6 h", "6 h 30 min", "45 min", "0 h". */
export function formatHours(durationMs: number): string {
  const minutes = Math.round(durationMs / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0 && rest > 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Hours in a span of instants (23 or 25 for a DST day). */
export function hoursBetween(startMs: number, endMs: number): number {
  return (endMs - startMs) / HOUR_MS;
}

/** "Monday 2 March 2026" (the calendar day as given, no time zone involved). */
export function formatLongDay(day: string): string {
  return Temporal.PlainDate.from(day).toLocaleString(DATE_LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "Mon 2 Mar" */
export function formatShortDay(day: string): string {
  return Temporal.PlainDate.from(day).toLocaleString(DATE_LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}
