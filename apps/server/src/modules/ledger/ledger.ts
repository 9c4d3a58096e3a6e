import { and, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TLedgerAudit } from '@screenline/shared/ledger';
import type { TLedgerTransactionKind } from '@screenline/shared/wallet';
import type { TDb } from '../../db/database';
import { isCheckViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import {
  EXTERNAL_ACCOUNT_ID,
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  PLATFORM_REVENUE_ACCOUNT_ID,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * The ledger (issue 9 item 1, DESIGN.md §5): the only writer of money. Every movement is a
 * transaction of entries that sum to zero, in integer micros. The database enforces the rules
 * too (migration 0006): entries are append-only, each transaction balances at commit, and a
 * wallet, hold or revenue account cannot go negative (its cached balance has a CHECK, kept by
 * a trigger on every entry). Callers pass the transaction they are in, so money moves in the
 * same commit as the state change that causes it (an approval, a settled impression batch).
 */

export { EXTERNAL_ACCOUNT_ID, PLATFORM_REVENUE_ACCOUNT_ID };

export interface TEntry {
  accountId: string;
  /** Signed micros: + into the account, − out of it. Never 0. */
  amountMicros: number;
}

export interface TTransfer {
  kind: TLedgerTransactionKind;
  /** Said for the people whose history shows it ("Top-up approved: ref 4411"). */
  description: string;
  actorId?: string | null;
  campaignId?: string | null;
  topUpId?: string | null;
  payoutId?: string | null;
  deviceId?: string | null;
  adSpaceId?: string | null;
  entries: readonly TEntry[];
}

/** The message of an `insufficient-funds` refusal. */
export const INSUFFICIENT_FUNDS = 'There is not enough money in the account for this.';

/** Finds or makes a user's wallet account; answers its id. */
export async function walletAccountId(tx: TDb, userId: string): Promise<string> {
  return userAccountId(tx, 'wallet', userId);
}

/**
 * Finds or makes the wallets of these users in two statements, whatever their number (settlement
 * credits every screen owner of a batch at once); answers each user's wallet id.
 */
export async function walletAccountIds(
  tx: TDb,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  // In one order everywhere: two transactions making overlapping sets never wait in a cycle.
  const unique = [...new Set(userIds)].sort();
  if (unique.length === 0) return new Map();
  await tx
    .insert(ledgerAccount)
    .values(unique.map((userId) => ({ kind: 'wallet' as const, userId })))
    .onConflictDoNothing({
      target: [ledgerAccount.kind, ledgerAccount.userId],
      where: sql`${ledgerAccount.userId} is not null`,
    });
  const rows = await tx
    .select({ id: ledgerAccount.id, userId: ledgerAccount.userId })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.kind, 'wallet'), inArray(ledgerAccount.userId, unique)));
  const ids = new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.id] as const] : [])));
  for (const userId of unique)
    if (!ids.has(userId)) throw new Error(`The wallet account of ${userId} could not be made.`);
  return ids;
}

/** Finds or makes a user's payout-hold account (payout requests not yet paid or rejected). */
export async function payoutHoldAccountId(tx: TDb, userId: string): Promise<string> {
  return userAccountId(tx, 'payout-hold', userId);
}

async function userAccountId(
  tx: TDb,
  kind: 'wallet' | 'payout-hold',
  userId: string,
): Promise<string> {
  await tx
    .insert(ledgerAccount)
    .values({ kind, userId })
    .onConflictDoNothing({
      target: [ledgerAccount.kind, ledgerAccount.userId],
      where: sql`${ledgerAccount.userId} is not null`,
    });
  const [row] = await tx
    .select({ id: ledgerAccount.id })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.kind, kind), eq(ledgerAccount.userId, userId)));
  if (!row) throw new Error(`The ${kind} account of ${userId} could not be made.`);
  return row.id;
}

/** Finds or makes a campaign's hold account. */
export async function campaignHoldAccountId(tx: TDb, campaignId: string): Promise<string> {
  await tx
    .insert(ledgerAccount)
    .values({ kind: 'campaign-hold', campaignId })
    .onConflictDoNothing({
      target: [ledgerAccount.campaignId],
      where: sql`${ledgerAccount.campaignId} is not null`,
    });
  const [row] = await tx
    .select({ id: ledgerAccount.id })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.campaignId, campaignId));
  if (!row) throw new Error(`The hold of campaign ${campaignId} could not be made.`);
  return row.id;
}

/**
 * The balances of the accounts that belong to a campaign (its hold), by campaign id: a read-only
 * piece the campaigns module joins in its own statements (the hold sweep, completion), never the
 * ledger_account table itself. Balances change only through {@link transfer}.
 */
export const campaignAccountBalances = new QueryBuilder()
  .select({ campaignId: ledgerAccount.campaignId, balanceMicros: ledgerAccount.balanceMicros })
  .from(ledgerAccount)
  .as('campaign_account_balances');

/** The user's wallet balance (0 before it has an account). */
export async function walletBalanceOf(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccount.balanceMicros })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.kind, 'wallet'), eq(ledgerAccount.userId, userId)));
  return row?.balance ?? 0;
}

/** What each campaign's hold has left (absent: no hold, 0). */
export async function campaignHoldBalancesOf(
  db: TDb,
  campaignIds: readonly string[],
): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: ledgerAccount.campaignId, balance: ledgerAccount.balanceMicros })
    .from(ledgerAccount)
    .where(
      and(
        eq(ledgerAccount.kind, 'campaign-hold'),
        inArray(ledgerAccount.campaignId, [...campaignIds]),
      ),
    );
  return new Map(rows.flatMap((row) => (row.campaignId ? [[row.campaignId, row.balance]] : [])));
}

