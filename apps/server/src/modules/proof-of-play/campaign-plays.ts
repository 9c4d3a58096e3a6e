import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { impression } from '../../db/schema/index';

/*
 * The proof-of-play module's read surface for the campaigns module: what a campaign's plays came
 * to, for its results, its pacing line and the publisher dashboard. Read functions for what reads
 * the plays alone, and a read-only subquery the dashboard joins to the campaigns in its one
 * statement. Other modules never name the impression table (apps/server/test/module-graph).
 */

const qb = new QueryBuilder();

/** What each campaign was charged: the sum of its plays' billed micros. */
export async function spentByCampaignOf(
  db: TDb,
  campaignIds: readonly string[],
): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: impression.campaignId,
      spent: sql<string>`coalesce(sum(${impression.billedMicros}), 0)::text`,
    })
    .from(impression)
    .where(inArray(impression.campaignId, [...campaignIds]))
    .groupBy(impression.campaignId);
  return new Map(rows.map((row) => [row.campaignId ?? '', Number(row.spent)]));
}

/** The newest local day of the campaign's billed plays (null: none). */
export async function lastBilledDayOf(db: TDb, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`to_char(max(${impression.localDay}), 'YYYY-MM-DD')` })
    .from(impression)
    .where(and(eq(impression.campaignId, campaignId), eq(impression.verdict, 'billed')));
  return row?.day ?? null;
}

/** A campaign's billed plays of one local day on one ad space. */
export interface TBilledFigure {
  day: string;
  adSpaceId: string;
  impressions: number;
  shownMs: number;
  spentMicros: number;
}

/**
 * The campaign's billed plays, time shown and spend per local day at the screen (the day the
 * flight and the cap read, so every billed micro of the flight is inside its days: issue 17 item
 * 4) and ad space, for the days from–to (inclusive). Unordered.
 */
export async function billedByDayAndSpaceOf(
  db: TDb,
  campaignId: string,
  from: string,
  to: string,
): Promise<TBilledFigure[]> {
  const rows = await db
    .select({
      day: sql<string>`to_char(${impression.localDay}, 'YYYY-MM-DD')`,
      adSpaceId: impression.adSpaceId,
      impressions: sql<string>`count(*)::text`,
      shownMs: sql<string>`coalesce(sum(${impression.shownMs}), 0)::text`,
      spent: sql<string>`coalesce(sum(${impression.billedMicros}), 0)::text`,
    })
    .from(impression)
    .where(
      and(
        eq(impression.campaignId, campaignId),
        eq(impression.verdict, 'billed'),
        gte(impression.localDay, from),
        lte(impression.localDay, to),
      ),
    )
    .groupBy(sql`1`, impression.adSpaceId);
  return rows.map((row) => ({
    day: row.day,
    adSpaceId: row.adSpaceId,
    impressions: Number(row.impressions),
    shownMs: Number(row.shownMs),
    spentMicros: Number(row.spent),
  }));
}

/**
 * The plays of campaigns' ads, to join to their campaigns (the publisher dashboard's figures of
 * one buyer): the campaign, when the play started and what it was billed.
 */
export const campaignPlays = qb
  .select({
    campaignId: impression.campaignId,
    startedAt: impression.startedAt,
    billedMicros: impression.billedMicros,
  })
  .from(impression)
  .as('campaign_plays');
