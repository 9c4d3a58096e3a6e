import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { monetizationRequest } from '../../db/schema/index';

/**
 * The monetization module's facade for the modules that fill and sell ad slots (campaigns, the
 * manifest's fill): the floor price per second of each space whose monetization is approved.
 * Spaces that are not monetized now are absent. Without ids: every monetized space. No access
 * check: the callers decide what they may show of it. At most one request per space is open
 * (pending or approved: `monetization_open_idx`), so "a request is approved" is "the space is
 * monetized now"; only these spaces' ad slots are filled and billed.
 */
export async function approvedFloorsOf(
  db: TDb,
  adSpaceIds?: readonly string[],
): Promise<Map<string, number>> {
  if (adSpaceIds && adSpaceIds.length === 0) return new Map();
  const rows = await db
    .select({
      adSpaceId: monetizationRequest.adSpaceId,
      floor: monetizationRequest.floorMicrosPerSecond,
    })
    .from(monetizationRequest)
    .where(
      and(
        eq(monetizationRequest.state, 'approved'),
        adSpaceIds ? inArray(monetizationRequest.adSpaceId, [...adSpaceIds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.adSpaceId, row.floor]));
}
