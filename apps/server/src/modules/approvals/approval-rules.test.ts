import { describe, expect, it } from 'vitest';
import { APPROVAL_DECISION_WINDOW_MS } from '@screenline/shared/approval';
import { approvalOf, type TApprovalCampaign, type TPolicy } from './approval-rules';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;

const policy = (overrides: Partial<TPolicy> = {}): TPolicy => ({
  mode: 'rules',
  allowedAdvertiserIds: [],
  blockedAdvertiserIds: [],
  blockedCategories: [],
  effectiveSinceMs: NOW - 10 * HOUR,
  ...overrides,
});
const campaign = (overrides: Partial<TApprovalCampaign> = {}): TApprovalCampaign => ({
  ownerId: 'buyer',
  category: 'food-drink',
  approvedAtMs: NOW - 5 * HOUR,
  ...overrides,
});

describe('owner approval rules', () => {
  it('platform: approved, always without a policy, since the policy took effect with one', () => {
    expect(approvalOf(null, campaign(), null, NOW)).toMatchObject({
      state: 'approved',
      decidedByKind: 'platform',
      approvedSinceMs: Number.NEGATIVE_INFINITY,
    });
    expect(approvalOf(policy({ mode: 'platform' }), campaign(), null, NOW).approvedSinceMs).toBe(
      NOW - 10 * HOUR,
    );
  });

  it('rules: block list first, then the allow list, then categories', () => {
    const blocked = policy({ blockedAdvertiserIds: ['buyer'], allowedAdvertiserIds: ['buyer'] });
    expect(approvalOf(blocked, campaign(), null, NOW)).toMatchObject({
      state: 'declined',
      decidedByKind: 'rules',
      reason: 'The screen owner does not take this advertiser’s ads.',
      approvedSinceMs: null,
    });
    const allowOthers = policy({ allowedAdvertiserIds: ['someone-else'] });
    expect(approvalOf(allowOthers, campaign(), null, NOW).reason).toMatch(/only from/);
    const allowThem = policy({ allowedAdvertiserIds: ['buyer'] });
    expect(approvalOf(allowThem, campaign(), null, NOW).state).toBe('approved');
    const noDrinks = policy({ blockedCategories: ['alcohol'] });
    expect(approvalOf(noDrinks, campaign({ category: 'alcohol' }), null, NOW).reason).toBe(
      'The screen owner does not take ads about alcohol.',
    );
    expect(approvalOf(noDrinks, campaign(), null, NOW)).toMatchObject({
      state: 'approved',
      approvedSinceMs: NOW - 10 * HOUR,
    });
    // A campaign stating no category cannot pass a category rule.
    expect(approvalOf(noDrinks, campaign({ category: null }), null, NOW).state).toBe('declined');
    expect(approvalOf(policy(), campaign({ category: null }), null, NOW).state).toBe('approved');
  });

  it('review: pending until 48 hours after the later of the approval and the policy, then expired', () => {
    const review = policy({ mode: 'review' });
    const pending = approvalOf(review, campaign(), null, NOW);
    expect(pending).toMatchObject({ state: 'pending', approvedSinceMs: null, stored: false });
    // From the later of the two: here the campaign's approval; below, the switch to review.
    expect(pending.deadlineMs).toBe(NOW - 5 * HOUR + APPROVAL_DECISION_WINDOW_MS);
    const later = policy({ mode: 'review', effectiveSinceMs: NOW - HOUR });
    expect(approvalOf(later, campaign(), null, NOW).deadlineMs).toBe(
      NOW - HOUR + APPROVAL_DECISION_WINDOW_MS,
    );
    const expired = approvalOf(review, campaign(), null, NOW + APPROVAL_DECISION_WINDOW_MS);
    expect(expired).toMatchObject({ state: 'expired', decidedByKind: 'platform', stored: false });
    expect(expired.decidedAtMs).toBe(NOW - 5 * HOUR + APPROVAL_DECISION_WINDOW_MS);
    // Not yet approved by a super-user: no clock runs.
    expect(approvalOf(review, campaign({ approvedAtMs: null }), null, NOW).deadlineMs).toBeNull();
  });

  it('review: the owner’s decision, approved from its instant (or the policy’s, if later)', () => {
    const review = policy({ mode: 'review' });
    const approved = approvalOf(
      review,
      campaign(),
      { decision: 'approved', reason: null, decidedAtMs: NOW - HOUR },
      NOW,
    );
    expect(approved).toMatchObject({ state: 'approved', decidedByKind: 'owner', stored: true });
    expect(approved.approvedSinceMs).toBe(NOW - HOUR);
    const reviewSinceNow = policy({ mode: 'review', effectiveSinceMs: NOW });
    expect(
      approvalOf(
        reviewSinceNow,
        campaign(),
        { decision: 'approved', reason: null, decidedAtMs: NOW - HOUR },
        NOW,
      ).approvedSinceMs,
    ).toBe(NOW);
    expect(
      approvalOf(
        review,
        campaign(),
        { decision: 'declined', reason: 'Not here.', decidedAtMs: NOW - HOUR },
        NOW,
      ),
    ).toMatchObject({ state: 'declined', reason: 'Not here.', approvedSinceMs: null });
    // Rules ignore stored decisions: they are the review mode's.
    expect(
      approvalOf(
        policy(),
        campaign(),
        { decision: 'declined', reason: 'Not here.', decidedAtMs: NOW - HOUR },
        NOW,
      ).state,
    ).toBe('approved');
  });
});
