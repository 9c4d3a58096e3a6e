import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TPlayedAd } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { campaign } from '../../db/schema/index';
import { advertisers, people } from '../me/people';
import { servedFillRows } from '../proof-of-play/served-fills';
import { adSpaceRows } from '../screens/places';

/*
 * The campaigns module's reads for the modules it builds on: approvals (the owner's queue and the
 * expiry sweep), fill (the rotation, ad playlists, QR codes) and screens (what plays now). Those
 * cannot import this module (campaigns imports them: a module cycle), so each declares the read
 * it needs and app.ts hands this in as `app.deps.campaignReads`. Each query is the one the reader
 * ran before, unchanged. They read; they check no access: the caller already did.
 */

/**
 * Every campaign (all its columns) under the alias `campaigns`, to join in another module's
 * statement (the QR redirect): read-only, and the plan is the table's (PostgreSQL flattens a
 * plain subquery).
 */
export const campaignRows = new QueryBuilder()
  .select(getTableColumns(campaign))
  .from(campaign)
  .as('campaigns');

/**
 * `campaign_target_keys(targeting) && array[keys]`: the live-campaign index's condition (migration
 * 0013, lib/target-keys.ts).
 */
const targetsOneOf = (targetKeys: readonly string[]) =>
  sql`campaign_target_keys(${campaign.targeting}) && array[${sql.join(
    targetKeys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;

/** A live campaign as the approvals module reads it. */
const approvalColumns = {
  id: campaign.id,
  ownerId: campaign.ownerId,
  name: campaign.name,
  creativeIds: campaign.creativeIds,
  targeting: campaign.targeting,
  startDate: campaign.startDate,
  endDate: campaign.endDate,
  bidMicrosPerSecond: campaign.bidMicrosPerSecond,
  destinationUrl: campaign.destinationUrl,
  category: campaign.category,
  decidedAt: campaign.decidedAt,
};

export function createCampaignReads(db: TDb) {
  return {
    campaignRows,

    /**
     * Campaigns that may be in a rotation (approved, or paused: shown, not played) and may target
     * a space with one of these keys (target-keys.ts): read through the live-campaign index
     * (migration 0013), so a space's build does not read the platform's other campaigns. Some
     * returned may still not match: the caller applies matchesTargeting. Null: all of them (the
     * super-users' list of every space's rotation wants nearly all anyway).
     */
    async liveCampaignsToFill(targetKeys: readonly string[] | null) {
      if (targetKeys?.length === 0) return [];
      const byTarget = targetKeys ? sql` and ${targetsOneOf(targetKeys)}` : sql``;
      return db
        .select({
          id: campaign.id,
          ownerId: campaign.ownerId,
          name: campaign.name,
          creativeIds: campaign.creativeIds,
          targeting: campaign.targeting,
          startDate: campaign.startDate,
          endDate: campaign.endDate,
          dayparts: campaign.dayparts,
          bidMicrosPerSecond: campaign.bidMicrosPerSecond,
          budgetMicros: campaign.budgetMicros,
          dailyCapMicros: campaign.dailyCapMicros,
          destinationUrl: campaign.destinationUrl,
          state: campaign.state,
          // Owner approval (issue 22): the buyer, the category and the super-user's approval.
          category: campaign.category,
          decidedAt: campaign.decidedAt,
        })
        .from(campaign)
        .where(
          // Written out, not as parameters: the planner uses the partial index only when it can
          // see the query's states are the index's.
          sql`${campaign.state} in ('approved', 'paused')${byTarget}`,
        )
        .orderBy(campaign.createdAt, campaign.id);
    },

    /**
     * Campaigns that may be live on a space with one of these keys (approved or paused), through
     * the live-campaign index (migration 0013), as the fill reads them; oldest decision first.
     */
    async liveCampaignsToApprove(targetKeys: readonly string[]) {
      if (targetKeys.length === 0) return [];
      return db
        .select(approvalColumns)
        .from(campaign)
        .where(sql`${campaign.state} in ('approved', 'paused') and ${targetsOneOf(targetKeys)}`)
        .orderBy(asc(campaign.decidedAt), asc(campaign.id));
    },

    /** The campaign with the columns of {@link liveCampaignsToApprove}, whatever its state. */
    async campaignToApprove(id: string) {
      const [row] = await db.select(approvalColumns).from(campaign).where(eq(campaign.id, id));
      return row;
    },

    /** Each campaign's name and its buyer's e-mail (campaigns without a buyer are absent). */
    async buyersOfCampaigns(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: campaign.id, name: campaign.name, email: people.email })
        .from(campaign)
        .innerJoin(people, eq(people.id, campaign.ownerId))
        .where(inArray(campaign.id, [...ids]));
    },

    /** Which of these ids name campaigns. */
    async existingCampaignIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: campaign.id })
        .from(campaign)
        .where(inArray(campaign.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * The buyer's ad each TV says is on screen (issue 21 item 2), one query for them all: the
     * campaign whose creatives hold the content and that the manifest version the TV plays
     * offered to that space (the server stored what it offered). A TV that reports another
     * content or campaign gets no name shown. Only the owner's spaces are looked at.
     */
    async adsOnScreen(
      ownerId: string,
      screens: readonly { adSpaceId: string; manifestVersion: string; contentId: string }[],
    ): Promise<Map<string, TPlayedAd>> {
      if (screens.length === 0) return new Map();
      const result = await db.execute(sql`
        select distinct on (q."adSpaceId") q."adSpaceId" as ad_space_id,
          campaigns.id as campaign_id, campaigns.name as campaign_name,
          advertisers.advertiser_name
        from jsonb_to_recordset(${JSON.stringify(screens)}::jsonb)
          as q("adSpaceId" uuid, "manifestVersion" text, "contentId" uuid)
        join ${adSpaceRows} on ad_spaces.id = q."adSpaceId" and ad_spaces.owner_id = ${ownerId}
        join ${servedFillRows} on served_fills.ad_space_id = q."adSpaceId"
          and served_fills.version = q."manifestVersion"
        join ${campaignRows} on (served_fills.fill -> 'campaigns') ? campaigns.id::text
          and campaigns.creative_ids @> array[q."contentId"]
        join ${advertisers} on advertisers.id = campaigns.owner_id
        order by q."adSpaceId", campaigns.created_at desc, campaigns.id`);
      return new Map(
        rowsOf<{
          ad_space_id: string;
          campaign_id: string;
          campaign_name: string;
          advertiser_name: string;
        }>(result).map((row) => [
          row.ad_space_id,
          {
            campaignId: row.campaign_id,
            campaignName: row.campaign_name,
            advertiserName: row.advertiser_name,
          },
        ]),
      );
    },
  };
}

export type TCampaignReads = ReturnType<typeof createCampaignReads>;
