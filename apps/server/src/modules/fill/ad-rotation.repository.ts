import { eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adPlaylist, campaign } from '../../db/schema/index';
import { contentOwnersOf } from '../content/content-directory';
import { adSpaceRows, locationRows } from '../screens/places';
import { people } from '../me/people';

/** What fill reads about spaces, campaigns, holds and spend: one module's queries. */
export function createAdRotationRepository(db: TDb) {
  return {
    /** The spaces with their location and owner (targeting reads city, venue type, orientation). */
    async findSpaces(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: adSpaceRows.id,
          name: adSpaceRows.name,
          ownerId: adSpaceRows.ownerId,
          ownerName: people.name,
          orientation: adSpaceRows.orientation,
          resolutionWidth: adSpaceRows.resolutionWidth,
          resolutionHeight: adSpaceRows.resolutionHeight,
          locationName: locationRows.name,
          city: locationRows.city,
          venueType: locationRows.venueType,
          timeZone: locationRows.timeZone,
        })
        .from(adSpaceRows)
        .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
        .innerJoin(people, eq(people.id, adSpaceRows.ownerId))
        .where(inArray(adSpaceRows.id, [...ids]));
    },

    /**
     * Campaigns that may be in a rotation (approved, or paused: shown, not played) and may target
     * a space with one of these keys (target-keys.ts): read through the live-campaign index
     * (migration 0013), so a space's build does not read the platform's other campaigns. Some
     * returned may still not match: the caller applies matchesTargeting. Null: all of them (the
     * super-users' list of every space's rotation wants nearly all anyway).
     */
    async findLiveCampaigns(targetKeys: readonly string[] | null) {
      if (targetKeys?.length === 0) return [];
      const byTarget = targetKeys
        ? sql` and campaign_target_keys(${campaign.targeting}) && array[${sql.join(
            targetKeys.map((key) => sql`${key}`),
            sql`, `,
          )}]::text[]`
        : sql``;
      return db
        .select({
          id: campaign.id,
          ownerId: campaign.ownerId,
          name: campaign.name,
          creativeIds: campaign.creativeIds,
          targeting: campaign.targeting,
          startDate: campaign.startDate,
          endDate: campaign.endDate,
          dayparts: campaign.dayparts,
          bidMicrosPerSecond: campaign.bidMicrosPerSecond,
          budgetMicros: campaign.budgetMicros,
          dailyCapMicros: campaign.dailyCapMicros,
          destinationUrl: campaign.destinationUrl,
          state: campaign.state,
          // Owner approval (issue 22): the buyer, the category and the super-user's approval.
          category: campaign.category,
          decidedAt: campaign.decidedAt,
        })
        .from(campaign)
        .where(
          // Written out, not as parameters: the planner uses the partial index only when it can
          // see the query's states are the index's.
          sql`${campaign.state} in ('approved', 'paused')${byTarget}`,
        )
        .orderBy(campaign.createdAt, campaign.id);
    },

    /** The super-user's edits of these spaces' rotations, with who made them last. */
    async findAdPlaylists(adSpaceIds: readonly string[]) {
      if (adSpaceIds.length === 0) return [];
      return db
        .select({
          adSpaceId: adPlaylist.adSpaceId,
          pinnedCampaignIds: adPlaylist.pinnedCampaignIds,
          excludedCampaignIds: adPlaylist.excludedCampaignIds,
          houseAdContentIds: adPlaylist.houseAdContentIds,
          updatedAt: adPlaylist.updatedAt,
          updatedById: adPlaylist.updatedBy,
          updatedByName: people.name,
        })
        .from(adPlaylist)
        .leftJoin(people, eq(people.id, adPlaylist.updatedBy))
        .where(inArray(adPlaylist.adSpaceId, [...adSpaceIds]));
    },

    /**
     * Whose library each house ad is in: the super-user who chose it may not be the one who
     * edits the playlist next, and the content directory reads per owner.
     */
    ownersOfContent: (ids: readonly string[]): Promise<Map<string, string>> =>
      contentOwnersOf(db, ids),
  };
}

export type TAdRotationRepository = ReturnType<typeof createAdRotationRepository>;
