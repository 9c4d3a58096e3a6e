import { sql, type SQL } from 'drizzle-orm';
import {
  ZUnbilledReason,
  type TAdPlaySummary,
  type TUnbilledCounts,
} from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { impression } from '../../db/schema/index';

/**
 * Whose ad plays {@link adPlaySummaryOf} sums: a campaign's or an owner's over local days
 * (`YYYY-MM-DD`, both included), or an ad space's over `[from, to)`.
 */
export type TPlaySummaryScope =
  | { campaignId: string; fromDay: string; toDay: string }
  | { ownerId: string; fromDay: string; toDay: string }
  | { adSpaceId: string; from: Date; to: Date };

/**
 * {@link adPlaySummary} of one campaign, owner or ad space: what other modules' reports show
 * (the buyer's results, the owner's earnings, the plays report) without naming the table.
 */
export function adPlaySummaryOf(db: TDb, scope: TPlaySummaryScope): Promise<TAdPlaySummary> {
  if ('adSpaceId' in scope) {
    return adPlaySummary(
      db,
      sql`${impression.adSpaceId} = ${scope.adSpaceId} and ${impression.startedAt} >= ${scope.from.toISOString()}::timestamptz and ${impression.startedAt} < ${scope.to.toISOString()}::timestamptz`,
    );
  }
  const days = sql`${impression.localDay} between ${scope.fromDay}::date and ${scope.toDay}::date`;
  return adPlaySummary(
    db,
    'campaignId' in scope
      ? sql`${impression.campaignId} = ${scope.campaignId} and ${days}`
      : sql`${impression.ownerId} = ${scope.ownerId} and ${days}`,
  );
}

/**
 * What the ad plays matching `where` (a condition on `impression`) came to: billed, unbilled by
 * reason (most first) and still settling (issue 17 item 2). One grouped read.
 */
export async function adPlaySummary(db: TDb, where: SQL): Promise<TAdPlaySummary> {
  const rows = rowsOf<{ verdict: string; plays: string; shown_ms: string }>(
    await db.execute(sql`
      select ${impression.verdict} as verdict, count(*)::text as plays,
        coalesce(sum(${impression.shownMs}), 0)::text as shown_ms
      from ${impression}
      where ${impression.campaignId} is not null and ${impression.verdict} is not null and ${where}
      group by ${impression.verdict}`),
  );
  const summary: TAdPlaySummary = { billed: 0, unbilled: [], settling: { plays: 0, shownMs: 0 } };
  for (const row of rows) {
    if (row.verdict === 'billed') summary.billed = Number(row.plays);
    else if (row.verdict === 'pending')
      summary.settling = { plays: Number(row.plays), shownMs: Number(row.shown_ms) };
    else {
      const reason = ZUnbilledReason.safeParse(row.verdict);
      if (reason.success) summary.unbilled.push({ reason: reason.data, plays: Number(row.plays) });
    }
  }
  summary.unbilled = sortCounts(summary.unbilled);
  return summary;
}

/** Most plays first, then by reason. */
export function sortCounts(counts: TUnbilledCounts): TUnbilledCounts {
  return [...counts].sort((a, b) => b.plays - a.plays || a.reason.localeCompare(b.reason));
}
