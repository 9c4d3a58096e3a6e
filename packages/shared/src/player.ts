import { z } from 'zod';
import { ZManifestTakeover } from './fleet';
import { ZAdPlaySummary, ZPlayedAd } from './proof-of-play';
import { ZOrientation } from './ad-space';
import { ZStoredPowerSchedule } from './power-schedule';
import { text } from './text';
import { ZId } from './id';

/**
 * The TV player's setup contract (issue 8 item 4): the ad spaces a signed-in TV may play, the
 * device it registers, and the device credential every later player route takes.
 */

/**
 * A device token starts with this, so the server tells it from a user session's bearer token
 * before asking Better Auth (docs/decisions.md, "The TV as a device principal").
 */
export const DEVICE_TOKEN_PREFIX = 'sld_';

/**
 * What a TV gets when a phone approves its pairing code (issue 18 item 1): not the owner's session
 * but a grant that can list the owner's ad spaces and set up this one TV, and nothing else.
 */
export const PAIRING_GRANT_PREFIX = 'slp_';

/** How long a pairing grant lasts: long enough to choose an ad space, or to add the first one. */
export const PAIRING_GRANT_TTL_SECONDS = 30 * 60;

/**
 * A device token's lifetime (issue 18 item 2). A TV in use renews it once less than half is left:
 * the heartbeat's answer then carries a fresh token. A stolen token dies with its lifetime, or at
 * the next renewal of the real TV, whichever comes first.
 */
export const DEVICE_TOKEN_TTL_DAYS = 30;

/** How a TV signed in when it was set up, as the owner's devices list shows it. */
export const DEVICE_SIGN_IN_METHODS = ['password', 'pairing'] as const;
export const ZDeviceSignInMethod = z.enum(DEVICE_SIGN_IN_METHODS);
export type TDeviceSignInMethod = z.infer<typeof ZDeviceSignInMethod>;

/** Where a TV's ad space is, as the setup list and the ready screen show it. */
export const ZPlayerLocation = z.object({
  id: text(),
  name: text(),
  city: text(),
  timeZone: text(),
});

/** One ad space in the TV's setup list: SPEC §1, its name and linked location. */
export const ZPlayerAdSpace = z.object({
  id: text(),
  name: text(),
  orientation: ZOrientation,
  location: ZPlayerLocation,
});
export type TPlayerAdSpace = z.infer<typeof ZPlayerAdSpace>;

/**
 * The TVs already set up for an ad space (issue 21 item 4: the TV's picker says so, and asks
 * before a second TV plays it): signed-in TVs other than the caller, and the newest time one of
 * them called.
 */
export const ZAdSpaceTvs = z.object({
  count: z.number().int().min(1),
  lastSeenAt: z.iso.datetime().nullable(),
});
export type TAdSpaceTvs = z.infer<typeof ZAdSpaceTvs>;

/** One ad space in the setup list: the space, and the other TVs that play it (null: none). */
export const ZPlayerAdSpaceOption = ZPlayerAdSpace.extend({ tvs: ZAdSpaceTvs.nullable() });
export type TPlayerAdSpaceOption = z.infer<typeof ZPlayerAdSpaceOption>;

/** GET /api/v1/player/ad-spaces: all of the account's ad spaces, by name. */
export const ZPlayerAdSpaceList = z.object({ items: z.array(ZPlayerAdSpaceOption) });
export type TPlayerAdSpaceList = z.infer<typeof ZPlayerAdSpaceList>;

/**
 * The random id a player makes once and keeps (localStorage): re-pairing the same TV reuses its
 * device record by it. URL-safe characters only.
 */
export const ZDeviceKey = text()
  .min(16, 'A device key has at least 16 characters.')
  .max(64, 'A device key has at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A device key holds letters, digits, "-" and "_" only.');

/** POST /api/v1/player/devices: register this TV, or bind it to another ad space. */
export const ZRegisterDevice = z.strictObject({
  deviceKey: ZDeviceKey,
  adSpaceId: z.uuid('Choose an ad space.'),
  name: text().trim().min(1).max(100).optional(),
  userAgent: text().max(500),
  appVersion: text().min(1).max(50),
});
export type TRegisterDevice = z.input<typeof ZRegisterDevice>;

