import { getTableName } from 'drizzle-orm';
import { takeover, takeoverAdSpace } from '../../db/schema/index';

/*
 * The fleet module's read piece for proof of play's arrival statement
 * (proof-of-play/arrival-statement.ts): the takeovers a play may fall in, as SQL text the statement
 * composes as one of its CTEs, so that storing a batch stays one statement and one round trip.
 * Text, not a Drizzle piece: the arrival statement is a prepared statement written as text with
 * positional parameters. Other modules never name the takeover tables
 * (apps/server/test/module-graph).
 */

const table = (t: Parameters<typeof getTableName>[0]) => `"${getTableName(t)}"`;

/**
 * A select of one column, `span`: each of the ad space's takeovers that overlap `[from, to)` as
 * an int8range of epoch milliseconds, from its start to its end (its scheduled end while it runs
 * on). A takeover ended before it started (clocks) covers nothing and is left out. The arguments
 * are SQL expressions of the statement that composes it (its parameters, such as `$3`).
 */
export function takeoverSpansSql(at: { adSpaceId: string; from: string; to: string }): string {
  return `select int8range(floor(extract(epoch from t.started_at) * 1000)::int8,
      ceil(extract(epoch from coalesce(t.ended_at, t.ends_at)) * 1000)::int8) as span
  from ${table(takeover)} t
  join ${table(takeoverAdSpace)} ta on ta.takeover_id = t.id
  where ta.ad_space_id = ${at.adSpaceId} and t.started_at < ${at.to} and coalesce(t.ended_at, t.ends_at) > ${at.from}
    and t.started_at <= coalesce(t.ended_at, t.ends_at)`;
}
