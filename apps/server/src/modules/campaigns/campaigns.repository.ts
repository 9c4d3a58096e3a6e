import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TOrientation } from '@screenline/shared/ad-space';
import type { TCampaignState, TCampaignStatus } from '@screenline/shared/campaign';
import type { TVenueType } from '@screenline/shared/location';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { campaign, campaignEvent } from '../../db/schema/index';
import { qrScansByDayAndSpaceOf } from '../fill/scan-counts';
import {
  billedByDayAndSpaceOf,
  campaignPlays,
  lastBilledDayOf,
  spentByCampaignOf,
} from '../proof-of-play/campaign-plays';
import { adSpaceRows, locationRows } from '../screens/places';
import { approvedMonetizations } from '../monetization/monetization-directory';
import { campaignAccountBalances, walletBalanceOf } from '../ledger/ledger';
import { people, peopleAs } from '../me/people';
import { escapeLike } from '../screens/name-order';
import { isId, ZId } from '@screenline/shared/id';

export type TCampaignRow = typeof campaign.$inferSelect;
export type TCampaignInsert = Omit<
  typeof campaign.$inferInsert,
  'id' | 'ownerId' | 'state' | 'createdAt' | 'updatedAt'
>;

/** A list position: the last row's creation instant (ISO) and id, newest first. */
export const ZCampaignCursor = z.object({ createdAt: z.iso.datetime(), id: ZId });
export type TCampaignPosition = z.infer<typeof ZCampaignCursor>;

/**
 * The SQL condition of a status (CAMPAIGN_STATUSES): approved campaigns are `scheduled` before
 * their start date and `active` from it, judged on `today` (a UTC date).
 */
function statusCondition(status: TCampaignStatus, today: string) {
  switch (status) {
    case 'pending-review':
      return eq(campaign.state, 'pending');
    case 'scheduled':
      return and(eq(campaign.state, 'approved'), sql`${campaign.startDate} > ${today}::date`);
    case 'active':
      return and(eq(campaign.state, 'approved'), sql`${campaign.startDate} <= ${today}::date`);
    case 'draft':
    case 'rejected':
    case 'paused':
    case 'completed':
    case 'canceled':
      return eq(campaign.state, status);
  }
}

/** An approved-monetized ad space as targeting and the marketplace list read it. */
export interface TMonetizedSpace {
  adSpaceId: string;
  ownerId: string;
  name: string;
  locationName: string;
  city: string;
  country: string;
  timeZone: string;
  venueType: TVenueType;
  orientation: TOrientation;
  resolutionWidth: number;
  resolutionHeight: number;
  floorMicrosPerSecond: number;
  audience: unknown;
}

/** The figures of results and the dashboard, per UTC day and ad space. */
export interface TFigureRow {
  day: string;
  adSpaceId: string | null;
  impressions: number;
  shownMs: number;
  spentMicros: number;
  qrScans: number;
}

/**
 * Campaign queries. Every function takes the handle to run on (the app's database or the
 * transaction of a state change), so that a change and the answer it returns read the same
 * snapshot, and a PGlite transaction never waits on a query outside it.
 */