/** The registration's answer: the device and its credential, shown this once. */
export const ZDeviceRegistration = z.object({
  deviceId: text(),
  /** `sld_…`: sent as `Authorization: Bearer` on the player's later routes. */
  token: text().startsWith(DEVICE_TOKEN_PREFIX),
});
export type TDeviceRegistration = z.infer<typeof ZDeviceRegistration>;

/** GET /api/v1/player/device: who this TV is, and what it plays for. */
export const ZPlayerDevice = z.object({
  id: text(),
  name: text().nullable(),
  adSpace: ZPlayerAdSpace,
});
export type TPlayerDevice = z.infer<typeof ZPlayerDevice>;

/**
 * POST /api/v1/player/heartbeat answers 204, or 200 with this when the TV's token was renewed: the
 * TV stores the new token and uses it from then on (the old one works for a short grace).
 */
export const ZDeviceTokenRenewal = z.object({
  token: text().startsWith(DEVICE_TOKEN_PREFIX),
  expiresAt: z.iso.datetime(),
});
export type TDeviceTokenRenewal = z.infer<typeof ZDeviceTokenRenewal>;

/** One of the owner's TVs (GET /api/v1/devices): the web's Devices page. */
export const ZOwnerDevice = z.object({
  id: text(),
  name: text().nullable(),
  /** Browser and system read from the TV's user agent, e.g. "Chrome 69 on webOS". */
  platform: text(),
  adSpace: z.object({ id: text(), name: text() }).nullable(),
  lastSeenAt: z.iso.datetime().nullable(),
  /** Null for TVs set up before the method was recorded. */
  signInMethod: ZDeviceSignInMethod.nullable(),
  /** Whether its token still works; a revoked or expired TV stays listed until set up again. */
  isSignedIn: z.boolean(),
  tokenExpiresAt: z.iso.datetime().nullable(),
});
export type TOwnerDevice = z.infer<typeof ZOwnerDevice>;

export const ZOwnerDeviceList = z.object({ items: z.array(ZOwnerDevice) });
export type TOwnerDeviceList = z.infer<typeof ZOwnerDeviceList>;

// ---------------------------------------------------------------------------------------------
// Manifest, heartbeat and proof of play (issue 8 items 5, 8, 9). DESIGN.md §6.
// ---------------------------------------------------------------------------------------------

/**
 * The platform's player settings (server config: PLAYER_POLL_INTERVAL_SECONDS,
 * PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS, PLAYER_CACHE_CLEANUP_INTERVAL_SECONDS), handed to
 * every TV in its manifest so a change reaches the fleet without a new player build.
 */
export const ZPlayerSettings = z.object({
  /** Manifest poll (and heartbeat) interval; the player jitters it by ±10 %. Default 60. */
  pollIntervalSeconds: z.number().int().min(5).max(3600),
  /** How often queued impressions are sent. Default 60. */
  impressionSyncIntervalSeconds: z.number().int().min(5).max(3600),
  /** How often files no manifest uses are removed from the TV's cache. Default 3600. */
  cacheCleanupIntervalSeconds: z.number().int().min(60).max(86_400),
});
export type TPlayerSettings = z.infer<typeof ZPlayerSettings>;

/** The server's defaults, and what a TV uses before its first manifest brings the real ones. */
export const PLAYER_SETTINGS_DEFAULTS: TPlayerSettings = {
  pollIntervalSeconds: 60,
  impressionSyncIntervalSeconds: 60,
  cacheCleanupIntervalSeconds: 3600,
};

/** Poll jitter: each wait is the interval × (1 ± this), so a fleet does not stampede. */
export const PLAYER_POLL_JITTER = 0.1;

/** One media file the TV must hold before the manifest naming it may play. */
export const ZManifestMedia = z.object({
  contentId: text(),
  kind: z.enum(['image', 'video']),
  contentType: text(),
  /** Same-origin download URL (storage service, with its download token). */
  url: text(),
  sizeBytes: z.number().int().nonnegative(),
  /** Base64 MD5 of the bytes, as storage computed it: the TV checks every download against it. */
  md5: text(),
  /** Videos: their length; null for images. */
  durationMs: z.number().int().nullable(),
});
export type TManifestMedia = z.infer<typeof ZManifestMedia>;

