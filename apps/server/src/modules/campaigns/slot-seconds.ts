import type { TPlaylistItem } from '@screenline/shared/playlist';
import { onWindows, overlapMs } from '@screenline/playback/power-schedule';
import { createScheduleResolver } from '@screenline/playback/schedule-resolver';
import type { TContentDirectory } from '../content/content-directory';
import { utcDayStart } from '../player/manifest';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';

const DAY_MS = 86_400_000;
/** The estimate looks at the coming week, as the TV's manifest does. */
export const SLOT_ESTIMATE_DAYS = 7;

/**
 * Seconds of ad slots a space's schedule plays on an average day of the coming week (the
 * marketplace's `slotSecondsPerDay`), approximately: the schedule is resolved into a timeline as
 * the TV's manifest does (modules/player/manifest.ts), and each stretch a playlist is on counts
 * its ad-slot share of the loop (slot seconds / loop seconds × seconds on), counting only the
 * screen's on hours (its power schedule, issue 23 item 5: `onWindows` of
 * packages/playback/src/power-schedule.ts). A loop's last pass cut short and a video whose length
 * the library does not know (counted 0 s) are not taken into account.
 */
export async function slotSecondsPerDay(
  deps: { adSpaces: TAdSpaceDirectory; content: TContentDirectory },
  space: { ownerId: string; adSpaceId: string },
  nowMs: number,
): Promise<number> {
  const found = await deps.adSpaces.findForManifest(space.ownerId, space.adSpaceId);
  if (!found) return 0;
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
  const slotShare = new Map(
    found.playlists.map((playlist) => [playlist.id, adSlotShare(playlist.items, videoMs)]),
  );
  const fromMs = utcDayStart(nowMs);
  // The same schedule, playlists and day give the same answer: resolved once per change of the
  // space (its content version counts every edit that reaches its TVs), not per request.
  // A new power schedule bumps the content version too.
  const key = `${space.adSpaceId}:${found.adSpace.contentVersion}:${fromMs}:${[...videoMs.values()].join(',')}`;
  const known = estimates.get(key);
  if (known !== undefined) return known;
  const timeZone = found.adSpace.location.timeZone;
  const toMs = fromMs + SLOT_ESTIMATE_DAYS * DAY_MS;
  const timeline = createScheduleResolver({
    timeZone,
    entries: found.entries,
    defaultPlaylistId: found.adSpace.defaultPlaylistId,
  }).timeline(fromMs, toMs);
  const on = onWindows(found.adSpace.powerSchedule, timeZone, fromMs, toMs);
  let slotMs = 0;
  for (const segment of timeline) {
    if (!segment.playlistId) continue;
    slotMs += overlapMs(segment, on) * (slotShare.get(segment.playlistId) ?? 0);
  }
  const estimate = Math.round(slotMs / 1000 / SLOT_ESTIMATE_DAYS);
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, estimate);
  return estimate;
}

/** Estimates by space, content version, day and video lengths (issue 19: bounded per request). */
const estimates = new Map<string, number>();
const ESTIMATES_KEPT = 10_000;

/** The share of a playlist's loop its ad slots take (0 for an empty loop). */
export function adSlotShare(
  items: readonly TPlaylistItem[],
  videoMs: ReadonlyMap<string, number>,
): number {
  let loopMs = 0;
  let slotMs = 0;
  for (const item of items) {
    if (item.type === 'adSlot') {
      loopMs += item.lengthSeconds * 1000;
      slotMs += item.lengthSeconds * 1000;
    } else if (item.kind === 'image') loopMs += item.durationSeconds * 1000;
    else loopMs += videoMs.get(item.contentId) ?? 0;
  }
  return loopMs > 0 ? slotMs / loopMs : 0;
}
