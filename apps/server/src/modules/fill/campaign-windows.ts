import type { TDaypart } from '@screenline/shared/campaign';
import {
  createScheduleResolver,
  resolveLocalDateTime,
  type TScheduleRule,
} from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';

/** A window `[startMs, endMs)` of instants. */
export interface TWindow {
  startMs: number;
  endMs: number;
}

/**
 * A campaign's flight as instants in a zone: from the start of its first local day to the start
 * of the day after its last (23 or 25 hours on a daylight-saving change).
 */
export function flightOf(
  campaign: { startDate: string; endDate: string },
  timeZone: string,
): TWindow {
  const dayAfter = Temporal.PlainDate.from(campaign.endDate).add({ days: 1 }).toString();
  return {
    startMs: resolveLocalDateTime(`${campaign.startDate}T00:00`, timeZone).epochMs,
    endMs: resolveLocalDateTime(`${dayAfter}T00:00`, timeZone).epochMs,
  };
}

/**
 * When a campaign may play in a zone between `fromMs` and `toMs`: its flight, and within it its
 * dayparts (none: all day). The dayparts are read as schedule entries by the same resolver as the
 * TV's timeline, so a daypart means the same wall-clock window a schedule entry would on every
 * day, daylight-saving changes included (a skipped local time moves forward, a repeated one
 * means the earlier). Sorted, merged where they touch or overlap, clipped to the range.
 */
export function campaignWindows(
  campaign: { startDate: string; endDate: string; dayparts: readonly TDaypart[] },
  timeZone: string,
  fromMs: number,
  toMs: number,
): TWindow[] {
  const flight = flightOf(campaign, timeZone);
  const lo = Math.max(fromMs, flight.startMs);
  const hi = Math.min(toMs, flight.endMs);
  if (lo >= hi) return [];
  if (campaign.dayparts.length === 0) return [{ startMs: lo, endMs: hi }];

  const rules: TScheduleRule[] = campaign.dayparts.map((daypart, index) => ({
    id: String(index),
    playlistId: '',
    // The flight clips the windows; the rule itself is every listed weekday.
    firstDay: '1970-01-01',
    lastDay: null,
    weekdays: [...daypart.weekdays],
    startTime: daypart.startTime,
    endTime: daypart.endTime,
    priority: 0,
    updatedAt: '1970-01-01T00:00:00Z',
  }));
  const resolver = createScheduleResolver({ timeZone, entries: rules, defaultPlaylistId: null });
  const localDay = (epochMs: number) =>
    Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDate();
  // A window starts on its local day and may end the next (overnight): start a day early.
  const firstDay = localDay(lo).subtract({ days: 1 }).toString();
  const lastDay = localDay(hi).toString();
  const clipped = rules
    .flatMap((rule) => resolver.windowsOf(rule.id, firstDay, lastDay))
    .map((window) => ({
      startMs: Math.max(lo, window.startMs),
      endMs: Math.min(hi, window.endMs),
    }))
    .filter((window) => window.startMs < window.endMs)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const merged: TWindow[] = [];
  for (const window of clipped) {
    const last = merged.at(-1);
    if (last && window.startMs <= last.endMs) last.endMs = Math.max(last.endMs, window.endMs);
    else merged.push({ ...window });
  }
  return merged;
}

/** How many (campaign, zone, range) results `cachedCampaignWindows` keeps. */
export const CAMPAIGN_WINDOWS_CACHE_MAX = 10_000;
const windowsCache = new Map<string, { flight: TWindow; windows: TWindow[] }>();

/**
 * A campaign's flight and windows in a zone over a range, worked out once and then reused by
 * every space in that zone and every build of the same range (the manifest's range moves once a
 * day): the date work (zone offsets, daypart resolution) was 53 % of a build's CPU (issue 19). The
 * key is everything the result depends on (dates, dayparts, zone, range), so an edited campaign
 * is worked out afresh and no change message is needed, on any instance. Least recently used
 * results go first. Callers get their own copies.
 */
export function cachedCampaignWindows(
  campaign: { startDate: string; endDate: string; dayparts: readonly TDaypart[] },
  timeZone: string,
  fromMs: number,
  toMs: number,
): { flight: TWindow; windows: TWindow[] } {
  const key = JSON.stringify([
    timeZone,
    fromMs,
    toMs,
    campaign.startDate,
    campaign.endDate,
    campaign.dayparts,
  ]);
  let found = windowsCache.get(key);
  if (found) {
    windowsCache.delete(key);
  } else {
    found = {
      flight: flightOf(campaign, timeZone),
      windows: campaignWindows(campaign, timeZone, fromMs, toMs),
    };
    if (windowsCache.size >= CAMPAIGN_WINDOWS_CACHE_MAX) {
      const oldest = windowsCache.keys().next();
      if (!oldest.done) windowsCache.delete(oldest.value);
    }
  }
  windowsCache.set(key, found);
  return {
    flight: { ...found.flight },
    windows: found.windows.map((window) => ({ ...window })),
  };
}
