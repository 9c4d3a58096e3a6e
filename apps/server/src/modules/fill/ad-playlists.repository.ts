import { sql } from 'drizzle-orm';
import type { TUpdateAdPlaylist } from '@screenline/shared/ad-playlist';
import type { TDb } from '../../db/database';
import { adPlaylist } from '../../db/schema/index';
import { bumpAdSpacesContentVersion } from '../screens/ad-space-directory';
import type { TFillCampaigns } from './fill-campaigns';

/**
 * The super-user's edits of ad playlists (pins, excludes, house ads). Which campaigns exist is
 * the campaigns module's read (`campaignReads`, from app.ts).
 */
export function createAdPlaylistsRepository(
  db: TDb,
  campaignReads: Pick<TFillCampaigns, 'existingCampaignIds'>,
) {
  return {
    /** Which of these ids name campaigns. */
    existingCampaigns: (ids: readonly string[]): Promise<Set<string>> =>
      campaignReads.existingCampaignIds(ids),

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
