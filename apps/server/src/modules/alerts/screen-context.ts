import { createScheduleResolver } from '@screenline/playback/schedule-resolver';
import type { TDb } from '../../db/database';
import { adSlotShare } from '../campaigns/slot-seconds';
import { createContentDirectory } from '../content/content-directory';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import type { TStorageFacade } from '../storage/storage.service';

/** What an alert says about a screen besides its state. */
export interface TScreenContext {
  /** The playlist its schedule (or default) plays now; null: the idle screen. */
  shouldBePlaying: string | null;
  /** The share of that playlist's loop its ad slots take (0 without slots). */
  slotShare: number;
}

export type TScreenContextOf = (
  ownerId: string,
  adSpaceId: string,
  nowMs: number,
) => Promise<TScreenContext>;

/**
 * Reads what should be on a screen now through the screens and content facades, with the same
 * resolver the TV uses. Only for the screens an alert goes out about: a few queries each.
 */
export function createScreenContext(
  db: TDb,
  storage: TStorageFacade,
  bucket: string,
): TScreenContextOf {
  const spaces = createAdSpaceDirectory(db);
  const content = createContentDirectory(db, storage, bucket);
  return async (ownerId, adSpaceId, nowMs) => {
    const found = await spaces.findForManifest(ownerId, adSpaceId);
    if (!found) return { shouldBePlaying: null, slotShare: 0 };
    const playing = createScheduleResolver({
      timeZone: found.adSpace.location.timeZone,
      entries: found.entries,
      defaultPlaylistId: found.adSpace.defaultPlaylistId,
    }).playingAt(nowMs);
    const playlist = found.playlists.find((candidate) => candidate.id === playing.playlistId);
    if (!playlist) return { shouldBePlaying: null, slotShare: 0 };
    const videoIds = playlist.items.flatMap((item) =>
      item.type === 'content' && item.kind === 'video' ? [item.contentId] : [],
    );
    const videoMs = new Map(
      videoIds.length > 0
        ? (await content.findForPlaylist(ownerId, videoIds)).map((item) => [
            item.id,
            item.durationMs ?? 0,
          ])
        : [],
    );
    return { shouldBePlaying: playlist.name, slotShare: adSlotShare(playlist.items, videoMs) };
  };
}
