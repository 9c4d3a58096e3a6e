import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  AWAITING_SECOND_APPROVAL,
  type TLedgerTransactionKind,
  type TTopUpState,
} from '@screenline/shared/wallet';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { payoutRequest, topUpRequest } from '../../db/schema/index';
import { campaignsAs } from '../campaigns/campaign-names';
import { ledgerAccountsAs, ledgerEntriesAs, ledgerTransactionsAs } from '../ledger/ledger-rows';
import { people, personNameOf } from '../me/people';
import { receiptIdOfPayout, receiptIdOfTopUp } from '../receipts/receipt-ids';
import { createdOrder, type TCreatedDirection } from '../../lib/created-order';

export interface TRequestFilter {
  /** One user's requests; absent: everyone's (super-users). */
  userId?: string;
  /** Top-ups: the platform's reference (exact), or a legacy one the buyer wrote (any case). */
  reference?: { platform: string | null; legacy: string } | undefined;
  state?: string | undefined;
  direction: TCreatedDirection;
  cursor?: string | undefined;
  limit: number;
}

export interface THistoryFilter {
  kind?: TLedgerTransactionKind | undefined;
  except?: TLedgerTransactionKind | undefined;
  /** UTC days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Rows older than this position (the newest entry id of a row), for the next page. */
  beforeSeq?: number | undefined;
  limit?: number | undefined;
}

/** One line of a user's history, as read (bigint columns arrive as text). */
export interface THistoryRow {
  id: string;
  kind: TLedgerTransactionKind;
  description: string;
  created_at: string | Date;
  campaign_id: string | null;
  campaign_name: string | null;
  seq: string;
  amount: string;
  held: string;
  balance_after: string;
}

const requester = { id: people.id, name: people.name, email: people.email };

/**
 * The ledger accounts that are a user's: their wallet and payout hold, and the holds of their
 * campaigns. (A SQL fragment: the history and the figures both start from it. The ledger's
 * and the campaigns' tables are joined through their owners' pieces, ledger/ledger-rows.ts and
 * campaigns/campaign-names.ts.)
 */
const accountsOf = (userId: string) => sql`
  select a.id, a.kind from ${ledgerAccountsAs('a')}
  where (a.user_id = ${userId} and a.kind in ('wallet', 'payout-hold'))
     or (a.kind = 'campaign-hold' and a.campaign_id in (select c.id from ${campaignsAs('c')} where c.owner_id = ${userId}))`;

