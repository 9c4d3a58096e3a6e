import type { TPlaylistItem } from '@screenline/shared/playlist';
import type { TPowerWindow } from '@screenline/shared/power-schedule';
import { onWindows } from '@screenline/playback/power-schedule';
import { createScheduleResolver } from '@screenline/playback/schedule-resolver';
import type { TContentDirectory } from '../content/content-directory';
import { utcDayStart } from '../../lib/local-day';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';

const DAY_MS = 86_400_000;
/** The estimate looks at the coming week, as the TV's manifest does. */
export const SLOT_ESTIMATE_DAYS = 7;

/** The ad-slot time a space's schedule plays over the coming week, by local hour of the week. */
export interface TSlotProfile {
  /** Seconds of ad slots on an average day (the sum of `slotSecondsByHour` ÷ 7). */
  slotSecondsPerDay: number;
  /**
   * 168 figures: seconds of ad slots in each local hour of the week, in the space's zone; index
   * (ISO weekday − 1) × 24 + hour (Monday 00:00–01:00 is 0, Sunday 23:00–24:00 is 167).
   */
  slotSecondsByHour: number[];
  /** The average length of one ad-slot play, in seconds (0: the schedule plays no slot). */
  averageSlotSeconds: number;
}

export const HOURS_PER_WEEK = 168;
const NO_SLOTS: TSlotProfile = {
  slotSecondsPerDay: 0,
  slotSecondsByHour: Array.from({ length: HOURS_PER_WEEK }, () => 0),
  averageSlotSeconds: 0,
};

/**
 * A space's ad-slot time over the coming week (the marketplace's `slotSecondsPerDay` and
 * `slotSecondsByHour`), approximately: the schedule is resolved into a timeline as the TV's
 * manifest does (modules/player/manifest.ts), only while the screen is on (`screenOnWindows`:
 * its power schedule's on hours, issue 23 item 5), and each stretch a playlist is on counts its
 * ad-slot share of the loop (slot seconds / loop seconds × seconds on), in the local hour of the
 * week it falls in. A loop's last pass cut short and a video whose length the library does not
 * know (counted 0 s) are not taken into account.
 */
export async function slotProfile(
  deps: { adSpaces: TAdSpaceDirectory; content: TContentDirectory },
  space: { ownerId: string; adSpaceId: string },
  nowMs: number,
): Promise<TSlotProfile> {
  const found = await deps.adSpaces.findForManifest(space.ownerId, space.adSpaceId);
  if (!found) return NO_SLOTS;
  const videoIds = found.playlists.flatMap((playlist) =>
    playlist.items.flatMap((item) =>
      item.type === 'content' && item.kind === 'video' ? [item.contentId] : [],
    ),
  );
  const videoMs = new Map(
    videoIds.length > 0
      ? (await deps.content.findForPlaylist(space.ownerId, videoIds)).map((item) => [
          item.id,
          item.durationMs ?? 0,
        ])
      : [],
  );
  const loops = new Map(
    found.playlists.map((playlist) => [playlist.id, adSlotLoop(playlist.items, videoMs)]),
  );
  const fromMs = utcDayStart(nowMs);
  // The same schedule, playlists and day give the same answer: resolved once per change of the
  // space (its content version counts every edit that reaches its TVs), not per request.
  // A new power schedule bumps the content version too.
  const key = `${space.adSpaceId}:${found.adSpace.contentVersion}:${fromMs}:${[...videoMs.values()].join(',')}`;
  const known = estimates.get(key);
  if (known !== undefined) return known;
  const toMs = fromMs + SLOT_ESTIMATE_DAYS * DAY_MS;
  const timeZone = found.adSpace.location.timeZone;
  const timeline = createScheduleResolver({
    timeZone,
    entries: found.entries,
    defaultPlaylistId: found.adSpace.defaultPlaylistId,
  }).timeline(fromMs, toMs);
  const hours = quarterWeekHours(timeZone, fromMs);
  const slotMsByHour = Array.from({ length: HOURS_PER_WEEK }, () => 0);
  let slotMs = 0;
  let plays = 0;
  for (const segment of clipToWindows(timeline, screenOnWindows(found, fromMs, toMs))) {
    const loop = segment.playlistId ? loops.get(segment.playlistId) : undefined;
    if (!loop || loop.slotCount === 0) continue;
    // Every zone's offset is a whole number of quarter hours: a quarter never spans two hours.
    for (let at = segment.startMs; at < segment.endMs;) {
      const next = Math.min(segment.endMs, (Math.floor(at / QUARTER_MS) + 1) * QUARTER_MS);
      const ms = ((next - at) * loop.slotMs) / loop.loopMs;
      const hour = hours[Math.floor((at - fromMs) / QUARTER_MS)] ?? 0;
      slotMsByHour[hour] = (slotMsByHour[hour] ?? 0) + ms;
      slotMs += ms;
      plays += ((next - at) * loop.slotCount) / loop.loopMs;
      at = next;
    }
  }
  const estimate: TSlotProfile = {
    slotSecondsPerDay: Math.round(slotMs / 1000 / SLOT_ESTIMATE_DAYS),
    slotSecondsByHour: slotMsByHour.map((ms) => Math.round(ms / 1000)),
    averageSlotSeconds: plays > 0 ? Math.round(slotMs / plays / 10) / 100 : 0,
  };
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, estimate);
  return estimate;
}