/** A playlist the schedule can reach: the stored items (packages/shared/playlist). */
export const ZManifestPlaylist = z.object({
  id: text(),
  name: text(),
  version: z.number().int().min(1),
  // A plain union: two members share `type: 'content'`, which a discriminated union refuses.
  items: z.array(
    z.union([
      z.object({
        id: text(),
        type: z.literal('content'),
        contentId: text(),
        kind: z.literal('image'),
        durationSeconds: z.number().int().min(1),
      }),
      z.object({
        id: text(),
        type: z.literal('content'),
        contentId: text(),
        kind: z.literal('video'),
      }),
      z.object({ id: text(), type: z.literal('adSlot'), lengthSeconds: z.number().int().min(1) }),
    ]),
  ),
});
export type TManifestPlaylist = z.infer<typeof ZManifestPlaylist>;

/**
 * What plays from `startMs` to `endMs` (epoch ms), computed by the server's resolver where the
 * time-zone data is current: the TV follows the schedule by comparing instants only, offline too.
 */
export const ZManifestSegment = z.object({
  startMs: z.number().int(),
  endMs: z.number().int(),
  source: z.enum(['schedule', 'default', 'idle']),
  playlistId: text().nullable(),
  scheduleEntryId: text().nullable(),
});
export type TManifestSegment = z.infer<typeof ZManifestSegment>;

/** The schedule as stored, so a TV offline past the timeline's end can still resolve it. */
export const ZManifestScheduleEntry = z.object({
  id: text(),
  playlistId: text(),
  firstDay: text(),
  lastDay: text().nullable(),
  weekdays: z.array(z.number().int().min(1).max(7)),
  startTime: text(),
  endTime: text(),
  priority: z.number().int(),
  updatedAt: text(),
});

/** A creative an ad slot may show: a content item of the buyer's library (or a house ad). */
export const ZManifestAdCreative = z.object({
  /** The campaign's creative id (the content item's id); impressions carry it. */
  creativeId: text(),
  contentId: text(),
  kind: z.enum(['image', 'video']),
});
export type TManifestAdCreative = z.infer<typeof ZManifestAdCreative>;

/** A window `[startMs, endMs)` (epoch ms) in which a campaign may play. */
export const ZManifestWindow = z.object({ startMs: z.number().int(), endMs: z.number().int() });

/** One campaign in the space's rotation. */
export const ZManifestAdCampaign = z.object({
  campaignId: text(),
  /**
   * Relative weight (bid × pacing, docs/marketplace.md "Pacing"): the TV picks among the
   * campaigns playable now in proportion to it.
   */
  weight: z.number().int().min(1),
  /** What the QR overlay encodes (`<origin>/q/<code>`); null: no overlay. */
  qrUrl: text().nullable(),
  /**
   * When it may play, from its dates and dayparts in the location's zone, clipped to the
   * manifest's timeline; outside every window the TV does not play it.
   */
  windows: z.array(ZManifestWindow),
  creatives: z.array(ZManifestAdCreative).min(1),
});
export type TManifestAdCampaign = z.infer<typeof ZManifestAdCampaign>;

/** What fills the space's ad slots; with no campaign playable now, a house ad; with none, the slot is skipped. */
export const ZManifestAdFill = z.object({
  campaigns: z.array(ZManifestAdCampaign),
  /** The super-user's house ads (not billed: impressions carry no campaign). */
  houseAds: z.array(ZManifestAdCreative),
});
export type TManifestAdFill = z.infer<typeof ZManifestAdFill>;

/**
 * The screen's on hours (issue 23 item 5): the schedule as stored, for a TV past the timeline's
 * end, and its windows over the timeline as instants. Outside them the TV shows black.
 */
export const ZManifestPower = z.object({
  schedule: ZStoredPowerSchedule,
  onWindows: z.array(ZManifestWindow),
});
export type TManifestPower = z.infer<typeof ZManifestPower>;

/** How many days ahead the manifest's timeline reaches (from the start of the current UTC day). */
export const MANIFEST_TIMELINE_DAYS = 7;

/**
 * GET /api/v1/player/manifest (device token): everything the TV needs to play its ad space for
 * the coming days. Sent with a strong ETag (`"<version>"`); If-None-Match answers 304.
 */
