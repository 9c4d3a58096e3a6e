import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';

/** Rows per statement (2 parameters each stays far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 1000;

/**
 * The screens module's write for the TVs' heartbeats (modules/player/heartbeats.ts): when each
 * ad space was last seen, what its online/offline status derives from. The caller passes the
 * transaction of its flush (the devices' rows are written in it too) and the newest beat of
 * each space; one statement per ROWS_PER_STATEMENT spaces, on the TVs' hot path.
 */
export async function recordAdSpacesSeen(tx: TDb, seen: ReadonlyMap<string, Date>): Promise<void> {
  const entries = [...seen];
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    const rows = entries
      .slice(i, i + ROWS_PER_STATEMENT)
      .map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`);
    // Never backwards: another instance may have written a later beat of the same space.
    await tx.execute(sql`
      update ad_space as a
      set last_seen_at = greatest(a.last_seen_at, v.at)
      from (values ${sql.join(rows, sql`, `)}) as v(id, at)
      where a.id = v.id`);
  }
}
