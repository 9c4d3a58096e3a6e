import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { impression } from '../../db/schema/index';

/**
 * The proof-of-play module's facade for settlement (modules/settlement): the stored plays still
 * waiting for a bill, and the verdicts written back on them, in the caller's transaction.
 */

/** A settled play's verdict and money, as settlement decided it. */
export interface TRecordedVerdict {
  id: string;
  verdict: string;
  billedMicros: number;
  ownerShareMicros: number;
}

/** The campaigns with pending plays (at most `limit`). */
export function campaignsWithPendingPlays(db: TDb, limit: number) {
  return db
    .selectDistinct({ id: impression.campaignId })
    .from(impression)
    .where(and(eq(impression.verdict, 'pending'), isNotNull(impression.campaignId)))
    .limit(limit);
}

/** The campaign's pending plays, oldest first, at most `limit`. */
export function pendingPlaysOf(tx: TDb, campaignId: string, limit: number) {
  return tx
    .select({
      id: impression.id,
      adSpaceId: impression.adSpaceId,
      ownerId: impression.ownerId,
      startedAt: impression.startedAt,
      billableMs: impression.billableMs,
      creativeId: impression.creativeId,
      localDay: impression.localDay,
    })
    .from(impression)
    .where(and(eq(impression.campaignId, campaignId), eq(impression.verdict, 'pending')))
    .orderBy(asc(impression.startedAt), asc(impression.id))
    .limit(limit);
}

/** Marks every pending play of a campaign that is gone `not-live`; answers how many. */
export async function refusePendingPlays(tx: TDb, campaignId: string, at: Date): Promise<number> {
  const refused = await tx
    .update(impression)
    .set({ verdict: 'not-live', settledAt: at })
    .where(and(eq(impression.campaignId, campaignId), eq(impression.verdict, 'pending')))
    .returning({ id: impression.id });
  return refused.length;
}

/** Writes the verdicts on the plays that are still pending, in one statement. */
export async function recordVerdicts(
  tx: TDb,
  settled: readonly TRecordedVerdict[],
  at: Date,
): Promise<void> {
  await tx.execute(sql`
          update ${impression} set
            verdict = v.verdict,
            billed_micros = v.billed,
            owner_share_micros = v.share,
            settled_at = ${at.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(
            settled.map((play) => ({
              id: play.id,
              verdict: play.verdict,
              billed: play.billedMicros,
              share: play.ownerShareMicros,
            })),
          )}::jsonb) as v(id uuid, verdict text, billed bigint, share bigint)
          where ${impression.id} = v.id and ${impression.verdict} = 'pending'`);
}

/** What the campaign's plays of each local day were billed already. */
export async function billedPerDayOf(
  tx: TDb,
  campaignId: string,
  days: readonly string[],
): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; billed: string }>(
    await tx.execute(sql`
      select to_char(${impression.localDay}, 'YYYY-MM-DD') as day, sum(${impression.billedMicros})::text as billed
      from ${impression}
      where ${impression.campaignId} = ${campaignId}
        and ${impression.localDay} = any(${`{${days.join(',')}}`}::date[])
        and ${impression.billedMicros} > 0
      group by ${impression.localDay}`),
  );
  return new Map(rows.map((row) => [row.day, Number(row.billed)]));
}
