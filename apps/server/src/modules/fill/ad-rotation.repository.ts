import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adPlaylist } from '../../db/schema/index';
import { contentOwnersOf } from '../content/content-directory';
import { adSpaceRows, locationRows } from '../screens/places';
import { people } from '../me/people';

/**
 * What fill reads about spaces, its ad playlists and house ads (the live campaigns come from the
 * campaigns module: fill-campaigns.ts).
 */
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
