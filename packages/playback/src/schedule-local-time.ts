import type { LocalInstant, TLocalAdjustment } from './schedule-resolver-types';
import { Temporal } from './temporal';

// Wall clock ↔ instant for the schedule resolver, always through Temporal with the "compatible"
// disambiguation (a skipped local time moves forward by the gap, a repeated one means the
// earlier): reading a local date-time as people type it, and the cached conversion of a local day
// and time of day to an instant that every window of every entry goes through.

const CACHE_LIMIT = 20_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The local wall clock of a zone, `YYYY-MM-DDTHH:mm:ss`. */
export function formatLocal(dateTime: Temporal.PlainDateTime): string {
  return dateTime.toString({ smallestUnit: 'second' });
}

export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Throws a RangeError naming the zone when it is not an IANA zone the runtime knows. */
export function checkTimeZone(timeZone: string): void {
  Temporal.Now.instant().toZonedDateTimeISO(timeZone);
}

/**
 * A local date-time (`YYYY-MM-DDTHH:mm`, seconds allowed) in a zone → the instant, with the
 * compatible rules, and how it was read. For the "What plays here at…" control and `?at=`.
 */
export function resolveLocalDateTime(localDateTime: string, timeZone: string): LocalInstant {
  // Parsing a string refuses days off the calendar (2026-02-30) with a RangeError.
  const wall = Temporal.PlainDateTime.from(localDateTime);
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
  const meant = zoned.toPlainDateTime();
  let adjustment: TLocalAdjustment = 'exact';
  if (!meant.equals(wall)) adjustment = 'moved-forward';
  else if (later.epochMilliseconds !== zoned.epochMilliseconds) adjustment = 'earlier-of-two';
  return {
    epochMs: zoned.epochMilliseconds,
    at: toIso(zoned.epochMilliseconds),
    localTime: formatLocal(meant),
    offset: zoned.offset,
    adjustment,
  };
}

/**
 * Local (day, time) → instant in `timeZone`, cached: the conversions are the slow part, and
 * nextChange, the timeline and the week views ask for the same days again and again.
 */
export function createInstantClock(
  timeZone: string,
): (day: Temporal.PlainDate, time: Temporal.PlainTime) => number {
  // Shared by every entry with the same times.
  const instantCache = new Map<string, number>();
  // Most local days have one offset from midnight to midnight: their instants are the day's
  // start plus the time of day, with no conversion (a week of one-minute entries asked for
  // thousands). A day whose length is not 24 hours, or whose offset differs at its start, noon
  // and end, is converted time by time as before.
  const plainDays = new Map<string, number | null>();
  const dayKeys = new WeakMap<Temporal.PlainDate, string>();
  function plainDayStart(day: Temporal.PlainDate): number | null {
    let key = dayKeys.get(day);
    if (key === undefined) {
      key = day.toString();
      dayKeys.set(day, key);
    }
    const known = plainDays.get(key);
    if (known !== undefined) return known;
    const start = day.toZonedDateTime({ timeZone });
    const end = day.add({ days: 1 }).toZonedDateTime({ timeZone });
    const noon = start.add({ hours: 12 });
    const plain =
      end.epochMilliseconds - start.epochMilliseconds === DAY_MS &&
      start.offsetNanoseconds === noon.offsetNanoseconds &&
      noon.offsetNanoseconds === end.offsetNanoseconds &&
      start.hour === 0 &&
      start.minute === 0
        ? start.epochMilliseconds
        : null;
    if (plainDays.size >= CACHE_LIMIT) plainDays.clear();
    plainDays.set(key, plain);
    return plain;
  }
  function instantOf(day: Temporal.PlainDate, time: Temporal.PlainTime): number {
    const dayStart = plainDayStart(day);
    if (dayStart !== null)
      return (
        dayStart +
        time.hour * 3_600_000 +
        time.minute * 60_000 +
        time.second * 1000 +
        time.millisecond
      );
    const key = `${day.toString()}T${time.toString()}`;
    const cached = instantCache.get(key);
    if (cached !== undefined) return cached;
    const epochMs = day
      .toPlainDateTime(time)
      .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
    if (instantCache.size >= CACHE_LIMIT) instantCache.clear();
    instantCache.set(key, epochMs);
    return epochMs;
  }
  return instantOf;
}