/** Balances (micros) of these accounts, from the cache the entries keep; absent ids are 0. */
export async function balancesOf(
  tx: TDb,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccount.id, balance: ledgerAccount.balanceMicros })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.id, [...accountIds]));
  return new Map(rows.map((row) => [row.id, row.balance]));
}

/**
 * Locks an account's row until the transaction ends and answers its balance: read it, decide an
 * amount, transfer it, with nobody moving the same account in between (capping a charge at what
 * a hold has left, returning the rest of a hold).
 */
export async function lockBalance(tx: TDb, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccount.balanceMicros })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.id, accountId))
    .for('update');
  if (!row) throw new Error(`Ledger account ${accountId} does not exist.`);
  return row.balance;
}

/**
 * Records one ledger transaction. Entries for the same account are merged and zero ones dropped;
 * they must sum to zero (checked here and again by the database at commit). An account that
 * would go negative makes it fail with `insufficient-funds` (409), and the caller's whole
 * transaction with it. Answers the transaction's id, or null when nothing moved.
 */
export async function transfer(tx: TDb, movement: TTransfer): Promise<string | null> {
  const merged = new Map<string, number>();
  for (const entry of movement.entries) {
    if (!Number.isSafeInteger(entry.amountMicros))
      throw new Error(`Ledger amounts are safe integers, not ${entry.amountMicros}.`);
    merged.set(entry.accountId, (merged.get(entry.accountId) ?? 0) + entry.amountMicros);
  }
  // Accounts in one order everywhere, so two transactions never wait on each other in a cycle.
  const entries = [...merged]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const sum = entries.reduce((total, [, amount]) => total + amount, 0);
  if (sum !== 0) throw new Error(`A ledger transaction must sum to zero, not ${sum}.`);
  if (entries.length === 0) return null;
  const [row] = await tx
    .insert(ledgerTransaction)
    .values({
      kind: movement.kind,
      description: movement.description,
      actorId: movement.actorId ?? null,
      campaignId: movement.campaignId ?? null,
      topUpId: movement.topUpId ?? null,
      payoutId: movement.payoutId ?? null,
      deviceId: movement.deviceId ?? null,
      adSpaceId: movement.adSpaceId ?? null,
    })
    .returning({ id: ledgerTransaction.id });
  if (!row) throw new Error('The ledger transaction was not stored.');
  try {
    await tx.insert(ledgerEntry).values(
      entries.map(([accountId, amountMicros]) => ({
        transactionId: row.id,
        accountId,
        amountMicros,
      })),
    );
  } catch (error) {
    if (isCheckViolation(error, 'ledger_account_non_negative'))
      throw new AppError('insufficient-funds', INSUFFICIENT_FUNDS);
    throw error;
  }
  return row.id;
}

/**
 * The audit (GET /api/v1/admin/ledger/audit): the ledger checked from its entries alone, not
 * from any cache or from what the services believe.
 */
export async function auditLedger(db: TDb): Promise<TLedgerAudit> {
  const problems: string[] = [];
  const [totals] = rowsOf<{
    total: string;
    entries: string;
    transactions: string;
    accounts: string;
  }>(
    await db.execute(sql`select
        coalesce((select sum(amount_micros) from ${ledgerEntry}), 0)::text as total,
        (select count(*) from ${ledgerEntry})::text as entries,
        (select count(*) from ${ledgerTransaction})::text as transactions,
        (select count(*) from ${ledgerAccount})::text as accounts`),
  );
  const totalMicros = Number(totals?.total ?? 0);
  if (totalMicros !== 0) problems.push(`All entries together sum to ${totalMicros}, not 0.`);

  const unbalanced = rowsOf<{ id: string; sum: string }>(
    await db.execute(sql`
      select t.id, coalesce(sum(e.amount_micros), 0)::text as sum
      from ${ledgerTransaction} t left join ${ledgerEntry} e on e.transaction_id = t.id
      group by t.id
      having coalesce(sum(e.amount_micros), 0) <> 0 or count(e.id) < 2
      limit 100`),
  );
  for (const row of unbalanced)
    problems.push(`Transaction ${row.id} sums to ${row.sum} or has fewer than two entries.`);

  const accounts = rowsOf<{ id: string; kind: string; cached: string; derived: string }>(
    await db.execute(sql`
      select a.id, a.kind, a.balance_micros::text as cached,
        coalesce(sum(e.amount_micros), 0)::text as derived
      from ${ledgerAccount} a left join ${ledgerEntry} e on e.account_id = a.id
      group by a.id
      having a.balance_micros <> coalesce(sum(e.amount_micros), 0)
        or (a.kind <> 'external' and coalesce(sum(e.amount_micros), 0) < 0)`),
  );
  let negativeWallets = 0;
  for (const row of accounts) {
    if (row.cached !== row.derived)
      problems.push(
        `Account ${row.id} (${row.kind}) caches ${row.cached} but its entries sum to ${row.derived}.`,
      );
    if (row.kind !== 'external' && Number(row.derived) < 0) {
      negativeWallets += 1;
      problems.push(`Account ${row.id} (${row.kind}) is negative: ${row.derived}.`);
    }
  }

  return {
    balanced: totalMicros === 0 && unbalanced.length === 0,
    totalMicros,
    accounts: Number(totals?.accounts ?? 0),
    transactions: Number(totals?.transactions ?? 0),
    entries: Number(totals?.entries ?? 0),
    negativeWallets,
    problems,
  };
}
