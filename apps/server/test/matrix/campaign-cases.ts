import crypto from 'node:crypto';
import { monetizationRequest } from '../../src/db/schema/index';
import { EXTERNAL_ACCOUNT_ID, transfer, walletAccountId } from '../../src/modules/ledger/ledger';
import { insertAdSpace } from '../screen-rows';
import { campaignInputOf, campaignOf } from './fixtures';
import type { TCase, TFixture } from './matrix-types';

/** The campaigns module's routes (issue 9 items 4, 5 and 8) in the authorization matrix. */

/** A screen owner's ad space whose monetization is approved: something a campaign can target. */
async function monetizedSpace(f: TFixture): Promise<void> {
  const adSpaceId = await insertAdSpace(f.t, f.owner.userId);
  await f.t.app.deps.db.insert(monetizationRequest).values({
    adSpaceId,
    ownerId: f.owner.userId,
    floorMicrosPerSecond: 100,
    state: 'approved',
  });
}

/** Puts money in the buyer's wallet as an approved top-up would. */
async function fund(f: TFixture, userId: string, amountMicros: number) {
  await f.t.app.deps.db.transaction(async (tx) => {
    await transfer(tx, {
      kind: 'top-up',
      description: 'Matrix top-up',
      entries: [
        { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -amountMicros },
        { accountId: await walletAccountId(tx, userId), amountMicros },
      ],
    });
  });
}

const withKey = () => ({ 'idempotency-key': crypto.randomUUID() });

export const CAMPAIGN_CASES: Record<string, TCase> = {
  'GET /api/v1/campaigns': {
    audience: 'ad-buyer',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/campaigns?status=active' }),
  },
  'POST /api/v1/campaigns': {
    audience: 'ad-buyer',
    ok: 201,
    hasIds: true,
    // The creatives named are the resource: another buyer's library item is "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/campaigns',
      payload: await campaignInputOf(f, target),
    }),
  },
  'GET /api/v1/campaigns/:id': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/campaigns/:id': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/campaigns/:id': {
    audience: 'ad-buyer',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}`,
    }),
  },
  'POST /api/v1/campaigns/:id/submit': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => {
      await monetizedSpace(f);
      return { method: 'POST', url: `/api/v1/campaigns/${await campaignOf(f, target)}/submit` };
    },
  },
  'POST /api/v1/campaigns/:id/pause': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/campaigns/${await campaignOf(f, target, 'approved')}/pause`,
    }),
  },
  'POST /api/v1/campaigns/:id/resume': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/campaigns/${await campaignOf(f, target, 'paused')}/resume`,
    }),
  },
  'POST /api/v1/campaigns/:id/cancel': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}/cancel`,
      headers: withKey(),
    }),
  },
  'GET /api/v1/campaigns/:id/results': {
    audience: 'ad-buyer',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/campaigns/${await campaignOf(f, target)}/results?from=2026-01-01&to=2026-01-31`,
    }),
  },
  'GET /api/v1/marketplace/ad-spaces': {
    audience: 'ad-buyer',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/marketplace/ad-spaces' }),
  },
  'GET /api/v1/publisher/dashboard': {
    audience: 'ad-buyer',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/publisher/dashboard' }),
  },
  'GET /api/v1/admin/campaigns': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/campaigns?status=pending-review' }),
  },
  'POST /api/v1/admin/campaigns/:id/approve': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => {
      const id = await campaignOf(f, 'own', 'pending');
      await fund(f, f.buyer.userId, 1_000_000);
      return { method: 'POST', url: `/api/v1/admin/campaigns/${id}/approve`, headers: withKey() };
    },
  },
  'POST /api/v1/admin/campaigns/:id/reject': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${await campaignOf(f, 'own', 'pending')}/reject`,
      headers: withKey(),
      payload: { reason: 'The creative is blurry.' },
    }),
  },
};
