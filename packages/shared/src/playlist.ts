import { z } from 'zod';

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

/** A client-made id, stable while the item is reordered (drag and drop keys, play reports). */
const ZPlaylistItemId = z.string().min(1).max(100);

export const ZPlaylistImageItem = z.strictObject({
  id: ZPlaylistItemId,
  type: z.literal('content'),
  contentId: z.string().min(1),
  kind: z.literal('image'),
  durationSeconds: ZImageDurationSeconds.default(IMAGE_DURATION_DEFAULT_SECONDS),
});

/** A video plays to its end: it has no duration of its own here. */
export const ZPlaylistVideoItem = z.strictObject({
  id: ZPlaylistItemId,
  type: z.literal('content'),
  contentId: z.string().min(1),
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

export const ZPlaylistName = z
  .string()
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

/** POST /api/v1/playlists and PATCH /api/v1/playlists/{id} (the whole item list is replaced). */
export const ZSavePlaylist = z.strictObject({ name: ZPlaylistName, items: ZPlaylistItems });
export type TSavePlaylist = z.input<typeof ZSavePlaylist>;
