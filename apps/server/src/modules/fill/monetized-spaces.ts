import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { monetizationRequest } from '../../db/schema/index';

/**
 * Which ad spaces are monetized now, with their floor price per second: those whose latest
 * monetization request is approved. At most one request per space is open (pending or approved:
 * `monetization_open_idx`), and a later one can only be made once it is closed, so "the latest
 * is approved" is "one of its requests is approved". Only these spaces' ad slots are filled and
 * billed. `adSpaceIds` narrows the answer; without it, every monetized space.
 */
export async function approvedFloorsOf(
  db: TDb,
  adSpaceIds?: readonly string[],
): Promise<Map<string, number>> {
  if (adSpaceIds && adSpaceIds.length === 0) return new Map();
  const rows = await db
    .select({
      adSpaceId: monetizationRequest.adSpaceId,
      floorMicrosPerSecond: monetizationRequest.floorMicrosPerSecond,
    })
    .from(monetizationRequest)
    .where(
      and(
        eq(monetizationRequest.state, 'approved'),
        adSpaceIds ? inArray(monetizationRequest.adSpaceId, [...adSpaceIds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.adSpaceId, row.floorMicrosPerSecond]));
}
