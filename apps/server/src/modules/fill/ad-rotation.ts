import {
  matchesTargeting,
  type TCampaignState,
  ZCampaignTargeting,
  ZStoredDaypart,
} from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import type { TOrientation } from '@screenline/shared/ad-space';
import type { TVenueType } from '@screenline/shared/location';
import { z } from 'zod';
import type { TDb } from '../../db/database';
import type { TContentDirectory } from '../content/content-directory';
import { campaignHoldBalancesOf } from '../ledger/ledger';
import { billedOnDaysOf } from '../proof-of-play/billed-plays';
import { createAdRotationRepository } from './ad-rotation.repository';
import type { TFillCampaigns } from './fill-campaigns';
import { cachedCampaignWindows, type TWindow } from './campaign-windows';
import { spaceTargetKeys } from '../../lib/target-keys';
import { approvedSpacesOf } from '../monetization/monetization-directory';
import { PACING_STEPS_PER_UNIT, paceOf, pacedWeight } from './pacing';
import { cachedEligibleDayOf, elapsedOf } from './eligible-time';
import { localDayFormat } from '../../lib/local-day';
import { pairKey, spaceApprovalsOf } from '../approvals/approval-directory';
import { notApprovedBecause } from '../approvals/approval-words';

const ZDayparts = z.array(ZStoredDaypart);

/** Why a campaign ahead of its even line is not in the fill (docs/marketplace.md "Pacing"). */
export const HELD_BACK = 'Ahead of its even pace: held back until its line catches up.';

/** The monetized space a rotation fills. */
export interface TRotationSpace {
  id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  orientation: TOrientation;
  resolutionWidth: number;
  resolutionHeight: number;
  locationName: string;
  city: string;
  venueType: TVenueType;
  timeZone: string;
  floorMicrosPerSecond: number;
}

/** A campaign that targets the space (approved or paused), as the rotation judges it. */
export interface TRotationCampaign {
  id: string;
  ownerId: string;
  name: string;
  state: TCampaignState;
  bidMicrosPerSecond: number;
  destinationUrl: string | null;
  pinned: boolean;
  excluded: boolean;
  /** When it may play within the range (its dates and dayparts in the space's zone). */
  windows: TWindow[];
  /** Its creatives still in the buyer's library, in the campaign's order. */
  creatives: TContentItem[];
  /** Ready to download: what a TV can play. */
  playableCreatives: TContentItem[];
  /** Bid × pacing; 0 when it is not filled. */
  weight: number;
  /** Why it is not in the space's fill over the range (null: it is). */
  notFilledBecause: string | null;
  /** Why it does not play at the instant asked about (null: it does). */
  notPlayingBecause: string | null;
}

export interface TRotation {
  space: TRotationSpace;
  campaigns: TRotationCampaign[];
  /** The super-user's house ads still in their library, in the chosen order. */
  houseAds: TContentItem[];
  pinnedCampaignIds: string[];
  excludedCampaignIds: string[];
  updatedAt: Date | null;
  updatedBy: { id: string; name: string } | null;
}

/** The range a rotation is judged over (the manifest's timeline) and the instant "now". */
export interface TRotationRange {
  fromMs: number;
  toMs: number;
  nowMs: number;
}

/**
 * The one place that decides what fills a monetized space's ad slots (issue 9 item 6): the TV's
 * manifest (`adFill`) and the super-user's ad playlists both read it. Eligible: approved, its
 * targeting matches the space, approved for the space (owner approval, issue 22), its bid at or
 * above the space's floor, money left in its hold, today's cap (local day) not reached, not
 * excluded here, a creative ready, a window within the range, and not ahead of its even pace.
 * While a pinned campaign is eligible, only pinned ones are. Weights: docs/marketplace.md
 * "Pacing". The live campaigns come from the campaigns module's reads (`campaignReads`, from
 * app.ts).
 */
