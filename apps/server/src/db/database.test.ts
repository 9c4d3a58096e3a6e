import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SHARED_BUFFERS, type TDatabase } from './database';
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
});
