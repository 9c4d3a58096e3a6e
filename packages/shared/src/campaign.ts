import { z } from 'zod';
import { ZAdCategory } from './ad-category';
import { ZOrientation, type TOrientation } from './ad-space';
import { ZAudience, ZVenueType, type TVenueType } from './location';
import { ZDecision, ZMicros, ZPageQuery, ZPositiveMicros } from './money';
import { ZLocalDate, ZLocalTime, ZSortedWeekdays, ZWeekdays } from './schedule';
import { ZSettling, ZUnbilledCounts } from './proof-of-play';
import { text } from './text';

/**
 * Campaigns (issue 9 item 4, /publisher/ad-campaigns): an ad buyer's creatives, where and when
 * they play, and what they pay per second of play. DESIGN.md §4.
 *
 * Stored states: draft → pending (submitted) → approved | rejected (reason; editable and
 * submittable again); approved ⇄ paused; approved/paused → completed (end date passed or
 * budget spent) | canceled (buyer). A draft, pending or rejected campaign can be canceled too.
 * Approving holds the budget; completing or canceling returns what is left of the hold at once.
 */
export const CAMPAIGN_STATES = [
  'draft',
  'pending',
  'approved',
  'paused',
  'rejected',
  'completed',
  'canceled',
] as const;
export const ZCampaignState = z.enum(CAMPAIGN_STATES);
export type TCampaignState = z.infer<typeof ZCampaignState>;

/** What people see: `approved` split by dates into scheduled (not started) and active. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'pending-review',
  'rejected',
  'scheduled',
  'active',
  'paused',
  'completed',
  'canceled',
] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type TCampaignStatus = z.infer<typeof ZCampaignStatus>;

export const CAMPAIGN_STATUS_LABELS: Record<TCampaignStatus, string> = {
  draft: 'Draft',
  'pending-review': 'Pending review',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  canceled: 'Canceled',
};

/** Most creatives in one campaign, ad spaces named, and filter values of each kind. */
export const CAMPAIGN_CREATIVES_MAX = 10;
export const CAMPAIGN_TARGET_LIST_MAX = 200;

/**
 * Where a campaign may play. Specific ad spaces, or filters: a space matches when it is in each
 * given filter (city, venue type, orientation; any value of a list). Empty or absent filters with
 * no ad spaces named match every monetized space. Only spaces whose monetization is approved are
 * ever filled.
 */
export const ZCampaignTargeting = z.strictObject({
  adSpaceIds: z.array(z.uuid('Not a valid ad space id.')).max(CAMPAIGN_TARGET_LIST_MAX).optional(),
  cities: z.array(text().trim().min(1).max(100)).max(CAMPAIGN_TARGET_LIST_MAX).optional(),
  venueTypes: z.array(ZVenueType).max(20).optional(),
  orientations: z.array(ZOrientation).max(2).optional(),
});
export type TCampaignTargeting = z.infer<typeof ZCampaignTargeting>;

/** A target as matching sees it (one monetized ad space). */
export interface TTargetable {
  adSpaceId: string;
  city: string;
  venueType: TVenueType;
  orientation: TOrientation;
}

/** The one matching rule: the server's fill and approval and the wizard's estimate use it. */
export function matchesTargeting(space: TTargetable, targeting: TCampaignTargeting): boolean {
  if (targeting.adSpaceIds && targeting.adSpaceIds.length > 0)
    return targeting.adSpaceIds.includes(space.adSpaceId);
  const city = space.city.trim().toLowerCase();
  if (targeting.cities?.length && !targeting.cities.some((c) => c.trim().toLowerCase() === city))
    return false;
  if (targeting.venueTypes?.length && !targeting.venueTypes.includes(space.venueType)) return false;
  if (targeting.orientations?.length && !targeting.orientations.includes(space.orientation))
    return false;
  return true;
}

/**
 * A daypart: local wall-clock window on some weekdays, in each screen's own time zone. `endTime`
 * is exclusive and, as in schedule entries, at or before `startTime` crosses midnight.
 */