/** Estimates by space, content version, day and video lengths (issue 19: bounded per request). */
const estimates = new Map<string, TSlotProfile>();
const ESTIMATES_KEPT = 10_000;
const QUARTER_MS = 15 * 60_000;

type TSpaceForManifest = NonNullable<Awaited<ReturnType<TAdSpaceDirectory['findForManifest']>>>;

/**
 * When the space's screen is on within [fromMs, toMs), as sorted, disjoint [startMs, endMs)
 * windows: the on hours of its power schedule in its location's zone (`onWindows` of
 * packages/playback/src/power-schedule.ts); a space without one is on all the time. The estimate
 * counts only the ad slots played inside them.
 */
export function screenOnWindows(
  space: TSpaceForManifest,
  fromMs: number,
  toMs: number,
): TPowerWindow[] {
  return onWindows(space.adSpace.powerSchedule, space.adSpace.location.timeZone, fromMs, toMs);
}

/** The parts of the timeline's segments inside the (sorted, disjoint) windows. */
export function clipToWindows<T extends { startMs: number; endMs: number }>(
  segments: readonly T[],
  windows: readonly { startMs: number; endMs: number }[],
): T[] {
  const clipped: T[] = [];
  for (const segment of segments) {
    for (const window of windows) {
      const startMs = Math.max(segment.startMs, window.startMs);
      const endMs = Math.min(segment.endMs, window.endMs);
      if (startMs < endMs) clipped.push({ ...segment, startMs, endMs });
    }
  }
  return clipped;
}

/**
 * The local hour of the week of each quarter hour of the 7 days from `fromMs` (a UTC midnight),
 * in `timeZone`: read once per zone and day for every space (Intl is slow per call).
 */
function quarterWeekHours(timeZone: string, fromMs: number): Uint8Array {
  const key = `${timeZone}:${fromMs}`;
  const known = weekHours.get(key);
  if (known) return known;
  const hourOf = weekHourReader(timeZone);
  const quarters = (SLOT_ESTIMATE_DAYS * DAY_MS) / QUARTER_MS;
  const hours = new Uint8Array(quarters);
  for (let index = 0; index < quarters; index += 1)
    hours[index] = hourOf(fromMs + index * QUARTER_MS);
  if (weekHours.size >= WEEK_HOURS_KEPT) weekHours.clear();
  weekHours.set(key, hours);
  return hours;
}
const weekHours = new Map<string, Uint8Array>();
const WEEK_HOURS_KEPT = 500;

const WEEKDAY_INDEX: Record<string, number> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

/** The local hour of the week (0 = Monday 00:00) an instant falls in, in `timeZone`. */
export function weekHourReader(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => {
    const parts = format.formatToParts(ms);
    const weekday = WEEKDAY_INDEX[parts.find((part) => part.type === 'weekday')?.value ?? ''] ?? 0;
    const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0) % 24;
    return weekday * 24 + hour;
  };
}

/** A playlist's loop: its length, the part its ad slots take, and how many slots it plays. */
export function adSlotLoop(
  items: readonly TPlaylistItem[],
  videoMs: ReadonlyMap<string, number>,
): { loopMs: number; slotMs: number; slotCount: number } {
  let loopMs = 0;
  let slotMs = 0;
  let slotCount = 0;
  for (const item of items) {
    if (item.type === 'adSlot') {
      loopMs += item.lengthSeconds * 1000;
      slotMs += item.lengthSeconds * 1000;
      slotCount += 1;
    } else if (item.kind === 'image') loopMs += item.durationSeconds * 1000;
    else loopMs += videoMs.get(item.contentId) ?? 0;
  }
  return loopMs > 0 ? { loopMs, slotMs, slotCount } : { loopMs: 1, slotMs: 0, slotCount: 0 };
}

/** The share of a playlist's loop its ad slots take (0 for an empty loop). */
export function adSlotShare(
  items: readonly TPlaylistItem[],
  videoMs: ReadonlyMap<string, number>,
): number {
  const loop = adSlotLoop(items, videoMs);
  return loop.slotMs / loop.loopMs;
}
