import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TAdCategory } from '@screenline/shared/ad-category';
import type { TApprovalPolicyInput } from '@screenline/shared/approval';
import type { TDb } from '../../db/database';
import {
  adSpace,
  adSpaceApprovalPolicy,
  campaign,
  campaignSpaceApproval,
  location,
  profile,
  user,
} from '../../db/schema/index';

/** A buyer as an owner reads them: the company, else the name (as the plays report names them). */
const advertiserNameOf = sql<string>`coalesce(nullif(${profile.company}, ''), ${user.name})`;

/** A live campaign as the approvals module reads it. */
export interface TLiveCampaignRow {
  id: string;
  ownerId: string;
  name: string;
  creativeIds: string[];
  targeting: unknown;
  startDate: string;
  endDate: string;
  bidMicrosPerSecond: number;
  destinationUrl: string | null;
  category: TAdCategory | null;
  decidedAt: Date | null;
}

/** The approvals module's queries (issue 22 item 1). */
export const approvalsRepository = {
  /** The owner's ad spaces with their names, cities and policies (null: none saved). */
  async spacesOfOwner(db: TDb, ownerId: string, adSpaceIds?: readonly string[]) {
    return db
      .select({
        id: adSpace.id,
        name: adSpace.name,
        city: location.city,
        policy: adSpaceApprovalPolicy,
      })
      .from(adSpace)
      .innerJoin(location, eq(location.id, adSpace.locationId))
      .leftJoin(adSpaceApprovalPolicy, eq(adSpaceApprovalPolicy.adSpaceId, adSpace.id))
      .where(
        and(
          eq(adSpace.ownerId, ownerId),
          adSpaceIds ? inArray(adSpace.id, [...adSpaceIds]) : undefined,
        ),
      )
      .orderBy(asc(adSpace.name), asc(adSpace.id));
  },

  /** Names of advertisers (buyers) by id; unknown ids are absent. */
  async advertiserNames(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: user.id, name: advertiserNameOf })
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(inArray(user.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  /** Stores the policy; `effectiveSince` only moves when the policy decides differently. */
  async savePolicy(
    db: TDb,
    adSpaceId: string,
    input: TApprovalPolicyInput,
    effectiveSince: Date,
    actorId: string,
  ): Promise<void> {
    const values = {
      mode: input.mode,
      allowedAdvertiserIds: input.allowedAdvertiserIds,
      blockedAdvertiserIds: input.blockedAdvertiserIds,
      blockedCategories: input.blockedCategories,
      effectiveSince,
      updatedBy: actorId,
      updatedAt: new Date(),
    };
    await db
      .insert(adSpaceApprovalPolicy)
      .values({ adSpaceId, ...values })
      .onConflictDoUpdate({ target: adSpaceApprovalPolicy.adSpaceId, set: values });
  },

  /**
   * Campaigns that may be live on a space with one of these keys (approved or paused), through
   * the live-campaign index (migration 0013), as the fill reads them.
   */
  async liveCampaigns(db: TDb, targetKeys: readonly string[]): Promise<TLiveCampaignRow[]> {
    if (targetKeys.length === 0) return [];
    return db
      .select({
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
      })
      .from(campaign)
      .where(
        sql`${campaign.state} in ('approved', 'paused') and campaign_target_keys(${campaign.targeting}) && array[${sql.join(
          targetKeys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`,
      )
      .orderBy(asc(campaign.decidedAt), asc(campaign.id));
  },

  async campaignById(db: TDb, id: string): Promise<TLiveCampaignRow | undefined> {
    const [row] = await db
      .select({
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
      })
      .from(campaign)
      .where(eq(campaign.id, id));
    return row;
  },

  /** Records the owner's decision (or an expiry), replacing an earlier one. */
  async saveDecision(
    db: TDb,
    values: {
      campaignId: string;
      adSpaceId: string;
      decision: 'approved' | 'declined';
      reason: string | null;
      decidedBy: string;
    },
  ): Promise<void> {
    const decidedAt = new Date();
    await db
      .insert(campaignSpaceApproval)
      .values({ ...values, decidedAt })
      .onConflictDoUpdate({
        target: [campaignSpaceApproval.campaignId, campaignSpaceApproval.adSpaceId],
        set: {
          decision: values.decision,
          reason: values.reason,
          decidedBy: values.decidedBy,
          decidedAt,
        },
      });
  },

  /** Records expiries; answers the pairs stored now (one that another sweep stored is left out). */
  async insertExpiries(
    db: TDb,
    pairs: ReadonlyArray<{ campaignId: string; adSpaceId: string; decidedAt: Date }>,
  ): Promise<Array<{ campaignId: string; adSpaceId: string }>> {
    if (pairs.length === 0) return [];
    return db
      .insert(campaignSpaceApproval)
      .values(pairs.map((pair) => ({ ...pair, decision: 'expired' as const })))
      .onConflictDoNothing()
      .returning({
        campaignId: campaignSpaceApproval.campaignId,
        adSpaceId: campaignSpaceApproval.adSpaceId,
      });
  },

  /** Spaces in review mode (the expiry sweep's starting point). */
  async reviewedSpaceIds(db: TDb): Promise<string[]> {
    const rows = await db
      .select({ id: adSpaceApprovalPolicy.adSpaceId })
      .from(adSpaceApprovalPolicy)
      .where(eq(adSpaceApprovalPolicy.mode, 'review'));
    return rows.map((row) => row.id);
  },

  /** Names and buyers' e-mails of campaigns, and names of spaces, for the expiry mails. */
  async mailFacts(db: TDb, campaignIds: readonly string[], adSpaceIds: readonly string[]) {
    const [campaigns, spaces] = await Promise.all([
      campaignIds.length === 0
        ? []
        : db
            .select({ id: campaign.id, name: campaign.name, email: user.email })
            .from(campaign)
            .innerJoin(user, eq(user.id, campaign.ownerId))
            .where(inArray(campaign.id, [...campaignIds])),
      adSpaceIds.length === 0
        ? []
        : db
            .select({ id: adSpace.id, name: adSpace.name, city: location.city })
            .from(adSpace)
            .innerJoin(location, eq(location.id, adSpace.locationId))
            .where(inArray(adSpace.id, [...adSpaceIds])),
    ]);
    return {
      campaigns: new Map(campaigns.map((row) => [row.id, row])),
      spaces: new Map(spaces.map((row) => [row.id, row])),
    };
  },
};
