import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCampaign } from '@screenline/shared/campaign';
import { profile } from '../../db/schema/index';
import {
  BACKENDS,
  createTestApp,
  PASSWORD,
  withTwoFactor,
  type TTestApp,
} from '../../../test/harness';
import { contentItemOf } from '../../../test/matrix/fixtures';
import {
  EUR,
  fund,
  newKey,
  requestPayout,
  signUpAdmin,
  walletOf,
} from '../../../test/money-helpers';
import { signUpForStorage } from '../../../test/storage-helpers';
import { campaignHoldAccountId, transfer, walletAccountId } from '../ledger/ledger';

/**
 * Deleting an account while the ledger holds the user's money (wallet, campaign holds, payout
 * requests not yet paid) is refused with what to do first, and changes nothing.
 */
describe.each(BACKENDS)('account deletion with money on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const deleteAccount = (cookie: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie,
      payload: { password: PASSWORD },
    });

  const chooseRole = async (cookie: string, role: 'advertiser' | 'publisher') => {
    const res = await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { role } });
    expect(res.statusCode, res.body).toBe(200);
  };

  const refusalOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe('ACCOUNT_HOLDS_MONEY');
    return body.message;
  };

  const adminPost = (url: string) =>
    t.request({ method: 'POST', url, cookie: admin.cookie, headers: newKey() });

  it('refuses a screen owner with earnings or unpaid payouts, then deletes once paid out', async () => {
    const owner = await withTwoFactor(t, await t.signUp());
    await chooseRole(owner.cookie, 'advertiser');
    await fund(t, owner.cookie, admin.cookie, 50 * EUR);

    const withEarnings = await deleteAccount(owner.cookie);
    expect(refusalOf(withEarnings)).toBe(
      'Your account cannot be deleted while it holds money: €50.00 available in your wallet. First request a payout of your available balance on the Wallet page, then delete the account. Nothing was changed.',
    );
    expect(await walletOf(t, owner.cookie)).toMatchObject({ availableMicros: 50 * EUR });
    expect((await t.signIn(owner.email, PASSWORD)).statusCode).toBe(200);

    const payout = await requestPayout(t, owner.cookie, 50 * EUR);
    expect(refusalOf(await deleteAccount(owner.cookie))).toMatch(
      /€50\.00 in payout requests not yet paid\. First wait until your payout requests are paid/,
    );
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 0,
      heldMicros: 50 * EUR,
    });

    expect((await adminPost(`/api/v1/admin/payouts/${payout}/approve`)).statusCode).toBe(200);
    expect((await adminPost(`/api/v1/admin/payouts/${payout}/mark-paid`)).statusCode).toBe(200);
    expect((await deleteAccount(owner.cookie)).statusCode).toBe(200);
    expect((await t.signIn(owner.email, PASSWORD)).statusCode).toBe(401);
    const rows = await t.app.deps.db.select().from(profile).where(eq(profile.userId, owner.userId));
    expect(rows).toEqual([]);
  });

  it('refuses an ad buyer with money in the wallet and in a campaign’s hold', async () => {
    const buyer = await signUpForStorage(t);
    await chooseRole(buyer.cookie, 'publisher');
    await fund(t, buyer.cookie, admin.cookie, 30 * EUR);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/campaigns',
      cookie: buyer.cookie,
      payload: {
        name: 'Held budget',
        creativeIds: [await contentItemOf(t, buyer)],
        targeting: {},
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        dayparts: [],
        bidMicrosPerSecond: 1_000,
        budgetMicros: 20 * EUR,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = ZCampaign.parse(created.json()).id;
    // The budget held as a submitted campaign's is (the ledger move alone: this is about money).
    await t.app.deps.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Budget held',
        campaignId,
        entries: [
          { accountId: await walletAccountId(tx, buyer.userId), amountMicros: -20 * EUR },
          { accountId: await campaignHoldAccountId(tx, campaignId), amountMicros: 20 * EUR },
        ],
      });
    });

    const message = refusalOf(await deleteAccount(buyer.cookie));
    expect(message).toBe(
      'Your account cannot be deleted while it holds money: €10.00 available in your wallet; and €20.00 held for your campaigns. First spend your available balance on campaigns, or ask us on the Contact page to return it; and wait for your campaigns to end, or cancel them (their unspent budget returns to your wallet), then delete the account. Nothing was changed.',
    );
    expect(await walletOf(t, buyer.cookie)).toMatchObject({
      availableMicros: 10 * EUR,
      heldMicros: 20 * EUR,
    });
    const campaign = await t.request({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignId}`,
      cookie: buyer.cookie,
    });
    expect(campaign.statusCode).toBe(200);
  });

  it('still deletes an account that never held money', async () => {
    const user = await t.signUp();
    await walletOf(t, user.cookie);
    expect((await deleteAccount(user.cookie)).statusCode).toBe(200);
  });
});
