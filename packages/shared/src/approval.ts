import { z } from 'zod';
import { AD_CATEGORIES, ZAdCategory } from './ad-category';
import { ZCampaignCreative } from './campaign';
import { ZMicros } from './money';
import { text } from './text';

/**
 * Owner approval and brand safety (issue 22 item 1, docs/marketplace.md "Owner approval"): per ad
 * space, the screen owner decides which campaigns play on it.
 */

/**
 * How a space's campaigns are approved: `review` (the owner approves each one), `rules`
 * (approved unless a rule blocks it) or `platform` (the super-user's approval is enough; the
 * default, and what every space did before issue 22).
 */
export const APPROVAL_MODES = ['review', 'rules', 'platform'] as const;
export const ZApprovalMode = z.enum(APPROVAL_MODES);
export type TApprovalMode = z.infer<typeof ZApprovalMode>;

export const APPROVAL_MODE_LABELS: Record<TApprovalMode, string> = {
  review: 'I review every campaign',
  rules: 'Approve automatically unless my rules block it',
  platform: 'Let the platform decide',
};

/** Where a campaign stands on one space. */
export const SPACE_APPROVAL_STATES = ['pending', 'approved', 'declined', 'expired'] as const;
export const ZSpaceApprovalState = z.enum(SPACE_APPROVAL_STATES);
export type TSpaceApprovalState = z.infer<typeof ZSpaceApprovalState>;

export const SPACE_APPROVAL_STATE_LABELS: Record<TSpaceApprovalState, string> = {
  pending: 'Waiting for the owner',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Not decided in time',
};

/** Who decided: the platform (mode platform), the owner's rules, or the owner. */
export const ZApprovalDecider = z.enum(['platform', 'rules', 'owner']);
export type TApprovalDecider = z.infer<typeof ZApprovalDecider>;

/**
 * How long an owner in `review` mode has to decide: from the super-user's approval of the
 * campaign (or from when the space went to review mode, whichever is later). Past it the
 * campaign's state on the space is `expired`: it runs elsewhere and the buyer is told.
 */
export const APPROVAL_DECISION_WINDOW_MS = 48 * 60 * 60 * 1000;

/** Most advertisers on an allow or block list. */
export const APPROVAL_LIST_MAX = 200;

const advertiserIds = z
  .array(text().trim().min(1).max(100))
  .max(APPROVAL_LIST_MAX, `At most ${APPROVAL_LIST_MAX} advertisers.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each advertiser once.');

/** PUT /api/v1/ad-spaces/{id}/approval-policy. */
export const ZApprovalPolicyInput = z.strictObject({
  mode: ZApprovalMode,
  /** Non-empty: in `rules` mode only these advertisers' (buyers') campaigns are approved. */
  allowedAdvertiserIds: advertiserIds,
  blockedAdvertiserIds: advertiserIds,
  blockedCategories: z
    .array(ZAdCategory)
    .max(AD_CATEGORIES.length)
    .refine((list) => new Set(list).size === list.length, 'Each category once.'),
});
export type TApprovalPolicyInput = z.infer<typeof ZApprovalPolicyInput>;

const ZAdvertiser = z.object({ id: text(), name: text() });

export const ZApprovalPolicy = z.object({
  adSpaceId: text(),
  adSpaceName: text(),
  mode: ZApprovalMode,
  allowedAdvertisers: z.array(ZAdvertiser),
  blockedAdvertisers: z.array(ZAdvertiser),
  blockedCategories: z.array(ZAdCategory),
  /** Null: never saved (mode platform). */
  updatedAt: text().nullable(),
});
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;
export const ZApprovalPolicyList = z.object({ items: z.array(ZApprovalPolicy) });
export type TApprovalPolicyList = z.infer<typeof ZApprovalPolicyList>;

/** A campaign's standing on one space, as the owner and the buyer read it. */
const spaceApprovalFields = {
  adSpaceId: text(),
  adSpaceName: text(),
  state: ZSpaceApprovalState,
  decidedByKind: ZApprovalDecider,
  /** Why it was declined (the owner's words or the rule), or why it expired. */
  reason: text().nullable(),
  /** Pending: when it expires. */
  deadlineAt: text().nullable(),
  /** When the owner decided or it expired (null: the platform's or the rules' standing decision). */
  decidedAt: text().nullable(),
};

/** GET /api/v1/campaigns/{id}/space-approvals (the buyer). */
export const ZCampaignSpaceApprovals = z.object({
  items: z.array(z.strictObject({ ...spaceApprovalFields, city: text() })),
});
export type TCampaignSpaceApprovals = z.infer<typeof ZCampaignSpaceApprovals>;

/** GET /api/v1/campaign-approvals?state= (the owner's queue). */
export const ZCampaignApprovalQuery = z.object({
  state: ZSpaceApprovalState.optional(),
});
export const ZCampaignApproval = z.object({
  ...spaceApprovalFields,
  campaign: z.object({
    id: text(),
    name: text(),
    advertiser: ZAdvertiser,
    category: ZAdCategory.nullable(),
    creatives: z.array(ZCampaignCreative),
    startDate: text(),
    endDate: text(),
    bidMicrosPerSecond: ZMicros,
    destinationUrl: text().nullable(),
  }),
});
export type TCampaignApproval = z.infer<typeof ZCampaignApproval>;
export const ZCampaignApprovalList = z.object({ items: z.array(ZCampaignApproval) });
export type TCampaignApprovalList = z.infer<typeof ZCampaignApprovalList>;

export const ZCampaignApprovalParams = z.object({
  adSpaceId: z.uuid('Not a valid ad space id.'),
  campaignId: z.uuid('Not a valid campaign id.'),
});

/** POST /api/v1/ad-spaces/{adSpaceId}/campaign-approvals/{campaignId}: a reason to decline. */
export const ZDeclineReason = text()
  .trim()
  .min(3, 'Give a reason the advertiser can act on.')
  .max(1000, 'Keep it under 1,000 characters.');
export const ZCampaignApprovalDecision = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve') }),
  z.strictObject({ decision: z.literal('decline'), reason: ZDeclineReason }),
]);
export type TCampaignApprovalDecision = z.infer<typeof ZCampaignApprovalDecision>;
