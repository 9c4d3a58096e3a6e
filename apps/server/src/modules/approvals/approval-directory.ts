import { and, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpaceApprovalPolicy, campaignSpaceApproval } from '../../db/schema/index';
import {
  approvalOf,
  type TApprovalCampaign,
  type TPolicy,
  type TSpaceApproval,
  type TStoredDecision,
} from './approval-rules';

/** The key of a (campaign, space) pair in the maps below. */
export const pairKey = (campaignId: string, adSpaceId: string) => `${campaignId}/${adSpaceId}`;

/** Each space's policy (spaces without one are absent: the platform decides). */
export async function policiesOf(
  db: TDb,
  adSpaceIds: readonly string[],
): Promise<Map<string, TPolicy>> {
  if (adSpaceIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(adSpaceApprovalPolicy)
    .where(inArray(adSpaceApprovalPolicy.adSpaceId, [...adSpaceIds]));
  return new Map(
    rows.map((row) => [
      row.adSpaceId,
      {
        mode: row.mode,
        allowedAdvertiserIds: row.allowedAdvertiserIds,
        blockedAdvertiserIds: row.blockedAdvertiserIds,
        blockedCategories: row.blockedCategories,
        effectiveSinceMs: row.effectiveSince.getTime(),
      },
    ]),
  );
}

/** The stored decisions of these campaigns on these spaces, by pairKey. */
export async function decisionsOf(
  db: TDb,
  campaignIds: readonly string[],
  adSpaceIds: readonly string[],
): Promise<Map<string, TStoredDecision>> {
  if (campaignIds.length === 0 || adSpaceIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(campaignSpaceApproval)
    .where(
      and(
        inArray(campaignSpaceApproval.campaignId, [...campaignIds]),
        inArray(campaignSpaceApproval.adSpaceId, [...adSpaceIds]),
      ),
    );
  return new Map(
    rows.map((row) => [
      pairKey(row.campaignId, row.adSpaceId),
      { decision: row.decision, reason: row.reason, decidedAtMs: row.decidedAt.getTime() },
    ]),
  );
}

/** A campaign on a space whose standing is asked. */
export interface TApprovalPair {
  campaign: TApprovalCampaign & { id: string };
  adSpaceId: string;
}

/**
 * The approvals module's facade for the fill, settlement and campaigns: each pair's standing, by
 * pairKey. Two queries whatever the number of pairs; spaces without a review policy (the common
 * case) read no decisions.
 */
export async function spaceApprovalsOf(
  db: TDb,
  pairs: readonly TApprovalPair[],
  nowMs: number,
): Promise<Map<string, TSpaceApproval>> {
  const policies = await policiesOf(db, [...new Set(pairs.map((pair) => pair.adSpaceId))]);
  const reviewed = [...policies].flatMap(([id, policy]) => (policy.mode === 'review' ? [id] : []));
  const decisions = await decisionsOf(
    db,
    [
      ...new Set(
        pairs.flatMap((pair) => (reviewed.includes(pair.adSpaceId) ? [pair.campaign.id] : [])),
      ),
    ],
    reviewed,
  );
  const answer = new Map<string, TSpaceApproval>();
  for (const { campaign, adSpaceId } of pairs) {
    const key = pairKey(campaign.id, adSpaceId);
    answer.set(
      key,
      approvalOf(policies.get(adSpaceId) ?? null, campaign, decisions.get(key) ?? null, nowMs),
    );
  }
  return answer;
}
