import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ZReceiptList } from '@screenline/shared/receipt';
import { PLATFORM_SETTINGS_DEFAULTS } from '@screenline/shared/platform-settings';
import {
  EUR,
  fund,
  IBAN,
  newKey,
  requestMonetization,
  requestPayout,
  requestTopUp,
} from '../money-helpers';
import { twoFactorHeaders } from '../harness';
import { insertAdSpace } from '../screen-rows';
import { adSpaceOf, userOf } from './fixtures';
import type { TCase, TFixture } from './matrix-types';

/**
 * The wallet, top-ups, payouts, platform settings, the ledger audit and monetization (issue 9)
 * in the authorization matrix.
 */

/** A pending payout of the owner's: funded by an approved top-up first. */
async function pendingPayout(f: TFixture): Promise<string> {
  await fund(f.t, f.owner.cookie, f.admin.cookie, 20 * EUR);
  return requestPayout(f.t, f.owner.cookie, 10 * EUR);
}

async function approvedPayout(f: TFixture): Promise<string> {
  const id = await pendingPayout(f);
  const res = await f.t.request({
    method: 'POST',
    url: `/api/v1/admin/payouts/${id}/approve`,
    cookie: f.admin.cookie,
    headers: newKey(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** A pending monetization request of `target`'s, for a fresh ad space. */
async function monetizationOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const user = userOf(f, target);
  return requestMonetization(f.t, user.cookie, await insertAdSpace(f.t, user.userId));
}

async function approvedMonetization(f: TFixture): Promise<string> {
  const id = await monetizationOf(f, 'own');
  const res = await f.t.request({
    method: 'POST',
    url: `/api/v1/admin/monetization-requests/${id}/approve`,
    cookie: f.admin.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const reason = { reason: 'The reference does not match any transfer.' };

/** A receipt of `target`'s: their top-up, approved (which issues it). */
async function receiptOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const user = userOf(f, target);
  await fund(f.t, user.cookie, f.admin.cookie, 10 * EUR);
  const res = await f.t.request({
    method: 'GET',
    url: '/api/v1/wallet/receipts',
    cookie: user.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [newest] = ZReceiptList.parse(res.json()).items;
  if (!newest) throw new Error('The approved top-up issued no receipt.');
  return newest.id;
}

export const MONEY_CASES: Record<string, TCase> = {
  'GET /api/v1/platform-settings': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/platform-settings' }),
  },
  'PUT /api/v1/admin/platform-settings': {
    audience: 'super-user',
    ok: 200,
    request: async () => {
      const { commissionBasisPoints, minMicrosPerSecond, player } = PLATFORM_SETTINGS_DEFAULTS;
      const { topUpMinMicros, topUpMaxMicros, payoutMinMicros, payoutMaxMicros } =
        PLATFORM_SETTINGS_DEFAULTS;
      const { fourEyesAboveMicros, bank } = PLATFORM_SETTINGS_DEFAULTS;
      return {
        method: 'PUT',
        url: '/api/v1/admin/platform-settings',
        payload: {
          commissionBasisPoints,
          minMicrosPerSecond,
          topUpMinMicros,
          topUpMaxMicros,
          payoutMinMicros,
          payoutMaxMicros,
          fourEyesAboveMicros,
          player,
          bank,
        },
      };
    },
  },
  'GET /api/v1/admin/audit-log': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/audit-log?kind=top-up&limit=5' }),
  },
  'GET /api/v1/admin/ledger/audit': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/ledger/audit' }),
  },
  'GET /api/v1/admin/proof-of-play': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/proof-of-play' }),
  },
  'GET /api/v1/wallet': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet' }),
  },
  'GET /api/v1/wallet/transactions': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet/transactions' }),
  },
  'GET /api/v1/wallet/receipts': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet/receipts' }),
  },
  'GET /api/v1/wallet/receipts/:id/pdf': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/wallet/receipts/${await receiptOf(f, target)}/pdf`,
    }),
  },
  'GET /api/v1/wallet/earnings': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet/earnings' }),
  },
  'GET /api/v1/wallet/earnings/plays': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => {
      const space = await adSpaceOf(f, target);
      const campaign = crypto.randomUUID();
      return {
        method: 'GET',
        url: `/api/v1/wallet/earnings/plays?day=2026-11-20&adSpaceId=${space}&campaignId=${campaign}`,
      };
    },
  },
  'GET /api/v1/wallet/top-ups': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet/top-ups' }),
  },
  'POST /api/v1/wallet/top-ups': {
    audience: 'signed-in',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      headers: newKey(),
      payload: { amountMicros: 50 * EUR },
    }),
  },
  'GET /api/v1/wallet/payouts': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/wallet/payouts' }),
  },
  'POST /api/v1/wallet/payouts': {
    audience: 'screen-owner',
    ok: 201,
    request: async (f) => {
      await fund(f.t, f.owner.cookie, f.admin.cookie, 10 * EUR);
      return {
        method: 'POST',
        url: '/api/v1/wallet/payouts',
        headers: { ...newKey(), ...(await twoFactorHeaders(f.t, f.owner.cookie)) },
        payload: { amountMicros: 10 * EUR, destination: { accountHolder: 'Matrix', iban: IBAN } },
      };
    },
  },
  'GET /api/v1/admin/top-ups': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/top-ups?state=pending' }),
  },
  'POST /api/v1/admin/top-ups/:id/approve': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${await requestTopUp(f.t, f.owner.cookie, 10 * EUR)}/approve`,
      headers: newKey(),
    }),
  },
  'POST /api/v1/admin/top-ups/:id/reject': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${await requestTopUp(f.t, f.owner.cookie, 10 * EUR)}/reject`,
      headers: newKey(),
      payload: reason,
    }),
  },
  'GET /api/v1/admin/payouts': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/payouts?state=pending' }),
  },
  'POST /api/v1/admin/payouts/:id/approve': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/payouts/${await pendingPayout(f)}/approve`,
      headers: newKey(),
    }),
  },
  'POST /api/v1/admin/payouts/:id/reject': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/payouts/${await pendingPayout(f)}/reject`,
      headers: newKey(),
      payload: reason,
    }),
  },
  'POST /api/v1/admin/payouts/:id/mark-paid': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/payouts/${await approvedPayout(f)}/mark-paid`,
      headers: newKey(),
    }),
  },
  'GET /api/v1/admin/payouts/:id/destination': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      url: `/api/v1/admin/payouts/${await pendingPayout(f)}/destination`,
    }),
  },
  'GET /api/v1/monetization-requests': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // Filtering by an ad space names it: another owner's is "not found".
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/monetization-requests?adSpaceId=${await adSpaceOf(f, target)}`,
    }),
  },
  'POST /api/v1/monetization-requests': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/monetization-requests',
      payload: {
        adSpaceId: await adSpaceOf(f, target),
        floorMicrosPerSecond: 500,
      },
    }),
  },
  'POST /api/v1/monetization-requests/:id/withdraw': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/monetization-requests/${await monetizationOf(f, target)}/withdraw`,
    }),
  },
  'GET /api/v1/earnings': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/earnings?from=2026-11-01&to=2026-11-30' }),
  },
  'GET /api/v1/admin/monetization-requests': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({
      method: 'GET',
      url: '/api/v1/admin/monetization-requests?state=pending',
    }),
  },
  'POST /api/v1/admin/monetization-requests/:id/approve': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/monetization-requests/${await monetizationOf(f, 'own')}/approve`,
    }),
  },
  'POST /api/v1/admin/monetization-requests/:id/reject': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/monetization-requests/${await monetizationOf(f, 'own')}/reject`,
      payload: reason,
    }),
  },
  'POST /api/v1/admin/monetization-requests/:id/suspend': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/monetization-requests/${await approvedMonetization(f)}/suspend`,
      payload: reason,
    }),
  },
};
