import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { OFFERED_VERDICTS, type TPlayedAd } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { device } from '../../db/schema/index';
import { campaignsAs } from '../campaigns/campaign-names';
import { libraryItemsAs } from '../content/library-items';
import { reportPlays as storedPlays, storingDevicesOf } from '../proof-of-play/report-plays';
import { adSpaceRows, locationRows } from '../screens/places';
import { advertisers } from '../me/people';

/** The library items (the content module's piece): the owner's, and a buyer's creative. */
const items = libraryItemsAs('library_items');
const creative = libraryItemsAs('creative');
/** The campaigns (the campaigns module's piece): an offered ad's name and buyer. */
const campaigns = campaignsAs('campaigns');

/**
 * The campaign of an ad play, where the play shows it was offered to the screen (a verdict in
 * OFFERED_VERDICTS); null for other plays. What an owner may learn of a buyer's ad (issue 21
 * item 2) hangs on this: a TV that reports any campaign id does not get its name shown.
 */
const offeredCampaignId = sql<
  string | null
>`case when ${inArray(storedPlays.verdict, [...OFFERED_VERDICTS])} then ${storedPlays.campaignId} end`;

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
      return storingDevicesOf(db, ids);
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
        select d.day, count(${storedPlays.id})::int as plays,
          coalesce(sum(${storedPlays.shownMs}), 0)::bigint as shown_ms
        from jsonb_to_recordset(${JSON.stringify(days)}::jsonb)
          as d(day text, "startsAt" timestamptz, "endsAt" timestamptz)
        left join ${storedPlays}
          on ${storedPlays.adSpaceId} = ${adSpaceId}
          and ${storedPlays.startedAt} >= d."startsAt" and ${storedPlays.startedAt} < d."endsAt"
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
          contentId: storedPlays.contentId,
          campaignId: offeredCampaignId.as('offered_campaign_id'),
          shownMs: storedPlays.shownMs,
        })
        .from(storedPlays)
        .where(inRange(adSpaceId, range))
        .as('played');
      const plays = sql<number>`count(*)::int`;
      const shownMs = sql<number>`sum(${played.shownMs})::bigint`;
      const rows = await db
        .select({
          contentId: played.contentId,
          name: items.name,
          kind: sql<'image' | 'video' | null>`coalesce(${items.kind}, ${creative.kind})`,
          campaignId: campaigns.id,
          campaignName: campaigns.name,
          advertiserName: advertisers.name,
          plays,
          shownMs,
        })
        .from(played)
        .leftJoin(items, and(eq(items.id, played.contentId), eq(items.ownerId, ownerId)))
        .leftJoin(campaigns, eq(campaigns.id, played.campaignId))
        .leftJoin(advertisers, eq(advertisers.id, campaigns.ownerId))
        .leftJoin(
          creative,
          and(
            eq(creative.id, played.contentId),
            eq(creative.ownerId, campaigns.ownerId),
            isNotNull(campaigns.id),
          ),
        )
        .groupBy(
          played.contentId,
          items.name,
          items.kind,
          creative.kind,
          campaigns.id,
          campaigns.name,
          advertisers.name,
        )
        .orderBy(
          sql`${plays} desc`,
          sql`${shownMs} desc`,
          asc(items.name),
          asc(campaigns.name),
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
          deviceId: storedPlays.deviceId,
          sequence: storedPlays.sequence,
          previous:
            sql<number>`lag(${storedPlays.sequence}) over (partition by ${storedPlays.deviceId} order by ${storedPlays.sequence})`.as(
              'previous',
            ),
        })
        .from(storedPlays)
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
          sql`(${storedPlays.startedAt}, ${storedPlays.id}) > (${page.after.startedAt.toISOString()}::timestamptz, ${page.after.id}::uuid)`,
        );
      }
      return db
        .select({
          id: storedPlays.id,
          deviceId: storedPlays.deviceId,
          deviceName: device.name,
          sequence: storedPlays.sequence,
          startedAt: storedPlays.startedAt,
          shownMs: storedPlays.shownMs,
          endReason: storedPlays.endReason,
          playlistId: storedPlays.playlistId,
          itemId: storedPlays.itemId,
          contentId: storedPlays.contentId,
          contentName: items.name,
        })
        .from(storedPlays)
        .leftJoin(device, eq(device.id, storedPlays.deviceId))
        .leftJoin(items, and(eq(items.id, storedPlays.contentId), eq(items.ownerId, ownerId)))
        .where(and(...conditions))
        .orderBy(asc(storedPlays.startedAt), asc(storedPlays.id))
        .limit(page.limit);
    },
  };
}

export type TImpressionsRepository = ReturnType<typeof createImpressionsRepository>;

function inRange(adSpaceId: string, range: { from: Date; to: Date }) {
  return and(
    eq(storedPlays.adSpaceId, adSpaceId),
    gte(storedPlays.startedAt, range.from),
    lt(storedPlays.startedAt, range.to),
  );
}

/** The rows of a raw query: both drivers (PGlite and node-postgres) answer `{ rows }`. */