const daypartFields = { startTime: ZLocalTime, endTime: ZLocalTime };
export const ZDaypart = z.strictObject({ weekdays: ZWeekdays, ...daypartFields });
export const ZStoredDaypart = z.object({ weekdays: ZSortedWeekdays, ...daypartFields });
export type TDaypart = z.infer<typeof ZStoredDaypart>;

/** Only http and https destinations (no javascript:, data:, …): the QR redirect sends people there. */
export const ZDestinationUrl = text()
  .trim()
  .max(2000, 'Keep the address under 2,000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter a full web address starting with https:// or http://.');

const campaignFields = {
  name: text().trim().min(1, 'Enter a name.').max(200, 'Keep it under 200 characters.'),
  /** Content items of the buyer's own library (images or videos). */
  creativeIds: z
    .array(z.uuid('Not a valid content id.'))
    .min(1, 'Pick at least one creative.')
    .max(CAMPAIGN_CREATIVES_MAX, `At most ${CAMPAIGN_CREATIVES_MAX} creatives.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each creative once.'),
  targeting: ZCampaignTargeting,
  /** Local days in each screen's zone, both inclusive. */
  startDate: ZLocalDate,
  endDate: ZLocalDate,
  /** Empty: all day, every day. */
  dayparts: z.array(ZDaypart).max(20, 'At most 20 dayparts.'),
  bidMicrosPerSecond: ZPositiveMicros,
  budgetMicros: ZPositiveMicros,
  dailyCapMicros: ZPositiveMicros.nullable().default(null),
  destinationUrl: ZDestinationUrl.nullable().default(null),
  /** What it advertises (issue 22): optional on a draft, required at submission. */
  category: ZAdCategory.nullable().default(null),
};

function refineCampaign(
  value: {
    startDate?: string;
    endDate?: string;
    budgetMicros?: number;
    dailyCapMicros?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.startDate && value.endDate && value.endDate < value.startDate)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date cannot be before the start date.',
    });
  if (
    value.budgetMicros !== undefined &&
    value.dailyCapMicros != null &&
    value.dailyCapMicros > value.budgetMicros
  )
    ctx.addIssue({
      code: 'custom',
      path: ['dailyCapMicros'],
      message: 'The daily cap cannot be more than the total budget.',
    });
}

/** POST /api/v1/campaigns → 201 ZCampaign (a draft). */
export const ZCreateCampaign = z.strictObject(campaignFields).superRefine(refineCampaign);
export type TCreateCampaign = z.input<typeof ZCreateCampaign>;

/**
 * PATCH /api/v1/campaigns/{id}: drafts and rejected campaigns only. Without the create's
 * defaults: a field left out stays as it is (a default would clear the daily cap or the URL).
 */
export const ZUpdateCampaign = z
  .strictObject({
    ...campaignFields,
    dailyCapMicros: ZPositiveMicros.nullable(),
    destinationUrl: ZDestinationUrl.nullable(),
    category: ZAdCategory.nullable(),
  })
  .partial()
  .superRefine(refineCampaign);
export type TUpdateCampaign = z.input<typeof ZUpdateCampaign>;

export const ZCampaignCreative = z.object({
  id: text(),
  name: text(),
  kind: z.enum(['image', 'video']),
  /** A download URL for previews (null once the item was deleted from the library). */
  url: text().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});

export const ZCampaignEvent = z.object({
  from: ZCampaignState.nullable(),
  to: ZCampaignState,
  /** Null: the platform did it (completion at the end date or when the budget ran out). */
  actor: z.object({ id: text(), name: text() }).nullable(),
  reason: text().nullable(),
  at: text(),
});
export type TCampaignEvent = z.infer<typeof ZCampaignEvent>;

export const ZCampaign = z.object({
  id: text(),
  owner: z.object({ id: text(), name: text(), email: text() }),
  name: text(),
  creatives: z.array(ZCampaignCreative),
  targeting: ZCampaignTargeting,
  startDate: text(),
  endDate: text(),
  dayparts: z.array(ZStoredDaypart),
  bidMicrosPerSecond: ZMicros,
  budgetMicros: ZMicros,
  dailyCapMicros: ZMicros.nullable(),
  destinationUrl: text().nullable(),
  category: ZAdCategory.nullable(),
  state: ZCampaignState,
  status: ZCampaignStatus,
  /** Charged so far (from the ledger). */
  spentMicros: ZMicros,
  /** What the hold still has (approved or paused; after it ends, until the rest is returned). */
  remainingMicros: ZMicros,
  /**
   * When what the hold has left goes back to the buyer's wallet: set when the campaign ends
   * (canceled or completed), HOLD_RELEASE_GRACE_MS later, so plays shown while it was live can
   * still arrive and be billed. Null while it runs, and for campaigns that never held money.
   */
  holdReleaseAt: text().nullable(),
  /** The latest refusal, while rejected. */
  decision: ZDecision.nullable(),
  /** Oldest first. */
  history: z.array(ZCampaignEvent),
  createdAt: text(),
  updatedAt: text(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** GET /api/v1/campaigns (own) and GET /api/v1/admin/campaigns (all), `?status=`. */
export const ZCampaignListQuery = ZPageQuery.extend({
  status: ZCampaignStatus.optional(),
  q: text().trim().max(200).optional(),
});
export const ZCampaignList = z.object({ items: z.array(ZCampaign), nextCursor: text().nullable() });
export type TCampaignList = z.infer<typeof ZCampaignList>;

/**
 * Pacing (docs/marketplace.md "Pacing"): the fill holds a campaign back while today's spend is
 * above its even line by more than this share of today's target (in %), and its weight moves
 * between PACING_MIN_FACTOR and PACING_MAX_FACTOR times its bid.
 */
export const PACING_MARGIN_PERCENT = 10;
export const PACING_MIN_FACTOR = 0.25;
export const PACING_MAX_FACTOR = 2;

/** How a live campaign stands against its even line (docs/marketplace.md "Pacing"). */
export const PACING_STATUSES = ['ahead', 'on-track', 'behind'] as const;
export const ZPacingStatus = z.enum(PACING_STATUSES);
export type TPacingStatus = z.infer<typeof ZPacingStatus>;
export const PACING_STATUS_LABELS: Record<TPacingStatus, string> = {
  ahead: 'Ahead',
  'on-track': 'On track',
  behind: 'Behind',
};
export const ZCampaignPacing = z.object({
  status: ZPacingStatus,
  /** Even spend over the flight's eligible time so far (dates and dayparts): the line now. */
  evenLineMicros: ZMicros,
  /** The zone the eligible time is read in: the one most of its targeted screens are in. */
  timeZone: text(),
});
export type TCampaignPacing = z.infer<typeof ZCampaignPacing>;

/** GET /api/v1/admin/campaigns: every state, with pacing while approved or paused (else null). */
export const ZAdminCampaign = ZCampaign.extend({ pacing: ZCampaignPacing.nullable() });
export type TAdminCampaign = z.infer<typeof ZAdminCampaign>;
export const ZAdminCampaignList = z.object({
  items: z.array(ZAdminCampaign),
  nextCursor: text().nullable(),
});
export type TAdminCampaignList = z.infer<typeof ZAdminCampaignList>;

/**
 * GET /api/v1/marketplace/ad-spaces (publishers and super-users): every space whose monetization
 * is approved, as a buyer sees it (owner-declared audience; no owner identity). The wizard filters
 * it with `matchesTargeting` for its live estimate.
 */
export const ZMarketplaceAdSpace = z.object({
  adSpaceId: text(),
  name: text(),
  locationName: text(),
  city: text(),
  country: text(),
  timeZone: text(),
  venueType: ZVenueType,
  orientation: ZOrientation,
  resolutionWidth: z.number().int(),
  resolutionHeight: z.number().int(),
  floorMicrosPerSecond: ZMicros,
  /** Seconds of ad slots its schedule plays on an average day of the coming week. */
  slotSecondsPerDay: z.number().int().nonnegative(),
  /**
   * Seconds of ad slots in each local hour of the coming week, in the space's zone: 168 figures,
   * index (ISO weekday − 1) × 24 + hour. The estimate reads dayparts against it.
   */
  slotSecondsByHour: z.array(z.number().int().nonnegative()).length(168),
  /** The average length of one ad-slot play in seconds (0: no slot plays). */
  averageSlotSeconds: z.number().nonnegative(),
  /**
   * The live campaigns (approved, flight not over) that may fill this space and bid at least its
   * floor: how many, and the sum of their bids per second (the estimate's competition).
   */
  competition: z.object({
    campaigns: z.number().int().nonnegative(),
    bidsMicrosPerSecond: ZMicros,
  }),
  audience: ZAudience,
});
export type TMarketplaceAdSpace = z.infer<typeof ZMarketplaceAdSpace>;
export const ZMarketplaceAdSpaceList = z.object({ items: z.array(ZMarketplaceAdSpace) });
export type TMarketplaceAdSpaceList = z.infer<typeof ZMarketplaceAdSpaceList>;

/**
 * GET /api/v1/campaigns/{id}/results?from=&to= (days, inclusive; default: the flight). A play
 * counts on its local day at the screen's location, the day the flight and the daily cap read.
 */
export const ZCampaignResultsQuery = z.object({
  from: z.iso.date('Use a date like 2026-11-22.').optional(),
  to: z.iso.date('Use a date like 2026-11-22.').optional(),
});
const resultFigures = {
  impressions: z.number().int(),
  shownMs: z.number().int(),
  spentMicros: ZMicros,
  qrScans: z.number().int(),
};
export const ZCampaignResults = z.object({
  campaignId: text(),
  from: text(),
  to: text(),
  totals: z.object(resultFigures),
  byDay: z.array(z.object({ day: text(), ...resultFigures })),
  byAdSpace: z.array(z.object({ adSpaceId: text(), name: text(), city: text(), ...resultFigures })),
  /** Ad plays of the range that were not billed, by reason (issue 17). */
  unbilled: ZUnbilledCounts,
  /** Ad plays of the range stored but not settled yet: their spend is not in the figures yet. */
  settling: ZSettling,
  /** "Creative ready on N of M screens": targeted screens whose TV reports every creative cached. */
  readiness: z.object({ readyScreens: z.number().int(), targetedScreens: z.number().int() }),
  /**
   * Spent against the even line, by local day, over the flight (its last 400 days when longer):
   * both cumulative; `spentMicros` null after today. Null until the campaign is approved.
   */
  pacing: ZCampaignPacing.extend({
    budgetMicros: ZMicros,
    days: z.array(z.object({ day: text(), evenMicros: ZMicros, spentMicros: ZMicros.nullable() })),
  }).nullable(),
});
export type TCampaignResults = z.infer<typeof ZCampaignResults>;

/** QR scans: `/q/{code}` (a code per campaign and ad space) records one, then redirects. */
export const QR_PATH_PREFIX = '/q/';
export const ZQrCode = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/);

/**
 * GET /api/v1/publisher/dashboard (ad buyers): the buyer's campaigns at a glance. "Today" is the
 * UTC day; spend and impressions are those of the buyer's campaigns' plays.
 */
export const ZPublisherDashboard = z.object({
  /** Approved campaigns whose start date has come (status `active`). */
  activeCampaigns: z.number().int().nonnegative(),
  /** Submitted, not yet decided (status `pending-review`). */
  awaitingReview: z.number().int().nonnegative(),
  spendTodayMicros: ZMicros,
  spendToDateMicros: ZMicros,
  impressionsToday: z.number().int().nonnegative(),
  impressionsToDate: z.number().int().nonnegative(),
  /** The wallet's available balance. */
  balanceMicros: ZMicros,
});
export type TPublisherDashboard = z.infer<typeof ZPublisherDashboard>;
