// bench/ingest-server's figures, read from the tables: the plays waiting for settlement, a
// window's received and settled ad plays with the settle lag, and the check at the end (every
// play billed at most once, the holds spent equal to what was billed, the ledger audit).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../apps/server/src/db/database';
import { rowsOf } from '../apps/server/src/db/rows';
import { campaign, impression } from '../apps/server/src/db/schema/index';
import {
  auditLedger,
  balancesOf,
  campaignHoldAccountId,
} from '../apps/server/src/modules/ledger/ledger';
import type { TVerify, TWindowFigures } from './ingest-plays';
import { BUDGET_MICROS } from './ingest-seed';

/** Arrival's refusals: settled when stored, not by the worker. */
const ARRIVAL_VERDICTS = [
  'failed',
  'clock-ahead',
  'too-old',
  'not-offered',
  'overlap',
  'too-short',
];

export async function pending(db: TDb): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(impression)
    .where(eq(impression.verdict, 'pending'));
  return row?.count ?? 0;
}

export async function windowFigures(
  db: TDb,
  fromMs: number,
  toMs: number,
): Promise<TWindowFigures> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const refused = sql.raw(ARRIVAL_VERDICTS.map((verdict) => `'${verdict}'`).join(', '));
  const [received] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression}
      where ${impression.verdict} is not null
        and ${impression.receivedAt} >= ${from}::timestamptz and ${impression.receivedAt} < ${to}::timestamptz`),
  );
  const [settled] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression}
      where ${impression.verdict} not in ('pending', ${refused})
        and ${impression.settledAt} >= ${from}::timestamptz and ${impression.settledAt} < ${to}::timestamptz`),
  );
  const [lag] = rowsOf<{ p50: number | null; p99: number | null; max: number | null }>(
    await db.execute(sql`select
        percentile_cont(0.5) within group (order by extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as p50,
        percentile_cont(0.99) within group (order by extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as p99,
        max(extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as max
      from ${impression}
      where ${impression.verdict} not in ('pending', ${refused})
        and ${impression.receivedAt} >= ${from}::timestamptz and ${impression.receivedAt} < ${to}::timestamptz`),
  );
  return {
    adPlaysReceived: received?.count ?? 0,
    settled: settled?.count ?? 0,
    lagP50: lag?.p50 ?? null,
    lagP99: lag?.p99 ?? null,
    lagMax: lag?.max ?? null,
  };
}

/** After the run, everything settled: each play billed at most once, and the ledger audit. */
export async function verify(
  db: TDb,
  settlement: { settleDue(): Promise<unknown> },
  plainRows: number,
): Promise<TVerify> {
  await settlement.settleDue();
  const byVerdict = rowsOf<{ verdict: string | null; count: number }>(
    await db.execute(
      sql`select ${impression.verdict} as verdict, count(*)::int as count from ${impression} group by 1`,
    ),
  );
  const verdicts: Record<string, number> = {};
  let rows = 0;
  for (const row of byVerdict) {
    rows += row.count;
    if (row.verdict !== null) verdicts[row.verdict] = row.count;
  }
  const [billed] = rowsOf<{ plays: number; micros: string }>(
    await db.execute(sql`select count(*)::int as plays, coalesce(sum(${impression.billedMicros}), 0)::text as micros
      from ${impression} where ${impression.billedMicros} > 0`),
  );
  // A play billed twice would leave the holds short of what the plays say they were billed; one
  // billed past its own price (billable time × bid, rounded up) or without the verdict is wrong too.
  const [over] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression} i
      join ${campaign} c on c.id = i.campaign_id
      where i.billed_micros > 0
        and (i.verdict <> 'billed' or i.billed_micros > ceil(i.billable_ms * c.bid_micros_per_second / 1000.0))`),
  );
  const campaigns = await db
    .select({ id: campaign.id })
    .from(campaign)
    .where(and(isNotNull(campaign.id), inArray(campaign.state, ['approved', 'completed'])));
  const holds = await Promise.all(campaigns.map((row) => campaignHoldAccountId(db, row.id)));
  const balances = await balancesOf(db, holds);
  const holdsSpentMicros = holds.reduce(
    (sum, hold) => sum + BUDGET_MICROS - (balances.get(hold) ?? 0),
    0,
  );
  const audit = await auditLedger(db);
  return {
    verdicts,
    plainRows,
    ingestRows: rows - plainRows,
    billedPlays: billed?.plays ?? 0,
    billedMicros: Number(billed?.micros ?? 0),
    holdsSpentMicros,
    overBilled: over?.count ?? 0,
    auditProblems: audit.problems,
  };
}