export function createAdRotation(
  db: TDb,
  content: TContentDirectory,
  campaignReads: Pick<TFillCampaigns, 'liveCampaignsToFill'>,
) {
  const repo = createAdRotationRepository(db);

  /** The rotations of these spaces; spaces that are not monetized now are absent. */
  async function rotationsOf(
    adSpaceIds: readonly string[] | undefined,
    range: TRotationRange,
  ): Promise<Map<string, TRotation>> {
    const approved = await approvedSpacesOf(db, adSpaceIds);
    // Targeted as approved (issue 17): a later edit of the city, venue type or orientation
    // changes nothing here until monetization is approved again.
    const spaceRows = (await repo.findSpaces([...approved.keys()])).flatMap((row) => {
      const snapshot = approved.get(row.id);
      return snapshot
        ? [
            {
              ...row,
              city: snapshot.city,
              venueType: snapshot.venueType,
              orientation: snapshot.orientation,
            },
          ]
        : [];
    });
    const rotations = new Map<string, TRotation>();
    if (spaceRows.length === 0) return rotations;

    const targets = spaceRows.map((space) => ({
      adSpaceId: space.id,
      city: space.city,
      venueType: space.venueType,
      orientation: space.orientation,
    }));
    // Only the campaigns that may target these spaces (the index's keys): the build of one space
    // stays as fast with 5,000 unrelated campaigns live as with none (issue 19 item 2). Every
    // space's rotation (the super-users' list) reads them all: one parameter per key would not
    // fit in a statement past some 13,000 spaces.
    const [campaigns, playlists] = await Promise.all([
      campaignReads.liveCampaignsToFill(
        adSpaceIds === undefined ? null : [...new Set(targets.flatMap(spaceTargetKeys))],
      ),
      repo.findAdPlaylists(spaceRows.map((space) => space.id)),
    ]);
    const parsed = campaigns.map((row) => ({
      ...row,
      // Stored as JSON: read with the schemas they were written with.
      targeting: ZCampaignTargeting.parse(row.targeting),
      dayparts: ZDayparts.parse(row.dayparts),
    }));
    // Each space's campaigns first: only theirs are read further.
    const targetedBy = new Map(
      targets.map((target) => [
        target.adSpaceId,
        parsed.filter((candidate) => matchesTargeting(target, candidate.targeting)),
      ]),
    );
    const relevant = [
      ...new Map(
        [...targetedBy.values()].flat().map((candidate) => [candidate.id, candidate]),
      ).values(),
    ];
    const ids = relevant.map((row) => row.id);
    const nowIso = new Date(range.nowMs).toISOString();
    const [holds, billedByDay, creatives, approvals] = await Promise.all([
      campaignHoldBalancesOf(db, ids),
      billedOnDaysOf(db, ids, [
        ...new Set(spaceRows.map((space) => localDayFormat(space.timeZone)(nowIso))),
      ]),
      itemsByOwner(relevant.map((row) => ({ ownerId: row.ownerId, ids: row.creativeIds }))),
      spaceApprovalsOf(
        db,
        [...targetedBy].flatMap(([adSpaceId, candidates]) =>
          candidates.map((candidate) => ({
            campaign: {
              id: candidate.id,
              ownerId: candidate.ownerId,
              category: candidate.category,
              approvedAtMs: candidate.decidedAt?.getTime() ?? null,
            },
            adSpaceId,
          })),
        ),
        range.nowMs,
      ),
    ]);
    const houseAdIds = [...new Set(playlists.flatMap((row) => row.houseAdContentIds))];
    const houseAdOwners = await repo.ownersOfContent(houseAdIds);
    const houseItems = await itemsByOwner(
      houseAdIds.flatMap((id) => {
        const ownerId = houseAdOwners.get(id);
        return ownerId ? [{ ownerId, ids: [id] }] : [];
      }),
    );

    for (const row of spaceRows) {
      const space: TRotationSpace = {
        ...row,
        floorMicrosPerSecond: approved.get(row.id)?.floorMicrosPerSecond ?? 0,
      };
      const playlist = playlists.find((candidate) => candidate.adSpaceId === row.id);
      const pinnedIds = playlist?.pinnedCampaignIds ?? [];
      const excludedIds = playlist?.excludedCampaignIds ?? [];
      const flights = new Map<string, TWindow>();
      const today = localDayFormat(space.timeZone)(nowIso);
      const judged = (targetedBy.get(space.id) ?? []).map((candidate): TRotationCampaign => {
        const found = creatives.get(candidate.ownerId) ?? new Map<string, TContentItem>();
        const items = candidate.creativeIds.flatMap((id) => {
          const item = found.get(id);
          return item ? [item] : [];
        });
        const playable = items.filter(isPlayable);
        const { windows, flight } = cachedCampaignWindows(
          candidate,
          space.timeZone,
          range.fromMs,
          range.toMs,
        );
        const hold = holds.get(candidate.id) ?? 0;
        // Today's cap counts today at the screen (the play's local day, as settlement does).
        const billed = billedByDay.get(`${candidate.id}/${today}`) ?? 0;
        const excluded = excludedIds.includes(candidate.id);
        const approval = approvals.get(pairKey(candidate.id, space.id));
        flights.set(candidate.id, flight);
        let notFilledBecause: string | null = null;
        if (candidate.state === 'paused') notFilledBecause = 'Paused by the buyer.';
        else if (excluded) notFilledBecause = 'Excluded from this space.';
        else if (approval && approval.state !== 'approved')
          notFilledBecause = notApprovedBecause(approval);
        else if (candidate.bidMicrosPerSecond < space.floorMicrosPerSecond)
          notFilledBecause = 'Its bid is below this space’s floor price.';
        else if (hold <= 0) notFilledBecause = 'Its budget is spent.';
        else if (candidate.dailyCapMicros !== null && billed >= candidate.dailyCapMicros)
          notFilledBecause = 'Today’s cap is spent.';
        else if (playable.length === 0) notFilledBecause = 'None of its creatives is ready.';
        else if (windows.length === 0)
          notFilledBecause =
            flight.endMs <= range.fromMs
              ? 'Its flight has ended.'
              : flight.startMs >= range.toMs
                ? 'Its flight starts after the coming week.'
                : 'Its dayparts fall outside the coming week.';
        // Pacing last: only a campaign that could play is held back; other reasons read first.
        let steps = PACING_STEPS_PER_UNIT;
        if (notFilledBecause === null) {
          const day = cachedEligibleDayOf(candidate, space.timeZone, today);
          const pace = paceOf({
            remainingMicros: hold,
            billedTodayMicros: billed,
            dailyCapMicros: candidate.dailyCapMicros,
            eligibleLeftMs: day.leftMs,
            eligibleTodayMs: day.todayMs,
            eligibleElapsedTodayMs: elapsedOf(day, range.nowMs),
          });
          if (pace.isHeldBack) notFilledBecause = HELD_BACK;
          steps = pace.steps;
        }
        return {
          id: candidate.id,
          ownerId: candidate.ownerId,
          name: candidate.name,
          state: candidate.state,
          bidMicrosPerSecond: candidate.bidMicrosPerSecond,
          destinationUrl: candidate.destinationUrl,
          pinned: pinnedIds.includes(candidate.id),
          excluded,
          windows,
          creatives: items,
          playableCreatives: playable,
          weight: notFilledBecause === null ? pacedWeight(candidate.bidMicrosPerSecond, steps) : 0,
          notFilledBecause,
          notPlayingBecause: notFilledBecause,
        };
      });

      // While a pinned campaign is eligible, only pinned ones fill the slots.
      if (judged.some((entry) => entry.pinned && entry.notFilledBecause === null)) {
        for (const entry of judged) {
          if (entry.pinned || entry.notFilledBecause !== null) continue;
          entry.notFilledBecause = 'A pinned campaign plays here instead.';
          entry.notPlayingBecause = entry.notFilledBecause;
          entry.weight = 0;
        }
      }
      for (const entry of judged) {
        if (entry.notFilledBecause !== null) continue;
        const now = range.nowMs;
        if (entry.windows.some((window) => window.startMs <= now && now < window.endMs)) continue;
        const flight = flights.get(entry.id);
        entry.notPlayingBecause =
          flight && now < flight.startMs
            ? 'Its flight has not started yet.'
            : 'Outside its dayparts now.';
      }

      const houseAds = (playlist?.houseAdContentIds ?? []).flatMap((id) => {
        const ownerId = houseAdOwners.get(id);
        const item = ownerId ? houseItems.get(ownerId)?.get(id) : undefined;
        return item ? [item] : [];
      });
      rotations.set(space.id, {
        space,
        campaigns: judged,
        houseAds,
        pinnedCampaignIds: pinnedIds,
        excludedCampaignIds: excludedIds,
        updatedAt: playlist?.updatedAt ?? null,
        updatedBy:
          playlist?.updatedById != null
            ? { id: playlist.updatedById, name: playlist.updatedByName ?? 'A deleted user' }
            : null,
      });
    }
    return rotations;
  }

  /** Library items by owner and id, one directory read per owner. */
  async function itemsByOwner(
    wanted: ReadonlyArray<{ ownerId: string; ids: readonly string[] }>,
  ): Promise<Map<string, Map<string, TContentItem>>> {
    const idsByOwner = new Map<string, Set<string>>();
    for (const { ownerId, ids } of wanted) {
      const set = idsByOwner.get(ownerId) ?? new Set<string>();
      for (const id of ids) set.add(id);
      idsByOwner.set(ownerId, set);
    }
    const found = new Map<string, Map<string, TContentItem>>();
    await Promise.all(
      [...idsByOwner].map(async ([ownerId, ids]) => {
        const items = await content.findForPlaylist(ownerId, [...ids]);
        found.set(ownerId, new Map(items.map((item) => [item.id, item])));
      }),
    );
    return found;
  }

  return { rotationsOf };
}

export type TAdRotation = ReturnType<typeof createAdRotation>;

/** What a TV can download and play: processed, with a download link. */
export function isPlayable(item: TContentItem): boolean {
  return item.processingState === 'ready' && item.mediaUrl !== null;
}
