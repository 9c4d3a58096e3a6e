import {
  matchesTargeting,
  type TCampaignState,
  type TCampaignTargeting,
  type TDaypart,
} from '@screenline/shared/campaign';
import type { TOrientation } from '@screenline/shared/ad-space';
import type { TVenueType } from '@screenline/shared/location';
import { chargeMicros, ownerShareMicros } from '@screenline/shared/platform-settings';
import type { TPlayVerdict } from '@screenline/shared/proof-of-play';
import { campaignWindows, type TWindow } from '../fill/campaign-windows';

/** The campaign as settlement reads it. */
export interface TSettlingCampaign {
  id: string;
  state: TCampaignState;
  targeting: TCampaignTargeting;
  creativeIds: readonly string[];
  startDate: string;
  endDate: string;
  dayparts: readonly TDaypart[];
  bidMicrosPerSecond: number;
  dailyCapMicros: number | null;
  /** Its state history, oldest first: what state it was in at any instant. */
  events: ReadonlyArray<{ toState: TCampaignState; atMs: number }>;
}

/** A period in which a space was monetized, with the floor and targeting it was approved with. */
export interface TMonetizedPeriod {
  fromMs: number;
  /** Null: still monetized. */
  toMs: number | null;
  floorMicrosPerSecond: number;
  city: string;
  venueType: TVenueType;
  orientation: TOrientation;
}

/** What settlement knows of each ad space its plays played on. */
export interface TSettlingSpace {
  timeZone: string;
  periods: readonly TMonetizedPeriod[];
  /** Excluded by a super-user on this space since (ms); null: not excluded. */
  excludedSinceMs: number | null;
  /**
   * Approved for this space since (ms; −Infinity: always) by its owner approval (issue 22:
   * platform, rules or the owner); null: not approved now.
   */
  approvedSinceMs: number | null;
}

/** A pending play (its billable stretch fixed on arrival). */
export interface TSettlingPlay {
  id: string;
  adSpaceId: string;
  ownerId: string;
  startedAtMs: number;
  billableMs: number;
  creativeId: string | null;
  localDay: string;
}

export interface TSettledPlay {
  id: string;
  verdict: Exclude<TPlayVerdict, 'pending'>;
  billedMicros: number;
  ownerShareMicros: number;
}

/**
 * Settles one campaign's pending plays in the order given (docs/marketplace.md "What makes a
 * play billable", rules 6–14): each is checked against the campaign as it was when the play
 * started, then priced at floor(billable ms × bid / 1000), capped by what the daily cap of its
 * local day and the hold have left. Pure: the caller reads the state and writes the answer.
 *
 * `capUsed` (micros billed per local day before these plays) and `holdLeft` are consumed as
 * plays are billed; the answer says what is left of them.
 */
export function settlePlays(
  campaign: TSettlingCampaign,
  plays: readonly TSettlingPlay[],
  context: {
    spaces: ReadonlyMap<string, TSettlingSpace>;
    capUsed: ReadonlyMap<string, number>;
    holdLeft: number;
    commissionBasisPoints: number;
  },
): { settled: TSettledPlay[]; holdLeft: number } {
  const capUsed = new Map(context.capUsed);
  let holdLeft = context.holdLeft;
  const schedules = new Map<string, TWindow[]>();
  const settled: TSettledPlay[] = [];
  const refuse = (play: TSettlingPlay, verdict: TSettledPlay['verdict']) =>
    settled.push({ id: play.id, verdict, billedMicros: 0, ownerShareMicros: 0 });

  for (const play of plays) {
    const space = context.spaces.get(play.adSpaceId);
    const at = play.startedAtMs;
    if (stateAt(campaign, at) !== 'approved') {
      refuse(play, 'not-live');
      continue;
    }
    if (!space) {
      refuse(play, 'not-monetized');
      continue;
    }
    if (!inSchedule(campaign, space.timeZone, at, schedules, plays)) {
      refuse(play, 'outside-schedule');
      continue;
    }
    const period = space.periods.find(
      (candidate) => candidate.fromMs <= at && (candidate.toMs === null || at < candidate.toMs),
    );
    if (!period) {
      refuse(play, 'not-monetized');
      continue;
    }
    if (campaign.bidMicrosPerSecond < period.floorMicrosPerSecond) {
      refuse(play, 'below-floor');
      continue;
    }
    const target = {
      adSpaceId: play.adSpaceId,
      city: period.city,
      venueType: period.venueType,
      orientation: period.orientation,
    };
    if (!matchesTargeting(target, campaign.targeting)) {
      refuse(play, 'not-targeted');
      continue;
    }
    if (space.excludedSinceMs !== null && space.excludedSinceMs <= at) {
      refuse(play, 'excluded');
      continue;
    }
    if (space.approvedSinceMs === null || at < space.approvedSinceMs) {
      refuse(play, 'not-approved');
      continue;
    }
    if (play.creativeId === null || !campaign.creativeIds.includes(play.creativeId)) {
      refuse(play, 'wrong-creative');
      continue;
    }
    let charge = chargeMicros(play.billableMs, campaign.bidMicrosPerSecond);
    if (charge <= 0) {
      refuse(play, 'too-short');
      continue;
    }
    if (campaign.dailyCapMicros !== null) {
      const capLeft = campaign.dailyCapMicros - (capUsed.get(play.localDay) ?? 0);
      if (capLeft <= 0) {
        refuse(play, 'cap-reached');
        continue;
      }
      charge = Math.min(charge, capLeft);
    }
    if (holdLeft <= 0) {
      refuse(play, 'budget-spent');
      continue;
    }
    charge = Math.min(charge, holdLeft);
    holdLeft -= charge;
    capUsed.set(play.localDay, (capUsed.get(play.localDay) ?? 0) + charge);
    settled.push({
      id: play.id,
      verdict: 'billed',
      billedMicros: charge,
      ownerShareMicros: ownerShareMicros(charge, context.commissionBasisPoints),
    });
  }
  return { settled, holdLeft };
}

/**
 * The campaign's state at an instant: the state its newest event at or before it moved it to
 * (before its first event: a draft).
 */
export function stateAt(campaign: Pick<TSettlingCampaign, 'events'>, atMs: number): TCampaignState {
  let state: TCampaignState = 'draft';
  for (const event of campaign.events) {
    if (event.atMs > atMs) break;
    state = event.toState;
  }
  return state;
}

/**
 * Whether the instant is inside the campaign's flight and dayparts in the zone. The windows of a
 * zone are computed once per call of settlePlays, over the span of all its plays.
 */
function inSchedule(
  campaign: TSettlingCampaign,
  timeZone: string,
  atMs: number,
  cache: Map<string, TWindow[]>,
  plays: readonly TSettlingPlay[],
): boolean {
  let windows = cache.get(timeZone);
  if (!windows) {
    let fromMs = Number.POSITIVE_INFINITY;
    let toMs = Number.NEGATIVE_INFINITY;
    for (const play of plays) {
      fromMs = Math.min(fromMs, play.startedAtMs);
      toMs = Math.max(toMs, play.startedAtMs + 1);
    }
    windows = campaignWindows(campaign, timeZone, fromMs, toMs);
    cache.set(timeZone, windows);
  }
  return windows.some((window) => window.startMs <= atMs && atMs < window.endMs);
}
