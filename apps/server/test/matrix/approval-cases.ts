import { adSpaceApprovalPolicy, monetizationRequest } from '../../src/db/schema/index';
import { insertFundedCampaign } from '../fill-rows';
import { insertAdSpace } from '../screen-rows';
import { adSpaceOf, campaignOf, contentItemOf, userOf } from './fixtures';
import type { TCase, TFixture, TTarget } from './matrix-types';

/** Owner approval's routes (issue 22 item 1) in the authorization matrix. */

/** A monetized space of `target`'s in review mode, and a live campaign of the buyer's on it. */
async function reviewedPair(f: TFixture, target: TTarget) {
  const ownerId = userOf(f, target).userId;
  const adSpaceId = await insertAdSpace(f.t, ownerId);
  const db = f.t.app.deps.db;
  await db
    .insert(monetizationRequest)
    .values({ adSpaceId, ownerId, floorMicrosPerSecond: 100, state: 'approved' });
  await db.insert(adSpaceApprovalPolicy).values({ adSpaceId, mode: 'review' });
  const campaignId = await insertFundedCampaign(f.t, {
    ownerId: f.buyer.userId,
    creativeIds: [await contentItemOf(f.t, f.buyer)],
    targeting: { adSpaceIds: [adSpaceId] },
  });
  return { adSpaceId, campaignId };
}

export const APPROVAL_CASES: Record<string, TCase> = {
  'GET /api/v1/approval-policies': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/approval-policies' }),
  },
  'PUT /api/v1/ad-spaces/:id/approval-policy': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PUT',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/approval-policy`,
      payload: {
        mode: 'rules',
        allowedAdvertiserIds: [],
        blockedAdvertiserIds: [f.otherBuyer.userId],
        blockedCategories: ['gambling'],
      },
    }),
  },
  'GET /api/v1/campaign-approvals': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/campaign-approvals?state=pending' }),
  },
  'POST /api/v1/ad-spaces/:adSpaceId/campaign-approvals/:campaignId': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => {
      const { adSpaceId, campaignId } = await reviewedPair(f, target);
      return {
        method: 'POST',
        url: `/api/v1/ad-spaces/${adSpaceId}/campaign-approvals/${campaignId}`,
        payload: { decision: 'decline', reason: 'Not for this café.' },
      };
    },
  },
  'GET /api/v1/campaigns/:id/space-approvals': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}/space-approvals`,
    }),
  },
};