export const ZPlayerManifest = z.object({
  /** The ETag's value without quotes; the heartbeat reports the one applied. */
  version: text(),
  generatedAt: text(),
  adSpace: ZPlayerAdSpace.extend({
    resolutionWidth: z.number().int(),
    resolutionHeight: z.number().int(),
    contentVersion: z.number().int().min(1),
  }),
  /** The location's IANA zone (also in adSpace.location.timeZone). */
  timeZone: text(),
  /** Back-to-back segments from `timelineFromMs` to `timelineToMs`. */
  timelineFromMs: z.number().int(),
  timelineToMs: z.number().int(),
  timeline: z.array(ZManifestSegment),
  schedule: z.object({
    entries: z.array(ZManifestScheduleEntry),
    defaultPlaylistId: text().nullable(),
  }),
  playlists: z.array(ZManifestPlaylist),
  /** Every file the playlists name, once per content item. */
  media: z.array(ZManifestMedia),
  /**
   * Ad-slot fill from the marketplace (issue 9): null while the space's monetization is not
   * approved, and then the TV skips ad slots (plays nothing extra). Creatives and house ads are
   * in `media` like every other file.
   */
  adFill: ZManifestAdFill.nullable(),
  settings: ZPlayerSettings,
  /**
   * An emergency takeover of the space (issue 23 item 6): while active it replaces everything,
   * ads included. Absent from servers before it; null when there is none.
   */
  takeover: ZManifestTakeover.nullable().optional(),
  /** The on hours; absent or null: always on (and from servers before issue 23). */
  power: ZManifestPower.nullable().optional(),
});
export type TPlayerManifest = z.infer<typeof ZPlayerManifest>;

/** `GET /api/v1/player/events` (server-sent events): the event name pushed when the manifest changed. */
export const PLAYER_EVENT_CHANGED = 'changed';

/** The TV's cache as the heartbeat reports it. */
export const ZPlayerCacheStatus = z.object({
  /** Files of the newest manifest already downloaded and checked, of those it needs. */
  filesReady: z.number().int().nonnegative(),
  filesNeeded: z.number().int().nonnegative(),
  bytesReady: z.number().int().nonnegative(),
  bytesNeeded: z.number().int().nonnegative(),
  /** Why the newest manifest is not applied yet, said for the owner (no room, a bad file…). */
  problem: text().max(500).nullable(),
});
export type TPlayerCacheStatus = z.infer<typeof ZPlayerCacheStatus>;

/** What is on screen now, as the heartbeat reports it. */
export const ZPlayerNowPlaying = z.object({
  playlistId: text().max(100).nullable(),
  itemId: text().max(100).nullable(),
  contentId: text().max(100).nullable(),
  startedAt: z.iso.datetime(),
});

/**
 * POST /api/v1/player/heartbeat (device token), sent with every manifest poll. The server keeps
 * the newest per device in memory and writes them in batches (a poll must stay cheap).
 */
export const ZPlayerHeartbeat = z.strictObject({
  appVersion: text().min(1).max(50),
  /** The manifest version playing now; null before the first one is ready. */
  manifestVersion: text().max(200).nullable(),
  storage: z.object({
    usedBytes: z.number().int().nonnegative(),
    /** `navigator.storage.estimate().quota`; null where the browser does not tell. */
    quotaBytes: z.number().int().nonnegative().nullable(),
    /** Whether `navigator.storage.persist()` was granted. */
    persisted: z.boolean(),
  }),
  cache: ZPlayerCacheStatus,
  nowPlaying: ZPlayerNowPlaying.nullable(),
  /**
   * Ad creatives (content ids) of the newest manifest's fill held in the cache and checked, so a
   * buyer sees on how many screens a creative is ready. Absent from players before issue 9.
   */
  adCreativesReady: z.array(text().max(100)).max(500).optional(),
});
export type TPlayerHeartbeat = z.infer<typeof ZPlayerHeartbeat>;

/** Why a play ended; `interrupted`: the TV stopped (crash, power) before it ended. */
export const IMPRESSION_END_REASONS = [
  'completed',
  'failed',
  'replaced',
  'stopped',
  'interrupted',
] as const;
export const ZImpressionEndReason = z.enum(IMPRESSION_END_REASONS);

/** Most impressions in one POST. */
export const IMPRESSION_BATCH_MAX = 500;
/** The TV keeps at most this many unsent records; beyond it the oldest synced go first, then the oldest. */
export const IMPRESSION_QUEUE_MAX = 50_000;

