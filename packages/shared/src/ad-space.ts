import { z } from 'zod';
import { ZListQuery } from './location';
import { ZPlaying } from './schedule';
import { ZPlayedAd } from './proof-of-play';
import { ZAdSpaceTags, ZTag } from './screen-group';
import { text } from './text';
import { ZId } from './id';

/** Ad spaces (`/api/v1/ad-spaces`): one screen at a location (DESIGN.md §4). */

export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export const ZOrientation = z.enum(ORIENTATIONS);
export type TOrientation = z.infer<typeof ZOrientation>;

/**
 * Online: a player reported within the heartbeat window; offline: one did before, not lately;
 * never-connected: no player has ever reported (every space, until the TV player issue lands);
 * scheduled-off: silent while its power schedule has it off (issue 23 item 5), not an outage.
 */
export const AD_SPACE_STATUSES = ['online', 'offline', 'never-connected', 'scheduled-off'] as const;
export const ZAdSpaceStatus = z.enum(AD_SPACE_STATUSES);
export type TAdSpaceStatus = z.infer<typeof ZAdSpaceStatus>;

/**
 * How recent the last heartbeat must be for a space to count as online. The TV player issue
 * feeds `ad_space.last_seen_at`; its heartbeat must come more often than this (every 30–60 s
 * leaves room for one lost beat).
 */
export const AD_SPACE_ONLINE_WINDOW_MS = 2 * 60 * 1000;

/**
 * A space's status from its last heartbeat (null: never) at the instant `nowMs`; `isOn`: whether
 * its power schedule has it on then (a TV still reporting while scheduled off is online).
 */
export function adSpaceStatusOf(
  lastSeenAt: Date | null,
  nowMs: number,
  isOn = true,
): TAdSpaceStatus {
  if (lastSeenAt === null) return 'never-connected';
  if (nowMs - lastSeenAt.getTime() <= AD_SPACE_ONLINE_WINDOW_MS) return 'online';
  return isOn ? 'offline' : 'scheduled-off';
}

const ZScreenPixels = z
  .number()
  .int('Whole pixels, please.')
  .min(64, 'At least 64 pixels.')
  .max(16_384, 'At most 16,384 pixels.');

const adSpaceFields = {
  name: text().trim().min(1, 'Enter a name.').max(200, 'Keep it under 200 characters.'),
  locationId: z.uuid('Pick a location.'),
  orientation: ZOrientation,
  resolutionWidth: ZScreenPixels,
  resolutionHeight: ZScreenPixels,
  /** Plays when no schedule entry is active; null: the idle screen. */
  defaultPlaylistId: z.uuid('Pick a playlist.').nullable().default(null),
  /** Free-text tags (issue 23), normalized; tag groups match on them. */
  tags: ZAdSpaceTags.default([]),
};

/** POST /api/v1/ad-spaces */
export const ZCreateAdSpace = z.strictObject(adSpaceFields);
export type TCreateAdSpace = z.input<typeof ZCreateAdSpace>;

/** PATCH /api/v1/ad-spaces/{id} */
export const ZUpdateAdSpace = z
  .strictObject({
    ...adSpaceFields,
    defaultPlaylistId: z.uuid('Pick a playlist.').nullable(),
    tags: ZAdSpaceTags,
  })
  .partial();
export type TUpdateAdSpace = z.input<typeof ZUpdateAdSpace>;

/** A name and id, for "used by" lists and refusals. */
export const ZNamedRef = z.object({ id: text(), name: text() });
export type TNamedRef = z.infer<typeof ZNamedRef>;

/** What the ad spaces page shows of the TV playing a space, from its last heartbeat. */
export const ZAdSpacePlayer = z.object({
  deviceId: text(),
  deviceName: text().nullable(),
  appVersion: text(),
  lastSeenAt: text(),
  /** The manifest version it plays, and whether that is the current one. */
  manifestVersion: text().nullable(),
  isUpToDate: z.boolean(),
  cache: z.object({
    filesReady: z.number().int(),
    filesNeeded: z.number().int(),
    bytesReady: z.number().int(),
    bytesNeeded: z.number().int(),
    problem: text().nullable(),
  }),
  storage: z.object({
    usedBytes: z.number().int(),
    quotaBytes: z.number().int().nullable(),
    persisted: z.boolean(),
  }),
  /** What it said was on screen, with the library item's name, or the ad's campaign. */
  nowPlaying: z
    .object({
      playlistId: text().nullable(),
      contentId: text().nullable(),
      contentName: text().nullable(),
      /** A buyer's ad the TV's manifest offered: its campaign and buyer; null otherwise. */
      ad: ZPlayedAd.nullable(),
      startedAt: text(),
    })
    .nullable(),
});
export type TAdSpacePlayer = z.infer<typeof ZAdSpacePlayer>;

export const ZAdSpace = z.object({
  id: text(),
  name: text(),
  location: z.object({ id: text(), name: text(), timeZone: text(), city: text() }),
  orientation: ZOrientation,
  resolutionWidth: z.number().int(),
  resolutionHeight: z.number().int(),
  defaultPlaylist: ZNamedRef.nullable(),
  /** Normalized, sorted. */
  tags: z.array(text()),
  status: ZAdSpaceStatus,
  /** Last player heartbeat (ISO 8601), null until a TV connects. */
  lastSeenAt: text().nullable(),
  /**
   * Bumped by every change that alters what the screen plays (its default playlist, its schedule
   * entries, a playlist it plays, its location's time zone); the player's manifest keys on it.
   */
  contentVersion: z.number().int().min(1),
  /** What plays now, from the resolver, with the playlist's name. */
  playing: ZPlaying.omit({ explanation: true }).extend({ playlistName: text().nullable() }),
  /** Entries that play here: its own and its groups' (each counts towards SCHEDULE_ENTRIES_MAX). */
  scheduleEntryCount: z.number().int().nonnegative(),
  /** The newest heartbeat of the TV playing this space (several TVs: the latest); null: none yet. */
  player: ZAdSpacePlayer.nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type TAdSpace = z.infer<typeof ZAdSpace>;

/** GET /api/v1/ad-spaces?cursor=&limit=&q=&locationId=&tag= (`tag`: only spaces carrying it). */
export const ZAdSpaceListQuery = ZListQuery.extend({
  locationId: ZId.optional(),
  tag: ZTag.optional(),
});
export type TAdSpaceListQuery = z.input<typeof ZAdSpaceListQuery>;

export const ZAdSpaceList = z.object({ items: z.array(ZAdSpace), nextCursor: text().nullable() });
export type TAdSpaceList = z.infer<typeof ZAdSpaceList>;

/**
 * DELETE /api/v1/ad-spaces/{id}?removeSchedule=true: without it, a space with schedule entries
 * is refused (409 naming them); with it, the entries go with the space.
 */
export const ZDeleteAdSpaceQuery = z.object({
  removeSchedule: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
