import { z } from 'zod';
import { ZNamedRef } from './ad-space';
import { ZContentItem } from './content';
import { ZListQuery } from './location';
import { text } from './text';

/**
 * Playlists (`/api/v1/playlists`): an ordered list of content items and ad slots. Played by
 * packages/playback (playback-engine.ts) in the web preview and on the TV.
 */

export const PLAYLIST_ITEM_TYPES = ['content', 'adSlot'] as const;

/** Images show 1 s to 24 h; 10 s unless the owner says otherwise. */
export const IMAGE_DURATION_DEFAULT_SECONDS = 10;
export const ZImageDurationSeconds = z
  .number()
  .int('Whole seconds, please.')
  .min(1, 'At least 1 second.')
  .max(86_400, 'At most 24 hours.');

/** An ad slot lasts 1 s to 1 h: the marketplace fills it with creatives of that length. */
export const ZAdSlotLengthSeconds = z
  .number()
  .int('Whole seconds, please.')
  .min(1, 'At least 1 second.')
  .max(3_600, 'At most 1 hour.');

/** Half a surrogate pair: JSON can carry it, but PostgreSQL's jsonb refuses it (items are jsonb). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A client-made id, stable while the item is reordered (drag and drop keys, play reports). */
const ZPlaylistItemId = text()
  .min(1)
  .max(100)
  .refine((value) => !LONE_SURROGATE.test(value), 'Use whole characters only.');

export const ZPlaylistImageItem = z.strictObject({
  id: ZPlaylistItemId,
  type: z.literal('content'),
  contentId: text().min(1),
  kind: z.literal('image'),
  durationSeconds: ZImageDurationSeconds.default(IMAGE_DURATION_DEFAULT_SECONDS),
});

/** A video plays to its end: it has no duration of its own here. */
export const ZPlaylistVideoItem = z.strictObject({
  id: ZPlaylistItemId,
  type: z.literal('content'),
  contentId: text().min(1),
  kind: z.literal('video'),
});

export const ZPlaylistAdSlotItem = z.strictObject({
  id: ZPlaylistItemId,
  type: z.literal('adSlot'),
  lengthSeconds: ZAdSlotLengthSeconds,
});

export const ZPlaylistContentItem = z.discriminatedUnion('kind', [
  ZPlaylistImageItem,
  ZPlaylistVideoItem,
]);

export const ZPlaylistItem = z.discriminatedUnion('type', [
  ZPlaylistContentItem,
  ZPlaylistAdSlotItem,
]);
export type TPlaylistItem = z.infer<typeof ZPlaylistItem>;
export type TPlaylistItemInput = z.input<typeof ZPlaylistItem>;

export const ZPlaylistItems = z
  .array(ZPlaylistItem)
  .max(500, 'At most 500 items.')
  .refine(
    (items) => new Set(items.map((item) => item.id)).size === items.length,
    'Each item needs its own id.',
  );

export const ZPlaylistName = text()
  .trim()
  .min(1, 'Enter a name.')
  .max(200, 'Keep it under 200 characters.');

export const ZPlaylist = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Bumped by every save; the player's manifest and the preview key on it. */
  version: z.number().int().min(1),
  items: ZPlaylistItems,
});
export type TPlaylist = z.infer<typeof ZPlaylist>;

/** Where a playlist is used: ad spaces playing it by default and schedule entries naming it. */
export const ZPlaylistUsage = z.object({
  defaultFor: z.array(ZNamedRef),
  /** Schedule entries, each with its ad space's id and name (a group entry: the group's, "… (group)"). */
  scheduledOn: z.array(
    z.object({ scheduleEntryId: text(), adSpaceId: text(), adSpaceName: text() }),
  ),
});
export type TPlaylistUsage = z.infer<typeof ZPlaylistUsage>;

/** A playlist as lists show it. */
export const ZPlaylistSummary = z.object({
  id: text(),
  name: text(),
  version: z.number().int().min(1),
  itemCount: z.number().int().nonnegative(),
  /**
   * Total length in seconds: images' durations, videos' lengths (from the library) and ad slots'
   * lengths. A video whose length the library does not know counts 0.
   */
  durationSeconds: z.number().nonnegative(),
  /**
   * The ad slots' part of `durationSeconds`. A TV skips ad slots on a screen that is not
   * monetized, so there the playlist lasts `durationSeconds - adSlotSeconds`.
   */
  adSlotSeconds: z.number().nonnegative(),
  usage: ZPlaylistUsage,
  createdAt: text(),
  updatedAt: text(),
});
export type TPlaylistSummary = z.infer<typeof ZPlaylistSummary>;

/**
 * GET /api/v1/playlists/{id} and the answer to POST/PATCH: the summary, the items, and the
 * library items they name (thumbnails in the editor, media URLs for the preview player).
 */
export const ZPlaylistDetail = ZPlaylistSummary.extend({
  items: ZPlaylistItems,
  content: z.array(ZContentItem),
});
export type TPlaylistDetail = z.infer<typeof ZPlaylistDetail>;

/** GET /api/v1/playlists?cursor=&limit=&q= */
export const ZPlaylistListQuery = ZListQuery;
export const ZPlaylistList = z.object({
  items: z.array(ZPlaylistSummary),
  nextCursor: text().nullable(),
});
export type TPlaylistList = z.infer<typeof ZPlaylistList>;

/** POST /api/v1/playlists and PATCH /api/v1/playlists/{id} (the whole item list is replaced). */
export const ZSavePlaylist = z.strictObject({ name: ZPlaylistName, items: ZPlaylistItems });
export type TSavePlaylist = z.input<typeof ZSavePlaylist>;

/** PATCH /api/v1/playlists/{id}: rename, or replace the items, or both. */
export const ZUpdatePlaylist = ZSavePlaylist.partial();
export type TUpdatePlaylist = z.input<typeof ZUpdatePlaylist>;

/** POST /api/v1/playlists/{id}/duplicate: a copy named "<name> (copy)" unless a name is given. */
export const ZDuplicatePlaylist = z.strictObject({ name: ZPlaylistName.optional() });
