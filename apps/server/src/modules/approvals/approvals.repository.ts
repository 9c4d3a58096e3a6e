import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TApprovalPolicyInput } from '@screenline/shared/approval';
import type { TDb } from '../../db/database';
import { adSpaceApprovalPolicy, campaignSpaceApproval } from '../../db/schema/index';
import { adSpaceRows, locationRows } from '../screens/places';
import { advertisers } from '../me/people';

/** The approvals module's queries (issue 22 item 1). */
export const approvalsRepository = {
  /** The owner's ad spaces with their names, cities and policies (null: none saved). */
  async spacesOfOwner(db: TDb, ownerId: string, adSpaceIds?: readonly string[]) {
    return db
      .select({
        id: adSpaceRows.id,
        name: adSpaceRows.name,
        city: locationRows.city,
        policy: adSpaceApprovalPolicy,
      })
      .from(adSpaceRows)
      .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
      .leftJoin(adSpaceApprovalPolicy, eq(adSpaceApprovalPolicy.adSpaceId, adSpaceRows.id))
      .where(
        and(
          eq(adSpaceRows.ownerId, ownerId),
          adSpaceIds ? inArray(adSpaceRows.id, [...adSpaceIds]) : undefined,
        ),
      )
      .orderBy(asc(adSpaceRows.name), asc(adSpaceRows.id));
  },

  /** Names of advertisers (buyers) by id; unknown ids are absent. */
  async advertiserNames(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: advertisers.id, name: advertisers.name })
      .from(advertisers)
      .where(inArray(advertisers.id, [...ids]));
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

  /** Names and cities of spaces, for the approvals' mails and the buyer's view. */
  async spaceNames(db: TDb, adSpaceIds: readonly string[]) {
    const spaces =
      adSpaceIds.length === 0
        ? []
        : await db
            .select({ id: adSpaceRows.id, name: adSpaceRows.name, city: locationRows.city })
            .from(adSpaceRows)
            .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
            .where(inArray(adSpaceRows.id, [...adSpaceIds]));
    return new Map(spaces.map((row) => [row.id, row]));
  },
};
