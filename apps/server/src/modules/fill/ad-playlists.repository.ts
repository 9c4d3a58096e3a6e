import { inArray, sql } from 'drizzle-orm';
import type { TUpdateAdPlaylist } from '@screenline/shared/ad-playlist';
import type { TDb } from '../../db/database';
import { adPlaylist, campaign } from '../../db/schema/index';
import { bumpAdSpacesContentVersion } from '../screens/ad-space-directory';

/** The super-user's edits of ad playlists (pins, excludes, house ads). */
export function createAdPlaylistsRepository(db: TDb) {
  return {
    /** Which of these ids name campaigns. */
    async existingCampaigns(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: campaign.id })
        .from(campaign)
        .where(inArray(campaign.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Saves the space's edits and bumps its content version in one transaction: the TV's
     * manifest keys on the version, so it fetches the new fill. Answers the spaces bumped.
     */
    async save(adSpaceId: string, actorId: string, input: TUpdateAdPlaylist): Promise<string[]> {
      return db.transaction(async (tx) => {
        const values = {
          pinnedCampaignIds: input.pinnedCampaignIds,
          excludedCampaignIds: input.excludedCampaignIds,
          houseAdContentIds: input.houseAdContentIds,
          updatedBy: actorId,
          updatedAt: sql`now()`,
        };
        await tx
          .insert(adPlaylist)
          .values({ adSpaceId, ...values })
          .onConflictDoUpdate({ target: adPlaylist.adSpaceId, set: values });
        return bumpAdSpacesContentVersion(tx, [adSpaceId]);
      });
    },
  };
}

export type TAdPlaylistsRepository = ReturnType<typeof createAdPlaylistsRepository>;
