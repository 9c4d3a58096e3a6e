import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OFFERED_VERDICTS, type TPlayedAd } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { campaign, contentItem, device, impression } from '../../db/schema/index';
import { adSpaceRows, locationRows } from '../screens/places';
import { advertisers } from '../me/people';

/**
 * The campaign of an ad play, where the play shows it was offered to the screen (a verdict in
 * OFFERED_VERDICTS); null for other plays. What an owner may learn of a buyer's ad (issue 21
 * item 2) hangs on this: a TV that reports any campaign id does not get its name shown.
 */
const offeredCampaignId = sql<
  string | null
>`case when ${inArray(impression.verdict, [...OFFERED_VERDICTS])} then ${impression.campaignId} end`;

/** A local day of the report and the instants it spans (`[startsAt, endsAt)`). */
export interface TDayWindow {
  day: string;
  startsAt: string;
  endsAt: string;
}

/** Queries of proof of play (issue 8 item 8): what TVs sent, and the owner's report on it. */
export function createImpressionsRepository(db: TDb) {
  return {
    db,
    /** Which device stored each of these ids (absent: stored by nobody). */
    async devicesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: impression.id, deviceId: impression.deviceId })
        .from(impression)
        .where(inArray(impression.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.deviceId]));
    },

    /** The owner's ad space with its location's zone and name, or undefined. */
    async findAdSpace(ownerId: string, id: string) {
      const [row] = await db
        .select({ id: adSpaceRows.id, name: adSpaceRows.name, timeZone: locationRows.timeZone })
        .from(adSpaceRows)
        .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
        .where(and(eq(adSpaceRows.ownerId, ownerId), eq(adSpaceRows.id, id)));
      return row;
    },

    /** Plays and time shown on each of `days` (every day answered, zeros included), in order. */
    async countByDay(adSpaceId: string, days: readonly TDayWindow[]) {
      const result = await db.execute(sql`
        select d.day, count(i.id)::int as plays, coalesce(sum(i.shown_ms), 0)::bigint as shown_ms
        from jsonb_to_recordset(${JSON.stringify(days)}::jsonb)
          as d(day text, "startsAt" timestamptz, "endsAt" timestamptz)
        left join ${impression} i
          on i.ad_space_id = ${adSpaceId}
          and i.started_at >= d."startsAt" and i.started_at < d."endsAt"
        group by d.day
        order by d.day`);
      return rowsOf<{ day: string; plays: number; shown_ms: number }>(result).map((row) => ({
        day: row.day,
        plays: Number(row.plays),
        shownMs: Number(row.shown_ms),
      }));
    },

    /**
     * Plays by library item with its current name and kind (null once deleted), and by the
     * campaign of an offered ad with its name and buyer, most first.
     */
    async countByItem(adSpaceId: string, ownerId: string, range: { from: Date; to: Date }) {
      // The campaign is a computed column: grouped in a subquery, so the outer group by names
      // plain columns (the same expression twice would be two different parameter lists).
      const played = db
        .select({
          contentId: impression.contentId,
          campaignId: offeredCampaignId.as('offered_campaign_id'),
          shownMs: impression.shownMs,
        })
        .from(impression)
        .where(inRange(adSpaceId, range))
        .as('played');
      const creative = alias(contentItem, 'creative');
      const plays = sql<number>`count(*)::int`;
      const shownMs = sql<number>`sum(${played.shownMs})::bigint`;
      const rows = await db
        .select({
          contentId: played.contentId,
          name: contentItem.name,
          kind: sql<'image' | 'video' | null>`coalesce(${contentItem.kind}, ${creative.kind})`,
          campaignId: campaign.id,
          campaignName: campaign.name,
          advertiserName: advertisers.name,
          plays,
          shownMs,
        })
        .from(played)
        .leftJoin(
          contentItem,
          and(eq(contentItem.id, played.contentId), eq(contentItem.ownerId, ownerId)),
        )
        .leftJoin(campaign, eq(campaign.id, played.campaignId))
        .leftJoin(advertisers, eq(advertisers.id, campaign.ownerId))
        .leftJoin(
          creative,
          and(
            eq(creative.id, played.contentId),
            eq(creative.ownerId, campaign.ownerId),
            isNotNull(campaign.id),
          ),
        )
        .groupBy(
          played.contentId,
          contentItem.name,
          contentItem.kind,
          creative.kind,
          campaign.id,
          campaign.name,
          advertisers.name,
        )
        .orderBy(
          sql`${plays} desc`,
          sql`${shownMs} desc`,
          asc(contentItem.name),
          asc(campaign.name),
          asc(played.contentId),
        );
      return rows.map(({ campaignId, campaignName, advertiserName, ...row }) => ({
        ...row,
        ad:
          campaignId !== null && campaignName !== null
            ? ({ campaignId, campaignName, advertiserName } satisfies TPlayedAd)
            : null,
        plays: Number(row.plays),
        shownMs: Number(row.shownMs),
      }));
    },

    /**
     * Holes in each device's sequence numbers among its plays in the range: the previous
     * sequence (lag) more than one below the next.
     */
    async findGaps(adSpaceId: string, range: { from: Date; to: Date }) {
      const ordered = db
        .select({
          deviceId: impression.deviceId,
          sequence: impression.sequence,
          previous:
            sql<number>`lag(${impression.sequence}) over (partition by ${impression.deviceId} order by ${impression.sequence})`.as(
              'previous',
            ),
        })
        .from(impression)
        .where(inRange(adSpaceId, range))
        .as('ordered');
      const rows = await db
        .select({
          deviceId: ordered.deviceId,
          deviceName: device.name,
          afterSequence: ordered.previous,
          beforeSequence: ordered.sequence,
        })
        .from(ordered)
        .leftJoin(device, eq(device.id, ordered.deviceId))
        .where(sql`${ordered.sequence} - ${ordered.previous} > 1`)
        .orderBy(sql`${device.name} nulls last`, asc(ordered.deviceId), asc(ordered.sequence));
      return rows.map((row) => ({
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        afterSequence: Number(row.afterSequence),
        beforeSequence: Number(row.beforeSequence),
        missing: Number(row.beforeSequence) - Number(row.afterSequence) - 1,
      }));
    },

    /**
     * A page of the plays in the range, oldest first (then by id), after `after`, with the
     * library item's current name: the CSV reads them page by page.
     */
    async listPlays(
      adSpaceId: string,
      ownerId: string,
      range: { from: Date; to: Date },
      page: { after?: { startedAt: Date; id: string } | undefined; limit: number },
    ) {
      const conditions = [inRange(adSpaceId, range)];
      if (page.after) {
        conditions.push(
          sql`(${impression.startedAt}, ${impression.id}) > (${page.after.startedAt.toISOString()}::timestamptz, ${page.after.id}::uuid)`,
        );
      }
      return db
        .select({
          id: impression.id,
          deviceId: impression.deviceId,
          deviceName: device.name,
          sequence: impression.sequence,
          startedAt: impression.startedAt,
          shownMs: impression.shownMs,
          endReason: impression.endReason,
          playlistId: impression.playlistId,
          itemId: impression.itemId,
          contentId: impression.contentId,
          contentName: contentItem.name,
        })
        .from(impression)
        .leftJoin(device, eq(device.id, impression.deviceId))
        .leftJoin(
          contentItem,
          and(eq(contentItem.id, impression.contentId), eq(contentItem.ownerId, ownerId)),
        )
        .where(and(...conditions))
        .orderBy(asc(impression.startedAt), asc(impression.id))
        .limit(page.limit);
    },
  };
}

export type TImpressionsRepository = ReturnType<typeof createImpressionsRepository>;

function inRange(adSpaceId: string, range: { from: Date; to: Date }) {
  return and(
    eq(impression.adSpaceId, adSpaceId),
    gte(impression.startedAt, range.from),
    lt(impression.startedAt, range.to),
  );
}

/** The rows of a raw query: both drivers (PGlite and node-postgres) answer `{ rows }`. */
