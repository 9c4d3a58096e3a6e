import { type AnyColumn, sql } from 'drizzle-orm';

/*
 * The receipts module's read-only pieces for the wallet's lists of top-ups and payouts: the id of
 * the receipt a request was given (null before it is approved or paid), as a scalar subquery for a
 * select list, so that a page of requests stays one query. Other modules never name the receipt
 * table (apps/server/test/module-graph.test.ts).
 */

/** The id of the receipt of the top-up whose id the column holds, or null. */
export function receiptIdOfTopUp(topUpIdColumn: AnyColumn) {
  return sql<string | null>`(select r.id from receipt r where r.top_up_id = ${topUpIdColumn})`;
}

/** The id of the receipt of the payout whose id the column holds, or null. */
export function receiptIdOfPayout(payoutIdColumn: AnyColumn) {
  return sql<string | null>`(select r.id from receipt r where r.payout_id = ${payoutIdColumn})`;
}
