import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ledgerAccount, ledgerEntry, ledgerTransaction } from '../../db/schema/index';

/*
 * The ledger's read-only pieces for other modules' statements: its accounts, entries and
 * transactions as subqueries of every column, to join under an alias of one's own. The wallet's
 * figures and history and the monthly receipts sum a user's entries together with whose
 * campaigns the holds are, in one statement each; with these they name no ledger table
 * (apps/server/test/module-graph.test.ts). PostgreSQL flattens a plain subquery into the outer
 * query, so the plan, the sums and the rounding are those of the tables themselves. Money moves
 * only through `transfer` (ledger.ts): a subquery cannot be written to.
 */

const qb = new QueryBuilder();

/** Every ledger account (all its columns, `balance_micros` the cached balance), as `alias`. */
export function ledgerAccountsAs<TAlias extends string>(alias: TAlias) {
  return qb.select(getTableColumns(ledgerAccount)).from(ledgerAccount).as(alias);
}

/** Every ledger entry (all its columns), as `alias`. */
export function ledgerEntriesAs<TAlias extends string>(alias: TAlias) {
  return qb.select(getTableColumns(ledgerEntry)).from(ledgerEntry).as(alias);
}

/** Every ledger transaction (all its columns), as `alias`. */
export function ledgerTransactionsAs<TAlias extends string>(alias: TAlias) {
  return qb.select(getTableColumns(ledgerTransaction)).from(ledgerTransaction).as(alias);
}
