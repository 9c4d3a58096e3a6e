import { and, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { impression } from '../../db/schema/index';

/**
 * The proof-of-play module's facade for the fill (modules/fill): what the stored plays were
 * billed, as daily caps and pacing read it.
 */

/**
 * What each campaign's plays were billed on each of these local days (the plays' local day at
 * the screen, the day daily caps count); keys `campaignId/YYYY-MM-DD`.
 */
export async function billedOnDaysOf(
  db: TDb,
  campaignIds: readonly string[],
  days: readonly string[],
): Promise<Map<string, number>> {
  if (campaignIds.length === 0 || days.length === 0) return new Map();
  const billed = sql<string>`sum(${impression.billedMicros})::text`;
  const day = sql<string>`to_char(${impression.localDay}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ campaignId: impression.campaignId, day, billed })
    .from(impression)
    .where(
      and(
        inArray(impression.campaignId, [...campaignIds]),
        inArray(impression.localDay, [...days]),
      ),
    )
    .groupBy(impression.campaignId, impression.localDay);
  return new Map(
    rows.flatMap((row) =>
      row.campaignId ? [[`${row.campaignId}/${row.day}`, Number(row.billed)]] : [],
    ),
  );
}
