import { AD_CATEGORY_LABELS, type TAdCategory } from '@screenline/shared/ad-category';
import {
  APPROVAL_DECISION_WINDOW_MS,
  type TApprovalDecider,
  type TApprovalMode,
  type TSpaceApprovalState,
} from '@screenline/shared/approval';

/** A space's approval policy as the rules read it (no row: mode platform since ever). */
export interface TPolicy {
  mode: TApprovalMode;
  allowedAdvertiserIds: readonly string[];
  blockedAdvertiserIds: readonly string[];
  blockedCategories: readonly TAdCategory[];
  /** Since when it decides as it does now. */
  effectiveSinceMs: number;
}

/** What the rules need of a campaign. */
export interface TApprovalCampaign {
  /** The buyer: the advertiser the lists name. */
  ownerId: string;
  category: TAdCategory | null;
  /** The super-user's approval (the campaign row's `decided_at` once approved); null: not yet. */
  approvedAtMs: number | null;
}

/** A stored decision of the owner, or an expiry. */
export interface TStoredDecision {
  decision: 'approved' | 'declined' | 'expired';
  reason: string | null;
  decidedAtMs: number;
}

/** A campaign's standing on one space. */
export interface TSpaceApproval {
  state: TSpaceApprovalState;
  decidedByKind: TApprovalDecider;
  reason: string | null;
  /** Pending: when it expires. */
  deadlineMs: number | null;
  /** A stored decision's instant. */
  decidedAtMs: number | null;
  /**
   * Approved: since when (a play that started before is not billed); null when not approved.
   * −Infinity: always (the platform decides and always did).
   */
  approvedSinceMs: number | null;
  /** Read from a stored decision (an expiry not yet stored is false: the sweep stores it). */
  stored: boolean;
}

export const EXPIRED_REASON = 'The screen owner did not decide within 48 hours.';

/** Why the owner's rules block the campaign (null: they do not). */
export function ruleBlocking(policy: TPolicy, campaign: TApprovalCampaign): string | null {
  if (policy.blockedAdvertiserIds.includes(campaign.ownerId))
    return 'The screen owner does not take this advertiser’s ads.';
  if (
    policy.allowedAdvertiserIds.length > 0 &&
    !policy.allowedAdvertiserIds.includes(campaign.ownerId)
  )
    return 'The screen owner takes ads only from the advertisers they list.';
  if (policy.blockedCategories.length > 0) {
    if (campaign.category === null)
      return 'The campaign states no category, and the screen owner blocks some.';
    if (policy.blockedCategories.includes(campaign.category))
      return `The screen owner does not take ads about ${AD_CATEGORY_LABELS[campaign.category].toLowerCase()}.`;
  }
  return null;
}

/**
 * The one rule of owner approval (docs/marketplace.md "Owner approval"): the fill, settlement,
 * the owner's queue and the buyer's overview all ask it. Pure.
 *
 * - platform (or no policy): approved, since the policy took effect (always, without a row);
 * - rules: approved since the rules took effect unless one blocks it (declined, the rule said);
 * - review: the owner's stored decision; without one, pending until the deadline
 *   (APPROVAL_DECISION_WINDOW_MS after the later of the campaign's approval and the policy's
 *   start), then expired. An approval counts from the later of its instant and the policy's.
 */
export function approvalOf(
  policy: TPolicy | null,
  campaign: TApprovalCampaign,
  stored: TStoredDecision | null,
  nowMs: number,
): TSpaceApproval {
  const none = { deadlineMs: null, decidedAtMs: null, stored: false };
  if (!policy || policy.mode === 'platform')
    return {
      ...none,
      state: 'approved',
      decidedByKind: 'platform',
      reason: null,
      approvedSinceMs: policy ? policy.effectiveSinceMs : Number.NEGATIVE_INFINITY,
    };
  if (policy.mode === 'rules') {
    const blocked = ruleBlocking(policy, campaign);
    return blocked === null
      ? {
          ...none,
          state: 'approved',
          decidedByKind: 'rules',
          reason: null,
          approvedSinceMs: policy.effectiveSinceMs,
        }
      : {
          ...none,
          state: 'declined',
          decidedByKind: 'rules',
          reason: blocked,
          approvedSinceMs: null,
        };
  }
  if (stored) {
    const approved = stored.decision === 'approved';
    return {
      state: stored.decision,
      decidedByKind: stored.decision === 'expired' ? 'platform' : 'owner',
      reason: stored.decision === 'expired' ? EXPIRED_REASON : stored.reason,
      deadlineMs: null,
      decidedAtMs: stored.decidedAtMs,
      approvedSinceMs: approved ? Math.max(stored.decidedAtMs, policy.effectiveSinceMs) : null,
      stored: true,
    };
  }
  const deadlineMs = deadlineOf(policy, campaign);
  const expired = deadlineMs !== null && deadlineMs <= nowMs;
  return {
    state: expired ? 'expired' : 'pending',
    decidedByKind: expired ? 'platform' : 'owner',
    reason: expired ? EXPIRED_REASON : null,
    deadlineMs: expired ? null : deadlineMs,
    decidedAtMs: expired ? deadlineMs : null,
    approvedSinceMs: null,
    stored: false,
  };
}

/** When an owner in review mode must have decided (null: the campaign is not approved yet). */
export function deadlineOf(policy: TPolicy, campaign: TApprovalCampaign): number | null {
  if (campaign.approvedAtMs === null) return null;
  return Math.max(campaign.approvedAtMs, policy.effectiveSinceMs) + APPROVAL_DECISION_WINDOW_MS;
}