/** One play, as the TV recorded it (IndexedDB first, then sent). */
export const ZImpression = z.strictObject({
  /** A UUID the TV made: sending it again is harmless. */
  id: ZId,
  /** Per device, from 1, with no holes: a hole is a lost record (the owner's report shows it). */
  sequence: z.number().int().min(1),
  /** UTC, ISO 8601. */
  startedAt: z.iso.datetime(),
  /** Milliseconds actually on screen (what CPS billing counts). */
  shownMs: z.number().int().min(0).max(86_400_000),
  endReason: ZImpressionEndReason,
  adSpaceId: ZId,
  playlistId: ZId.nullable(),
  playlistVersion: z.number().int().min(1).nullable(),
  /** The playlist item's id. */
  itemId: text().min(1).max(100),
  /** The library item shown; null for an ad slot without a creative. */
  contentId: ZId.nullable(),
  /** Ads only (issue 9). */
  campaignId: ZId.nullable(),
  creativeId: ZId.nullable(),
});
export type TImpression = z.infer<typeof ZImpression>;

/** POST /api/v1/player/impressions */
export const ZImpressionBatch = z.strictObject({
  impressions: z.array(ZImpression).min(1).max(IMPRESSION_BATCH_MAX),
});
export type TImpressionBatch = z.infer<typeof ZImpressionBatch>;

export const IMPRESSION_REJECT_REASONS = ['wrong-ad-space', 'id-taken'] as const;

/**
 * The answer: ids stored now or before (the TV deletes exactly these) and ids refused for good
 * with the reason (the TV drops them too and logs why). Anything else is kept and sent again.
 */
export const ZImpressionBatchResult = z.object({
  accepted: z.array(text()),
  rejected: z.array(z.object({ id: text(), reason: z.enum(IMPRESSION_REJECT_REASONS) })),
});
export type TImpressionBatchResult = z.infer<typeof ZImpressionBatchResult>;

/**
 * GET /api/v1/ad-spaces/{id}/plays?from=YYYY-MM-DD&to=YYYY-MM-DD (owner): proof of play on the
 * location's local days, `to` inclusive, at most 92 days; JSON, or CSV (one row per play) with
 * `Accept: text/csv`.
 */
export const PLAYS_REPORT_MAX_DAYS = 92;
export const ZPlaysQuery = z.object({
  from: z.iso.date('Use a date like 2026-11-22.'),
  to: z.iso.date('Use a date like 2026-11-22.'),
});
export type TPlaysQuery = z.infer<typeof ZPlaysQuery>;

export const ZPlaysReport = z.object({
  adSpaceId: text(),
  timeZone: text(),
  from: text(),
  to: text(),
  totals: z.object({ plays: z.number().int(), shownMs: z.number().int() }),
  /** Every local day of the range, oldest first, zero days included. */
  byDay: z.array(z.object({ day: text(), plays: z.number().int(), shownMs: z.number().int() })),
  /**
   * By library item (null contentId: ad slots without a creative) and, for a buyer's ad, by its
   * campaign; most plays first.
   */
  byItem: z.array(
    z.object({
      contentId: text().nullable(),
      /** The owner's library item's name now; null when it was deleted, for an ad or a slot. */
      name: text().nullable(),
      /** The creative's kind for an ad (from the buyer's library), else the library item's. */
      kind: z.enum(['image', 'video']).nullable(),
      /** A buyer's ad offered to this screen: its campaign and buyer; null otherwise. */
      ad: ZPlayedAd.nullable(),
      plays: z.number().int(),
      shownMs: z.number().int(),
    }),
  ),
  /**
   * The range's ad plays (with a campaign): how many were billed, how many were not and why, and
   * how many are still settling (issue 17).
   */
  adPlays: ZAdPlaySummary,
  /** Holes in each device's sequence numbers within the range: records that never arrived. */
  gaps: z.array(
    z.object({
      deviceId: text(),
      deviceName: text().nullable(),
      /** The last sequence received before the hole and the first after it. */
      afterSequence: z.number().int(),
      beforeSequence: z.number().int(),
      missing: z.number().int().min(1),
    }),
  ),
});
export type TPlaysReport = z.infer<typeof ZPlaysReport>;
