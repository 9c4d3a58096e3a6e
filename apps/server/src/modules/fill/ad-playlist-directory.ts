import { inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adPlaylist } from '../../db/schema/index';

/**
 * The fill module's facade for settlement (modules/settlement): which campaigns each space's
 * owner excluded from its ad playlist, and since when (the playlist's last update).
 */
export function playlistExclusionsOf(tx: TDb, adSpaceIds: readonly string[]) {
  return tx
    .select({
      adSpaceId: adPlaylist.adSpaceId,
      excluded: adPlaylist.excludedCampaignIds,
      updatedAt: adPlaylist.updatedAt,
    })
    .from(adPlaylist)
    .where(inArray(adPlaylist.adSpaceId, [...adSpaceIds]));
}
