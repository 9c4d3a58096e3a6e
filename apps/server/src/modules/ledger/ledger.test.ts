import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccount, ledgerEntry, ledgerTransaction } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { runIdempotent } from './idempotency';
import {
  auditLedger,
  EXTERNAL_ACCOUNT_ID,
  lockBalance,
  transfer,
  walletAccountId,
  walletAccountIds,
} from './ledger';

describe.each(BACKENDS)('the ledger on %s', (backend) => {
  let t: TTestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    userId = (await t.signUp()).userId;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  /** What the database said: Drizzle wraps the driver's error in "Failed query: …". */
  async function refusal(work: Promise<unknown>): Promise<string> {
    try {
      await work;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return cause instanceof Error ? cause.message : String(cause);
    }
    throw new Error('The database accepted it.');
  }

  async function topUp(wallet: string, amountMicros: number) {
    return db().transaction((tx) =>
      transfer(tx, {
        kind: 'top-up',
        description: 'test top-up',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -amountMicros },
          { accountId: wallet, amountMicros },
        ],
      }),
    );
  }

  it('keeps each balance as the sum of its entries, and the audit agrees', async () => {
    const wallet = await walletAccountId(db(), userId);
    expect(await walletAccountId(db(), userId)).toBe(wallet);
    await topUp(wallet, 5_000_000);
    await topUp(wallet, 1);
    expect(await lockBalance(db(), wallet)).toBe(5_000_001);
    expect(await auditLedger(db())).toMatchObject({
      balanced: true,
      totalMicros: 0,
      negativeWallets: 0,
      problems: [],
    });
  });

  it('finds or makes many users’ wallets at once: the accounts one at a time would give', async () => {
    const [a, b, c] = [(await t.signUp()).userId, (await t.signUp()).userId, userId];
    const existing = await walletAccountId(db(), c);
    const wallets = await db().transaction((tx) => walletAccountIds(tx, [a, b, c, a]));
    expect(wallets.size).toBe(3);
    expect(wallets.get(c)).toBe(existing);
    expect(wallets.get(a)).toBe(await walletAccountId(db(), a));
    expect(wallets.get(b)).toBe(await walletAccountId(db(), b));
    expect(new Set(wallets.values()).size).toBe(3);
    expect(await walletAccountIds(db(), [])).toEqual(new Map());
  });

  it('refuses to take a wallet below zero, in the database, and moves nothing', async () => {
    const other = (await t.signUp()).userId;
    const wallet = await walletAccountId(db(), other);
    await topUp(wallet, 100);
    const overdraw = db().transaction((tx) =>
      transfer(tx, {
        kind: 'payout-paid',
        description: 'too much',
        entries: [
          { accountId: wallet, amountMicros: -101 },
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: 101 },
        ],
      }),
    );
    await expect(overdraw).rejects.toMatchObject({ code: 'insufficient-funds' });
    expect(await lockBalance(db(), wallet)).toBe(100);
    // Even a direct write of the cache is held to it.
    expect(
      await refusal(
        db().update(ledgerAccount).set({ balanceMicros: -1 }).where(eq(ledgerAccount.id, wallet)),
      ),
    ).toMatch(/ledger_account_non_negative/);
  });

  it('refuses UPDATE and DELETE of entries and transactions', async () => {
    expect(
      await refusal(
        db()
          .update(ledgerEntry)
          .set({ amountMicros: 7 })
          .where(sql`true`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        db()
          .delete(ledgerEntry)
          .where(sql`true`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        db()
          .delete(ledgerTransaction)
          .where(sql`true`),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`truncate ledger_entry`))).toMatch(/append-only/);
  });

  it('refuses, at commit, a transaction whose entries do not sum to zero', async () => {
    const wallet = await walletAccountId(db(), userId);
    const before = await lockBalance(db(), wallet);
    const unbalanced = db().transaction(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransaction)
        .values({ kind: 'top-up', description: 'made from nothing' })
        .returning();
      await tx
        .insert(ledgerEntry)
        .values({ transactionId: row!.id, accountId: wallet, amountMicros: 9 });
    });
    expect(await refusal(unbalanced)).toMatch(/does not balance/);
    expect(await lockBalance(db(), wallet)).toBe(before);
    expect((await auditLedger(db())).balanced).toBe(true);
  });

  it('answers a replayed key with the first result and refuses the key for another request', async () => {
    const wallet = await walletAccountId(db(), userId);
    const before = await lockBalance(db(), wallet);
    const run = (amount: number) =>
      runIdempotent(
        db(),
        { principalId: userId, key: 'test-key-0001', fingerprint: { amount } },
        async (tx) => {
          await transfer(tx, {
            kind: 'top-up',
            description: 'idempotent',
            entries: [
              { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -amount },
              { accountId: wallet, amountMicros: amount },
            ],
          });
          return { statusCode: 201, body: { amount } };
        },
      );
    const results = await Promise.all(Array.from({ length: 20 }, () => run(250)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(results.every((result) => result.statusCode === 201)).toBe(true);
    expect(await lockBalance(db(), wallet)).toBe(before + 250);
    await expect(run(251)).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'idempotency-key-reused',
    );
    expect(await lockBalance(db(), wallet)).toBe(before + 250);
  });
});