export const campaignsRepository = {
  async findOwners(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = ids.filter(isId);
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: campaign.id, ownerId: campaign.ownerId })
      .from(campaign)
      .where(inArray(campaign.id, wanted));
    return new Map(rows.map((row) => [row.id, row.ownerId]));
  },

  async insert(db: TDb, ownerId: string, values: TCampaignInsert): Promise<TCampaignRow> {
    const [row] = await db
      .insert(campaign)
      .values({ ...values, ownerId })
      .returning();
    if (!row) throw new Error('The campaign was not stored.');
    return row;
  },

  async findById(db: TDb, id: string): Promise<TCampaignRow | undefined> {
    if (!isId(id)) return undefined;
    const [row] = await db.select().from(campaign).where(eq(campaign.id, id));
    return row;
  },

  /** The row, locked until the transaction ends: the state it has is the one a change starts from. */
  async lockById(db: TDb, id: string): Promise<TCampaignRow | undefined> {
    if (!isId(id)) return undefined;
    const [row] = await db.select().from(campaign).where(eq(campaign.id, id)).for('update');
    return row;
  },

  /**
   * Moves the campaign from one of `from` to `to`, guarded in SQL: a concurrent change that got
   * there first makes this answer undefined.
   */
  async changeState(
    db: TDb,
    id: string,
    from: readonly TCampaignState[],
    to: TCampaignState,
    decision?: { reason: string | null; decidedBy: string },
  ): Promise<TCampaignRow | undefined> {
    const [row] = await db
      .update(campaign)
      .set({
        state: to,
        updatedAt: new Date(),
        ...(decision
          ? { reason: decision.reason, decidedBy: decision.decidedBy, decidedAt: new Date() }
          : {}),
      })
      .where(and(eq(campaign.id, id), inArray(campaign.state, [...from])))
      .returning();
    return row;
  },

  async update(db: TDb, id: string, values: Partial<TCampaignInsert>): Promise<void> {
    await db
      .update(campaign)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(campaign.id, id));
  },

  /** Deletes a draft; false when it is no longer one. */
  async deleteDraft(db: TDb, id: string): Promise<boolean> {
    const deleted = await db
      .delete(campaign)
      .where(and(eq(campaign.id, id), eq(campaign.state, 'draft')))
      .returning({ id: campaign.id });
    return deleted.length > 0;
  },

  async insertEvent(
    db: TDb,
    event: {
      campaignId: string;
      from: TCampaignState | null;
      to: TCampaignState;
      actorId: string | null;
      reason?: string | null;
    },
  ): Promise<void> {
    await db.insert(campaignEvent).values({
      campaignId: event.campaignId,
      fromState: event.from,
      toState: event.to,
      actorId: event.actorId,
      reason: event.reason ?? null,
    });
  },

  /** A page of campaigns, newest first: the owner's (or everyone's with `ownerId` null). */
  async list(
    db: TDb,
    filter: {
      ownerId: string | null;
      status?: TCampaignStatus | undefined;
      search?: string | undefined;
      today: string;
      after?: TCampaignPosition | undefined;
      limit: number;
    },
  ): Promise<TCampaignRow[]> {
    const conditions = [];
    if (filter.ownerId !== null) conditions.push(eq(campaign.ownerId, filter.ownerId));
    if (filter.status) conditions.push(statusCondition(filter.status, filter.today));
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      // Across every buyer (super-users) the advertiser's name or email finds theirs too.
      conditions.push(
        filter.ownerId === null
          ? or(
              ilike(campaign.name, pattern),
              inArray(
                campaign.ownerId,
                db
                  .select({ id: people.id })
                  .from(people)
                  .where(or(ilike(people.name, pattern), ilike(people.email, pattern))),
              ),
            )
          : ilike(campaign.name, pattern),
      );
    }
    if (filter.after) {
      const at = new Date(filter.after.createdAt);
      conditions.push(
        or(
          lt(campaign.createdAt, at),
          and(eq(campaign.createdAt, at), lt(campaign.id, filter.after.id)),
        ),
      );
    }
    return db
      .select()
      .from(campaign)
      .where(and(...conditions))
      .orderBy(desc(campaign.createdAt), desc(campaign.id))
      .limit(filter.limit);
  },

  /** Names and emails of users (owners, deciders, actors). */
  async usersByIds(db: TDb, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<string, { id: string; name: string; email: string }>();
    const rows = await db
      .select({ id: people.id, name: people.name, email: people.email })
      .from(people)
      .where(inArray(people.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** The state histories of the campaigns, oldest first, with who made each change. */
  async eventsOf(db: TDb, campaignIds: readonly string[]) {
    if (campaignIds.length === 0) return [];
    const actor = peopleAs('actor');
    return db
      .select({
        campaignId: campaignEvent.campaignId,
        from: campaignEvent.fromState,
        to: campaignEvent.toState,
        actorId: actor.id,
        actorName: actor.name,
        reason: campaignEvent.reason,
        at: campaignEvent.at,
      })
      .from(campaignEvent)
      .leftJoin(actor, eq(actor.id, campaignEvent.actorId))
      .where(inArray(campaignEvent.campaignId, [...campaignIds]))
      .orderBy(asc(campaignEvent.at), asc(campaignEvent.id));
  },

  /** What each campaign was charged: the sum of its impressions' billed micros. */
  async spentOf(db: TDb, campaignIds: readonly string[]): Promise<Map<string, number>> {
    return spentByCampaignOf(db, campaignIds);
  },

  /**
   * Every ad space whose monetization is approved (one open request per space, so "its latest
   * request is approved"), with its location and floor.
   */
  async monetizedSpaces(db: TDb): Promise<TMonetizedSpace[]> {
    return db
      .select({
        adSpaceId: adSpaceRows.id,
        ownerId: adSpaceRows.ownerId,
        name: adSpaceRows.name,
        locationName: locationRows.name,
        // As approved (issue 17): what campaigns target, until monetization is asked again.
        city: sql<string>`coalesce(${approvedMonetizations.approvedCity}, ${locationRows.city})`,
        country: locationRows.country,
        timeZone: locationRows.timeZone,
        venueType: sql<TVenueType>`coalesce(${approvedMonetizations.approvedVenueType}, ${locationRows.venueType})`,
        orientation: sql<TOrientation>`coalesce(${approvedMonetizations.approvedOrientation}, ${adSpaceRows.orientation})`,
        resolutionWidth: adSpaceRows.resolutionWidth,
        resolutionHeight: adSpaceRows.resolutionHeight,
        floorMicrosPerSecond: approvedMonetizations.floorMicrosPerSecond,
        audience: locationRows.audience,
      })
      .from(approvedMonetizations)
      .innerJoin(adSpaceRows, eq(adSpaceRows.id, approvedMonetizations.adSpaceId))
      .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
      .orderBy(asc(locationRows.city), asc(adSpaceRows.name), asc(adSpaceRows.id));
  },

  /**
   * The live campaigns a space's fill may hold (approved, flight not over on `today` anywhere:
   * a day of slack for zones ahead of UTC): their bids and targeting, for the estimate.
   */
  async liveBids(db: TDb, today: string) {
    return db
      .select({
        bidMicrosPerSecond: campaign.bidMicrosPerSecond,
        targeting: campaign.targeting,
      })
      .from(campaign)
      .where(and(eq(campaign.state, 'approved'), gte(campaign.endDate, sql`${today}::date - 1`)));
  },

  /** The newest local day of the campaign's billed plays (null: none). */
  async lastPlayDay(db: TDb, campaignId: string): Promise<string | null> {
    return lastBilledDayOf(db, campaignId);
  },

  /** Names and cities of ad spaces (results by space). */
  async spaceNames(db: TDb, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, { name: string; city: string }>();
    const rows = await db
      .select({ id: adSpaceRows.id, name: adSpaceRows.name, city: locationRows.city })
      .from(adSpaceRows)
      .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
      .where(inArray(adSpaceRows.id, [...ids]));
    return new Map(rows.map((row) => [row.id, { name: row.name, city: row.city }]));
  },

  /**
   * Impressions, shown time, spend and QR scans of one campaign per UTC day and ad space, for
   * the UTC days from–to (inclusive).
   */
  async figures(db: TDb, campaignId: string, from: string, to: string): Promise<TFigureRow[]> {
    const fromAt = new Date(`${from}T00:00:00Z`);
    const toAt = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
    // Billed plays on their local day at the screen (proof of play's), QR scans on their UTC day.
    const plays = await billedByDayAndSpaceOf(db, campaignId, from, to);
    const scans = await qrScansByDayAndSpaceOf(db, campaignId, fromAt, toAt);
    const rows = new Map<string, TFigureRow>();
    const rowOf = (day: string, adSpaceId: string | null) => {
      const key = `${day}|${adSpaceId ?? ''}`;
      let row = rows.get(key);
      if (!row) {
        row = { day, adSpaceId, impressions: 0, shownMs: 0, spentMicros: 0, qrScans: 0 };
        rows.set(key, row);
      }
      return row;
    };
    for (const play of plays) {
      const row = rowOf(play.day, play.adSpaceId);
      row.impressions = play.impressions;
      row.shownMs = play.shownMs;
      row.spentMicros = play.spentMicros;
    }
    for (const scan of scans) rowOf(scan.day, scan.adSpaceId).qrScans = scan.scans;
    return [...rows.values()].sort((a, b) =>
      a.day === b.day
        ? (a.adSpaceId ?? '').localeCompare(b.adSpaceId ?? '')
        : a.day < b.day
          ? -1
          : 1,
    );
  },

  /** The publisher dashboard's figures of one buyer, `dayStart` being today's 00:00 UTC. */
  async dashboard(db: TDb, ownerId: string, today: string, dayStart: Date) {
    const i = campaignPlays;
    const [counts] = rowsOf<{ active: string; awaiting: string }>(
      await db.execute(sql`select
        count(*) filter (where ${campaign.state} = 'approved' and ${campaign.startDate} <= ${today}::date)::text as active,
        count(*) filter (where ${campaign.state} = 'pending')::text as awaiting
        from ${campaign} where ${campaign.ownerId} = ${ownerId}`),
    );
    const [plays] = rowsOf<{
      spent_today: string;
      spent: string;
      impressions_today: string;
      impressions: string;
    }>(
      await db.execute(sql`select
        coalesce(sum(${i.billedMicros}) filter (where ${i.startedAt} >= ${dayStart.toISOString()}::timestamptz), 0)::text as spent_today,
        coalesce(sum(${i.billedMicros}), 0)::text as spent,
        (count(*) filter (where ${i.startedAt} >= ${dayStart.toISOString()}::timestamptz))::text as impressions_today,
        count(*)::text as impressions
        from ${i} join ${campaign} on ${campaign.id} = ${i.campaignId}
        where ${campaign.ownerId} = ${ownerId}`),
    );
    return {
      activeCampaigns: Number(counts?.active ?? 0),
      awaitingReview: Number(counts?.awaiting ?? 0),
      spendTodayMicros: Number(plays?.spent_today ?? 0),
      spendToDateMicros: Number(plays?.spent ?? 0),
      impressionsToday: Number(plays?.impressions_today ?? 0),
      impressionsToDate: Number(plays?.impressions ?? 0),
    };
  },

  /** The user's wallet balance (0 before it has an account). */
  async walletBalance(db: TDb, userId: string): Promise<number> {
    return walletBalanceOf(db, userId);
  },

  /**
   * Approved or paused campaigns due to complete at `now`: past `endDate + 1 day 12:00 UTC`
   * (the end of the end date in the latest zone, UTC−12), or with an exhausted hold.
   */
  async dueForCompletion(db: TDb, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: campaign.id })
      .from(campaign)
      .leftJoin(campaignAccountBalances, eq(campaignAccountBalances.campaignId, campaign.id))
      .where(
        and(
          inArray(campaign.state, ['approved', 'paused']),
          or(
            sql`((${campaign.endDate} + 1) + time '12:00') at time zone 'UTC' <= ${now.toISOString()}::timestamptz`,
            eq(campaignAccountBalances.balanceMicros, 0),
          ),
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** The buyer's non-ended campaigns that use the library item. */
  async usersOfContent(db: TDb, ownerId: string, contentId: string) {
    if (!isId(contentId)) return [];
    return db
      .select({ id: campaign.id, name: campaign.name })
      .from(campaign)
      .where(
        and(
          eq(campaign.ownerId, ownerId),
          sql`${campaign.creativeIds} @> array[${contentId}]::uuid[]`,
          inArray(campaign.state, ['draft', 'pending', 'approved', 'paused', 'rejected']),
        ),
      )
      .orderBy(asc(campaign.name));
  },
};