/** Wallets, top-ups and payouts (issue 9 item 2): reads and the guarded state changes. */
export function createWalletRepository(db: TDb) {
  return {
    /** The wallet page's figures, from the ledger's balances and entries, in one query. */
    async figures(userId: string) {
      const [row] = rowsOf<{
        available: string;
        held: string;
        pending: string;
        earned: string;
        spent: string;
      }>(
        await db.execute(sql`
          with mine as (${accountsOf(userId)})
          select
            coalesce((select sum(a.balance_micros) from ${ledgerAccountsAs('a')} join mine m on m.id = a.id
              where m.kind = 'wallet'), 0)::text as available,
            coalesce((select sum(a.balance_micros) from ${ledgerAccountsAs('a')} join mine m on m.id = a.id
              where m.kind <> 'wallet'), 0)::text as held,
            coalesce((select sum(amount_micros) from top_up_request
              where user_id = ${userId} and state = 'pending'), 0)::text as pending,
            coalesce((select sum(e.amount_micros) from ${ledgerEntriesAs('e')}
              join mine m on m.id = e.account_id and m.kind = 'wallet'
              join ${ledgerTransactionsAs('t')} on t.id = e.transaction_id and t.kind = 'impression-charge'), 0)::text as earned,
            coalesce((select -sum(e.amount_micros) from ${ledgerEntriesAs('e')}
              join mine m on m.id = e.account_id and m.kind = 'campaign-hold'
              join ${ledgerTransactionsAs('t')} on t.id = e.transaction_id and t.kind = 'impression-charge'), 0)::text as spent`),
      );
      return {
        availableMicros: Number(row?.available ?? 0),
        heldMicros: Number(row?.held ?? 0),
        pendingTopUpMicros: Number(row?.pending ?? 0),
        lifetimeEarnedMicros: Number(row?.earned ?? 0),
        lifetimeSpentMicros: Number(row?.spent ?? 0),
      };
    },

    /**
     * The ledger transactions that touched the user's accounts, newest first. A row's position
     * (`seq`) is its newest entry on those accounts: entries of one wallet are written one
     * transaction at a time (the balance trigger locks the account), so the wallet's balance
     * after a row is the sum of the wallet's entries up to it.
     */
    async history(userId: string, filter: THistoryFilter): Promise<THistoryRow[]> {
      const conditions: SQL[] = [sql`true`];
      if (filter.kind) conditions.push(sql`h.kind = ${filter.kind}`);
      if (filter.except) conditions.push(sql`h.kind <> ${filter.except}`);
      if (filter.from)
        conditions.push(sql`h.created_at >= ${filter.from}::date::timestamp at time zone 'UTC'`);
      if (filter.to)
        conditions.push(sql`h.created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
      if (filter.beforeSeq !== undefined) conditions.push(sql`h.seq < ${filter.beforeSeq}`);
      return rowsOf<THistoryRow>(
        await db.execute(sql`
          with mine as (${accountsOf(userId)}),
          touched as (
            select e.transaction_id, max(e.id) as seq,
              coalesce(sum(e.amount_micros) filter (where m.kind = 'wallet'), 0) as amount,
              coalesce(sum(e.amount_micros) filter (where m.kind <> 'wallet'), 0) as held
            from ${ledgerEntriesAs('e')} join mine m on m.id = e.account_id
            group by e.transaction_id
          ),
          h as (
            select t.id, t.kind, t.description, t.created_at, c.id as campaign_id, c.name as campaign_name,
              x.seq, x.amount, x.held, sum(x.amount) over (order by x.seq) as balance_after
            from touched x
            join ${ledgerTransactionsAs('t')} on t.id = x.transaction_id
            -- Only the user's own campaigns are named (an owner's earnings come from others').
            left join ${campaignsAs('c')} on c.id = t.campaign_id and c.owner_id = ${userId}
          )
          select h.id, h.kind, h.description, h.created_at, h.campaign_id, h.campaign_name,
            h.seq::text as seq, h.amount::text as amount, h.held::text as held,
            h.balance_after::text as balance_after
          from h where ${sql.join(conditions, sql` and `)}
          order by h.seq desc
          ${filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`}`),
      );
    },

    /** Stores a top-up; undefined when its reference is taken (the caller makes another). */
    async insertTopUp(values: {
      userId: string;
      amountMicros: number;
      paymentMethod: string;
      paymentReference: string;
      receiptContentId: string | null;
    }): Promise<string | undefined> {
      const [row] = await db
        .insert(topUpRequest)
        .values({ ...values, reference: values.paymentReference })
        .onConflictDoNothing({ target: topUpRequest.paymentReference })
        .returning({ id: topUpRequest.id });
      return row?.id;
    },

    async listTopUps(filter: TRequestFilter) {
      const order = createdOrder(topUpRequest, filter.direction, filter.cursor);
      return db
        .select({
          request: topUpRequest,
          user: requester,
          decider: decidedByName(topUpRequest),
          firstApprover: firstApprovedByName(topUpRequest),
          receiptId: receiptIdOfTopUp(topUpRequest.id),
        })
        .from(topUpRequest)
        .innerJoin(people, eq(people.id, topUpRequest.userId))
        .where(
          and(
            filter.userId ? eq(topUpRequest.userId, filter.userId) : undefined,
            filter.state
              ? eq(topUpRequest.state, filter.state as typeof topUpRequest.$inferSelect.state)
              : undefined,
            filter.reference
              ? or(
                  filter.reference.platform === null
                    ? undefined
                    : eq(topUpRequest.paymentReference, filter.reference.platform),
                  and(
                    isNull(topUpRequest.paymentReference),
                    sql`upper(${topUpRequest.reference}) = upper(${filter.reference.legacy})`,
                  ),
                )
              : undefined,
            order.after,
          ),
        )
        .orderBy(...order.orderBy)
        .limit(filter.limit + 1);
    },

    async findTopUp(id: string) {
      const [row] = await db
        .select({
          request: topUpRequest,
          user: requester,
          decider: decidedByName(topUpRequest),
          firstApprover: firstApprovedByName(topUpRequest),
          receiptId: receiptIdOfTopUp(topUpRequest.id),
        })
        .from(topUpRequest)
        .innerJoin(people, eq(people.id, topUpRequest.userId))
        .where(eq(topUpRequest.id, id));
      return row;
    },

    /**
     * pending | awaiting-second-approval → approved | rejected, only if still in one of `from`
     * (and, for a second approval, first approved by someone else): of concurrent decisions one
     * changes the row, the others change nothing (and answer invalid-state).
     */
    async decideTopUp(
      id: string,
      from: readonly TTopUpState[],
      decision: { state: 'approved' | 'rejected'; decidedBy: string; reason: string | null },
    ) {
      const now = new Date();
      const [row] = await db
        .update(topUpRequest)
        .set({ ...decision, decidedAt: now, updatedAt: now })
        .where(
          and(
            eq(topUpRequest.id, id),
            inArray(topUpRequest.state, [...from]),
            notFirstApprovedBy(topUpRequest, decision),
          ),
        )
        .returning();
      return row;
    },

    /** pending → awaiting-second-approval (four eyes), only if still pending. */
    async firstApproveTopUp(id: string, approvedBy: string) {
      const now = new Date();
      const [row] = await db
        .update(topUpRequest)
        .set({
          state: AWAITING_SECOND_APPROVAL,
          firstApprovedBy: approvedBy,
          firstApprovedAt: now,
          updatedAt: now,
        })
        .where(and(eq(topUpRequest.id, id), eq(topUpRequest.state, 'pending')))
        .returning();
      return row;
    },

    async insertPayout(values: typeof payoutRequest.$inferInsert): Promise<string> {
      const [row] = await db
        .insert(payoutRequest)
        .values(values)
        .returning({ id: payoutRequest.id });
      if (!row) throw new Error('The payout was not stored.');
      return row.id;
    },

    async listPayouts(filter: TRequestFilter) {
      const order = createdOrder(payoutRequest, filter.direction, filter.cursor);
      return db
        .select({
          request: payoutRequest,
          user: requester,
          decider: decidedByName(payoutRequest),
          firstApprover: firstApprovedByName(payoutRequest),
          receiptId: receiptIdOfPayout(payoutRequest.id),
        })
        .from(payoutRequest)
        .innerJoin(people, eq(people.id, payoutRequest.userId))
        .where(
          and(
            filter.userId ? eq(payoutRequest.userId, filter.userId) : undefined,
            filter.state
              ? eq(payoutRequest.state, filter.state as typeof payoutRequest.$inferSelect.state)
              : undefined,
            order.after,
          ),
        )
        .orderBy(...order.orderBy)
        .limit(filter.limit + 1);
    },

    async findPayout(id: string) {
      const [row] = await db
        .select({
          request: payoutRequest,
          user: requester,
          decider: decidedByName(payoutRequest),
          firstApprover: firstApprovedByName(payoutRequest),
          receiptId: receiptIdOfPayout(payoutRequest.id),
        })
        .from(payoutRequest)
        .innerJoin(people, eq(people.id, payoutRequest.userId))
        .where(eq(payoutRequest.id, id));
      return row;
    },

    /** Moves a payout from one of `from` to `to`, only if it is still in one of them. */
    async movePayout(
      id: string,
      from: readonly (typeof payoutRequest.$inferSelect.state)[],
      values: Partial<typeof payoutRequest.$inferInsert> & {
        state: typeof payoutRequest.$inferSelect.state;
      },
    ) {
      const [row] = await db
        .update(payoutRequest)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(payoutRequest.id, id),
            inArray(payoutRequest.state, [...from]),
            values.state === 'approved' && values.decidedBy
              ? notFirstApprovedBy(payoutRequest, { decidedBy: values.decidedBy })
              : undefined,
          ),
        )
        .returning();
      return row;
    },
  };
}

export type TWalletRepository = ReturnType<typeof createWalletRepository>;

/** The first approver's name (a subquery, as the decider's). */
function firstApprovedByName(table: typeof topUpRequest | typeof payoutRequest) {
  return personNameOf(table.firstApprovedBy);
}

/**
 * Four eyes in the guard itself: an approval may not come from the super-user who gave the
 * first one (a row without a first approval passes).
 */
function notFirstApprovedBy(
  table: typeof topUpRequest | typeof payoutRequest,
  decision: { decidedBy: string; state?: string },
): SQL | undefined {
  if (decision.state !== undefined && decision.state !== 'approved') return undefined;
  return sql`${table.firstApprovedBy} is distinct from ${decision.decidedBy}`;
}

/** The decider's name (a subquery: the requester already joins the user table). */
function decidedByName(table: typeof topUpRequest | typeof payoutRequest) {
  return personNameOf(table.decidedBy);
}
