import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';

/*
 * The proof-of-play module's reads of a screen owner's billed plays, for the owner's earnings:
 * the monetization module's earnings per space and day, and the wallet's earnings rows and their
 * plays. Settled plays say which space earned what; the ledger's entries are one per settlement
 * batch. Other modules never name the impression table (apps/server/test/module-graph).
 */

/**
 * The owner's billed plays per ad space and local day of the play at the screen (issue 17:
 * when it played, not when it arrived or settled): the owner's share of each (what settlement
 * credited to the wallet for it), their count and time on screen.
 */
export async function ownerEarningsPerSpaceAndDay(
  db: TDb,
  ownerId: string,
  range: { from: string; to: string },
) {
  return rowsOf<{
    ad_space_id: string;
    day: string;
    earned: string;
    plays: string;
    shown_ms: string;
  }>(
    await db.execute(sql`
      select ad_space_id, to_char(local_day, 'YYYY-MM-DD') as day,
        sum(owner_share_micros)::text as earned, count(*)::text as plays,
        coalesce(sum(shown_ms), 0)::text as shown_ms
      from impression
      where owner_id = ${ownerId} and verdict = 'billed'
        and local_day between ${range.from}::date and ${range.to}::date
      group by 1, 2`),
  );
}

/**
 * The owner's billed ad plays, every column of the play and `day_at_screen` (the local day at
 * the screen; UTC's for a play stored without one): a select for the caller's `with` clause, so
 * that its statement names the spaces and campaigns of the plays too and stays one query.
 */
export function ownerBilledAdPlays(ownerId: string): SQL {
  return sql`
    select *, coalesce(local_day, (started_at at time zone 'UTC')::date) as day_at_screen
    from impression
    where owner_id = ${ownerId} and verdict = 'billed' and campaign_id is not null`;
}

/**
 * The plays one earnings row sums (the owner's billed plays of one space and campaign on one day
 * at the screen), oldest first, at most `limit`.
 */
export async function ownerBilledPlaysOfRow(
  db: TDb,
  row: { ownerId: string; day: string; adSpaceId: string; campaignId: string },
  limit: number,
) {
  return rowsOf<{
    id: string;
    started_at: string | Date;
    billable_ms: number;
    billed: string;
    earned: string;
    settled_at: string | Date;
  }>(
    await db.execute(sql`
        select i.id, i.started_at, i.billable_ms, i.billed_micros::text as billed,
          i.owner_share_micros::text as earned, i.settled_at
        from impression i
        where i.owner_id = ${row.ownerId} and i.verdict = 'billed'
          and coalesce(i.local_day, (i.started_at at time zone 'UTC')::date) = ${row.day}::date and i.ad_space_id = ${row.adSpaceId}
          and i.campaign_id = ${row.campaignId}
        order by i.started_at, i.id
        limit ${limit}`),
  );
}
