import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPglite,
  PGLITE_SHARED_BUFFERS,
  QueryOutsideTransactionError,
  type TDatabase,
} from './database';
import { rowsOf } from './rows';

describe('the embedded database', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openPglite(undefined);
  }, 120_000);
  afterAll(() => database.close());

  it('keeps its shared buffers small (issue 19 item 6: PostgreSQL’s 128MB held memory idle)', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(
      await database.db.execute(sql`show shared_buffers`),
    );
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });

  it('refuses a query sent around the open transaction it runs in, instead of waiting forever', async () => {
    const { db, scripts } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      }),
      // Drizzle wraps the driver's error in its own, with the query.
    ).rejects.toHaveProperty('cause', new QueryOutsideTransactionError());
    await expect(
      scripts.transaction(async (tx) => {
        await tx.run('select 1');
        await scripts.run('select 2');
      }),
    ).rejects.toThrow(QueryOutsideTransactionError);
    // The transaction rolled back and let go: the database answers, inside and out.
    expect(
      await db.transaction(async (tx) =>
        rowsOf<{ n: number }>(await tx.execute(sql`select 3 as n`)),
      ),
    ).toEqual([{ n: 3 }]);
    // Work a transaction left running is outside it once it ends, and queries as usual.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 4`);
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() =>
        db.execute(sql`select 5`),
      );
    });
    await expect(later).resolves.toBeDefined();
    // Queries from other requests still wait their turn, as before.
    const [a, b] = await Promise.all([
      db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select 6 as n`))),
      db.execute(sql`select 7 as n`).then((result) => rowsOf<{ n: number }>(result)),
    ]);
    expect([a, b]).toEqual([[{ n: 6 }], [{ n: 7 }]]);
  });
});
