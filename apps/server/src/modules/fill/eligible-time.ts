import type { TDaypart } from '@screenline/shared/campaign';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';
import { campaignWindows, flightOf, type TWindow } from './campaign-windows';

/**
 * Counted exactly this far ahead; a longer flight's rest is counted at the same rate. Dayparts
 * repeat every week, so four weeks are the rest's rate but for daylight-saving hours (an hour in
 * half a year); working out a flight to 2099 day by day every day would cost seconds.
 */
export const ELIGIBLE_EXACT_DAYS = 28;
const DAY_MS = 86_400_000;

/** A campaign's eligible time (flight and dayparts) from one local day on, in one zone. */
export interface TEligibleDay {
  /** 00:00 of the day and of the next, in the zone. */
  dayStartMs: number;
  dayEndMs: number;
  /** Eligible time from the day's 00:00 to the flight's end. */
  leftMs: number;
  /** The day's eligible windows, and their total. */
  todayWindows: TWindow[];
  todayMs: number;
}

type TCampaignShape = { startDate: string; endDate: string; dayparts: readonly TDaypart[] };

/** The eligible time of a campaign from `localDay` (`YYYY-MM-DD` in `timeZone`) on. */
export function eligibleDayOf(
  campaign: TCampaignShape,
  timeZone: string,
  localDay: string,
): TEligibleDay {
  const dayStartMs = resolveLocalDateTime(`${localDay}T00:00`, timeZone).epochMs;
  const nextDay = Temporal.PlainDate.from(localDay).add({ days: 1 }).toString();
  const dayEndMs = resolveLocalDateTime(`${nextDay}T00:00`, timeZone).epochMs;
  const flight = flightOf(campaign, timeZone);
  // From the flight's start when the day is before it: the rate is the flight's.
  const fromMs = Math.max(dayStartMs, flight.startMs);
  const exactEndMs = Math.min(flight.endMs, fromMs + ELIGIBLE_EXACT_DAYS * DAY_MS);
  const windows = campaignWindows(campaign, timeZone, fromMs, exactEndMs);
  const exactMs = sumOf(windows);
  const restMs = Math.max(0, flight.endMs - exactEndMs);
  const spanMs = exactEndMs - fromMs;
  const leftMs = spanMs > 0 ? exactMs + (exactMs * restMs) / spanMs : 0;
  const todayWindows = clip(windows, dayStartMs, dayEndMs);
  return { dayStartMs, dayEndMs, leftMs, todayWindows, todayMs: sumOf(todayWindows) };
}

/**
 * How many (campaign shape, zone, day) results `cachedEligibleDayOf` keeps: a few hundred bytes
 * each, enough for every live campaign in every zone of a large platform for a day.
 */
export const ELIGIBLE_CACHE_MAX = 50_000;
const cache = new Map<string, TEligibleDay>();

/**
 * `eligibleDayOf`, worked out once per campaign shape, zone and local day: every build of every
 * space in the zone that day reads the same. The key holds all it depends on, so an edited
 * campaign is worked out afresh. Least recently used results go first.
 */
export function cachedEligibleDayOf(
  campaign: TCampaignShape,
  timeZone: string,
  localDay: string,
): TEligibleDay {
  const key = JSON.stringify([
    timeZone,
    localDay,
    campaign.startDate,
    campaign.endDate,
    campaign.dayparts,
  ]);
  let found = cache.get(key);
  if (found) cache.delete(key);
  else {
    found = eligibleDayOf(campaign, timeZone, localDay);
    if (cache.size >= ELIGIBLE_CACHE_MAX) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
  }
  cache.set(key, found);
  return found;
}

/** Eligible time of the day up to `nowMs`. */
export function elapsedOf(day: TEligibleDay, nowMs: number): number {
  return sumOf(clip(day.todayWindows, day.dayStartMs, nowMs));
}

export function sumOf(windows: readonly TWindow[]): number {
  return windows.reduce((sum, window) => sum + (window.endMs - window.startMs), 0);
}

function clip(windows: readonly TWindow[], fromMs: number, toMs: number): TWindow[] {
  return windows
    .map((window) => ({
      startMs: Math.max(fromMs, window.startMs),
      endMs: Math.min(toMs, window.endMs),
    }))
    .filter((window) => window.startMs < window.endMs);
}
