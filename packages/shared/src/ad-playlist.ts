import { z } from 'zod';
import { ZCampaignCreative } from './campaign';
import { ZMicros } from './money';
import { text } from './text';
import { ZId } from './id';

/**
 * Ad playlists (issue 9 item 5, /admin/ad-playlists): for each monetized ad space, the rotation
 * the platform fills its ad slots with (eligible approved campaigns weighted by bid and pacing),
 * which super-users preview and edit by pinning and excluding campaigns and adding house ads.
 * The route's `{playlistId}` is the ad space's id: each monetized space has one ad playlist.
 */

/** PUT /api/v1/admin/ad-playlists/{adSpaceId} */
export const ZUpdateAdPlaylist = z.strictObject({
  /** While one of these is eligible, only pinned campaigns fill the space's slots. */
  pinnedCampaignIds: z.array(ZId).max(50),
  /** Never filled here. */
  excludedCampaignIds: z.array(ZId).max(200),
  /** From the super-user's own library: fill the slots when no campaign is eligible (not billed). */
  houseAdContentIds: z.array(ZId).max(20),
});
export type TUpdateAdPlaylist = z.input<typeof ZUpdateAdPlaylist>;

export const ZAdRotationEntry = z.object({
  campaignId: text(),
  name: text(),
  bidMicrosPerSecond: ZMicros,
  /** Relative weight in the rotation now (0: not playing now); share = weight / sum of weights. */
  weight: z.number().int().nonnegative(),
  share: z.number().min(0).max(1),
  pinned: z.boolean(),
  excluded: z.boolean(),
  /** Why it does not play now (outside its dates or dayparts, budget or daily cap spent…). */
  notPlayingBecause: text().nullable(),
  creatives: z.array(ZCampaignCreative),
  destinationUrl: text().nullable(),
});
export type TAdRotationEntry = z.infer<typeof ZAdRotationEntry>;

export const ZAdPlaylist = z.object({
  adSpace: z.object({
    id: text(),
    name: text(),
    locationName: text(),
    city: text(),
    timeZone: text(),
    orientation: z.enum(['landscape', 'portrait']),
    resolutionWidth: z.number().int(),
    resolutionHeight: z.number().int(),
    floorMicrosPerSecond: ZMicros,
  }),
  /** Campaigns that target this space (approved or paused), with pins and excludes applied. */
  rotation: z.array(ZAdRotationEntry),
  houseAds: z.array(ZCampaignCreative),
  pinnedCampaignIds: z.array(text()),
  excludedCampaignIds: z.array(text()),
  /**
   * The lengths (s) of the ad slots in the playlists the space plays (its default and scheduled
   * ones), each once, shortest first; empty when none has an ad slot.
   */
  adSlotSeconds: z.array(z.number().int().positive()),
  updatedAt: text().nullable(),
  updatedBy: z.object({ id: text(), name: text() }).nullable(),
});
export type TAdPlaylist = z.infer<typeof ZAdPlaylist>;

/** GET /api/v1/admin/ad-playlists: one line per monetized space. */
export const ZAdPlaylistSummary = z.object({
  adSpaceId: text(),
  name: text(),
  city: text(),
  ownerName: text(),
  campaignsPlaying: z.number().int(),
  pinned: z.number().int(),
  excluded: z.number().int(),
  houseAds: z.number().int(),
});
export const ZAdPlaylistList = z.object({ items: z.array(ZAdPlaylistSummary) });
export type TAdPlaylistList = z.infer<typeof ZAdPlaylistList>;
