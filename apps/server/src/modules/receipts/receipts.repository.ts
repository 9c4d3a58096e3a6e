import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { receipt } from '../../db/schema/index';
import { campaignsAs } from '../campaigns/campaign-names';
import { ledgerAccountsAs, ledgerEntriesAs, ledgerTransactionsAs } from '../ledger/ledger-rows';

/** One campaign's part of a user's ad spend or earnings in a UTC month, from the ledger. */
export interface TMonthlyLine {
  month: string;
  kind: 'monthly-spend' | 'monthly-earnings';
  campaignName: string;
  amountMicros: number;
}

/** Receipts (issue 22 item 4): reads, and the ledger sums a monthly receipt is made of. */
export function createReceiptsRepository(db: TDb) {
  return {
    async listOf(userId: string) {
      return db
        .select()
        .from(receipt)
        .where(eq(receipt.userId, userId))
        .orderBy(desc(receipt.issuedAt), desc(receipt.year), desc(receipt.sequence));
    },

    async find(id: string) {
      const [row] = await db.select().from(receipt).where(eq(receipt.id, id));
      return row;
    },

    async monthsIssued(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ kind: receipt.kind, month: receipt.month })
        .from(receipt)
        .where(and(eq(receipt.userId, userId), sql`${receipt.month} is not null`));
      return new Set(rows.map((row) => `${row.kind}:${row.month}`));
    },

    /**
     * Every UTC month before `before`'s with ad spend (the user's campaigns' holds charged) or
     * earnings (the user's wallet credited) in `impression-charge` transactions, per campaign.
     * The same entries the wallet's lifetime figures sum, so the receipts add up to them. The
     * ledger's and the campaigns' tables come through their owners' pieces.
     */
    async monthlyLines(userId: string, before: Date): Promise<TMonthlyLine[]> {
      const rows = rowsOf<{ month: string; kind: string; campaign_name: string; amount: string }>(
        await db.execute(sql`
          with charged as (
            select t.created_at, t.campaign_id, e.amount_micros, a.kind as account_kind
            from ${ledgerEntriesAs('e')}
            join ${ledgerTransactionsAs('t')} on t.id = e.transaction_id and t.kind = 'impression-charge'
            join ${ledgerAccountsAs('a')} on a.id = e.account_id
            where t.created_at < date_trunc('month', ${before.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
              and ((a.kind = 'wallet' and a.user_id = ${userId})
                or (a.kind = 'campaign-hold'
                  and a.campaign_id in (select c.id from ${campaignsAs('c')} where c.owner_id = ${userId})))
          )
          select to_char(date_trunc('month', x.created_at at time zone 'UTC'), 'YYYY-MM-DD') as month,
            case when x.account_kind = 'wallet' then 'monthly-earnings' else 'monthly-spend' end as kind,
            case when x.campaign_id is null then 'Ad plays'
              else coalesce(c.name, 'A deleted campaign') end as campaign_name,
            abs(sum(x.amount_micros))::text as amount
          from charged x left join ${campaignsAs('c')} on c.id = x.campaign_id
          group by 1, 2, 3, x.campaign_id
          order by 1, 2, 3`),
      );
      return rows.map((row) => ({
        month: row.month,
        kind: row.kind === 'monthly-earnings' ? 'monthly-earnings' : 'monthly-spend',
        campaignName: row.campaign_name,
        amountMicros: Number(row.amount),
      }));
    },
  };
}
