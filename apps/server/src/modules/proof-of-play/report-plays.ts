import { inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { impression } from '../../db/schema/index';

/*
 * The proof-of-play module's read surface for the player module's impressions route and the
 * owner's plays report (player/impressions.*): the stored plays as a read-only subquery the report
 * joins to the TVs, the library and the campaigns in its own statements (one query each;
 * PostgreSQL flattens a plain subquery, so the plan is the table's), and who stored a play. Other
 * modules never name the impression table (apps/server/test/module-graph).
 */

const qb = new QueryBuilder();

/** The stored plays, the columns the owner's report reads. */
export const reportPlays = qb
  .select({
    id: impression.id,
    deviceId: impression.deviceId,
    adSpaceId: impression.adSpaceId,
    sequence: impression.sequence,
    startedAt: impression.startedAt,
    shownMs: impression.shownMs,
    endReason: impression.endReason,
    playlistId: impression.playlistId,
    itemId: impression.itemId,
    contentId: impression.contentId,
    campaignId: impression.campaignId,
    verdict: impression.verdict,
  })
  .from(impression)
  .as('report_plays');

/** Which device stored each of these play ids (absent: stored by nobody). */
export async function storingDevicesOf(
  db: TDb,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: impression.id, deviceId: impression.deviceId })
    .from(impression)
    .where(inArray(impression.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.deviceId]));
}
