import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import {
  ZEarnings,
  ZMonetizationRequest,
  ZMonetizationRequestList,
} from '@screenline/shared/monetization';
import { ZWalletTransactionList } from '@screenline/shared/wallet';
import { adSpace, campaign, device, impression } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  EUR,
  fund,
  mailsTo,
  requestMonetization,
  signUpAdmin,
  signUpWithRole,
  walletOf,
} from '../../../test/money-helpers';
import { insertAdSpace } from '../../../test/screen-rows';
import {
  campaignHoldAccountId,
  PLATFORM_REVENUE_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../ledger/ledger';
import type { TPlayerChange } from '../../lib/player-changes';
import { approvedFloorsOf } from './monetization-directory';

describe.each(BACKENDS)('monetization and earnings on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string };
  let owner: { cookie: string; email: string; userId: string };
  let other: { cookie: string; email: string; userId: string };
  const changes: TPlayerChange[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
    owner = await signUpWithRole(t, 'advertiser');
    other = await signUpWithRole(t, 'advertiser');
    t.app.deps.playerChanges.subscribe((change) => changes.push(change));
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;
  const post = (url: string, cookie: string, payload?: object) =>
    t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) });
  const contentVersionOf = async (id: string) =>
    (await db().select().from(adSpace).where(eq(adSpace.id, id)))[0]?.contentVersion;
  const monetizationMailsTo = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => /monetiz|paid campaigns/i.test(mail.subject));

  it('refuses a floor below the platform minimum, a second open request and another owner’s space', async () => {
    const space = await insertAdSpace(t, owner.userId, { name: 'Lobby' });
    const low = await post('/api/v1/monetization-requests', owner.cookie, {
      adSpaceId: space,
      floorMicrosPerSecond: 99,
    });
    expect(low.statusCode).toBe(400);
    expect(errorOf(low).message).toMatch(/at least €0\.0001 per second \(100 micros\)/);
    for (const floor of [0, -5, 1.5])
      expect(
        (
          await post('/api/v1/monetization-requests', owner.cookie, {
            adSpaceId: space,
            floorMicrosPerSecond: floor,
          })
        ).statusCode,
      ).toBe(400);

    const created = await post('/api/v1/monetization-requests', owner.cookie, {
      adSpaceId: space,
      floorMicrosPerSecond: 250,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(ZMonetizationRequest.parse(created.json())).toMatchObject({
      adSpace: { id: space, name: 'Lobby', location: { city: 'Springfield' } },
      owner: { id: owner.userId },
      floorMicrosPerSecond: 250,
      state: 'pending',
      decision: null,
    });
    const second = await post('/api/v1/monetization-requests', owner.cookie, {
      adSpaceId: space,
      floorMicrosPerSecond: 300,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('conflict');

    const foreign = await post('/api/v1/monetization-requests', other.cookie, {
      adSpaceId: space,
      floorMicrosPerSecond: 300,
    });
    expect(foreign.statusCode).toBe(404);

    const own = ZMonetizationRequestList.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/monetization-requests?adSpaceId=${space}`,
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(own.items.map((item) => item.state)).toEqual(['pending']);
    const theirs = ZMonetizationRequestList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/monetization-requests',
          cookie: other.cookie,
        })
      ).json(),
    );
    expect(theirs.items).toEqual([]);
  });

  it('fills a space’s slots only while approved: the TVs are told at each change, the owner emailed', async () => {
    const space = await insertAdSpace(t, owner.userId, { name: 'Window' });
    const version = await contentVersionOf(space);

    // Rejected: nothing changes for the TVs.
    const first = await requestMonetization(t, owner.cookie, space, 150);
    for (const payload of [undefined, {}, { reason: 'x' }])
      expect(
        (await post(`/api/v1/admin/monetization-requests/${first}/reject`, admin.cookie, payload))
          .statusCode,
      ).toBe(400);
    const rejected = await post(
      `/api/v1/admin/monetization-requests/${first}/reject`,
      admin.cookie,
      {
        reason: 'The screen faces a wall.',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(ZMonetizationRequest.parse(rejected.json())).toMatchObject({
      state: 'rejected',
      decision: { reason: 'The screen faces a wall.' },
    });
    expect(await contentVersionOf(space)).toBe(version);
    const late = await post(`/api/v1/admin/monetization-requests/${first}/approve`, admin.cookie);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('invalid-state');

    // Approved: the floor is what the fill reads; the TVs fetch their manifest.
    const second = await requestMonetization(t, owner.cookie, space, 300);
    const pending = ZMonetizationRequestList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/admin/monetization-requests?state=pending',
          cookie: admin.cookie,
        })
      ).json(),
    );
    expect(pending.items.map((item) => item.id)).toContain(second);
    changes.length = 0;
    expect(
      (await post(`/api/v1/admin/monetization-requests/${second}/approve`, admin.cookie))
        .statusCode,
    ).toBe(200);
    expect(await contentVersionOf(space)).toBe((version ?? 0) + 1);
    expect(changes).toEqual([{ kind: 'content', adSpaceIds: [space] }]);
    expect(await approvedFloorsOf(db(), [space])).toEqual(new Map([[space, 300]]));
    expect((await approvedFloorsOf(db())).get(space)).toBe(300);
    expect(await approvedFloorsOf(db(), [])).toEqual(new Map());

    // Another owner cannot withdraw it; the owner can.
    expect(
      (await post(`/api/v1/monetization-requests/${second}/withdraw`, other.cookie)).statusCode,
    ).toBe(404);
    changes.length = 0;
    const withdrawn = await post(`/api/v1/monetization-requests/${second}/withdraw`, owner.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(ZMonetizationRequest.parse(withdrawn.json()).state).toBe('withdrawn');
    expect(changes).toEqual([{ kind: 'content', adSpaceIds: [space] }]);
    expect(await approvedFloorsOf(db(), [space])).toEqual(new Map());
    expect(
      (await post(`/api/v1/monetization-requests/${second}/withdraw`, owner.cookie)).statusCode,
    ).toBe(409);

    // Suspended, with a reason.
    const third = await requestMonetization(t, owner.cookie, space, 400);
    expect(
      (
        await post(`/api/v1/admin/monetization-requests/${third}/suspend`, admin.cookie, {
          reason: 'Not approved yet.',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await post(`/api/v1/admin/monetization-requests/${third}/approve`, admin.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/v1/admin/monetization-requests/${third}/suspend`, admin.cookie, {}))
        .statusCode,
    ).toBe(400);
    changes.length = 0;
    const suspended = await post(
      `/api/v1/admin/monetization-requests/${third}/suspend`,
      admin.cookie,
      {
        reason: 'Plays were reported while the screen was off.',
      },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(changes).toEqual([{ kind: 'content', adSpaceIds: [space] }]);
    expect(await approvedFloorsOf(db(), [space])).toEqual(new Map());
    expect(
      (await post(`/api/v1/monetization-requests/${third}/withdraw`, owner.cookie)).statusCode,
    ).toBe(409);

    const subjects = (await monetizationMailsTo(owner.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      'Monetization of Window was suspended',
      'Window is open to paid campaigns',
      'Window is open to paid campaigns',
      'Monetization of Window was not approved',
    ]);
    const [suspendedMail] = await monetizationMailsTo(owner.email);
    expect(suspendedMail?.text).toContain('Plays were reported while the screen was off.');
  });

  it('answers the owner’s earnings per space and per day of play, and both wallets’ figures', async () => {
    const buyer = await signUpWithRole(t, 'publisher');
    await fund(t, buyer.cookie, admin.cookie, 100 * EUR);
    const space = await insertAdSpace(t, owner.userId, { name: 'Foyer' });
    const [row] = await db()
      .insert(campaign)
      .values({
        ownerId: buyer.userId,
        name: 'Winter sale',
        creativeIds: [],
        targeting: {},
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        bidMicrosPerSecond: 1000,
        budgetMicros: 50 * EUR,
      })
      .returning();
    const campaignId = row!.id;
    await db().transaction(async (tx) => {
      const hold = await campaignHoldAccountId(tx, campaignId);
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Campaign approved',
        campaignId,
        entries: [
          { accountId: await walletAccountId(tx, buyer.userId), amountMicros: -50 * EUR },
          { accountId: hold, amountMicros: 50 * EUR },
        ],
      });
      await transfer(tx, {
        kind: 'impression-charge',
        description: 'Ad plays',
        campaignId,
        adSpaceId: space,
        entries: [
          { accountId: hold, amountMicros: -10 * EUR },
          { accountId: await walletAccountId(tx, owner.userId), amountMicros: 8 * EUR },
          { accountId: PLATFORM_REVENUE_ACCOUNT_ID, amountMicros: 2 * EUR },
        ],
      });
    });

    // The plays those charges settled (one not billed: a house item, say), as the TV sent them.
    const [tv] = await db()
      .insert(device)
      .values({
        ownerId: owner.userId,
        adSpaceId: space,
        deviceKey: 'earnings-device-key-0001',
        userAgent: 'Test',
        appVersion: '0.0.0',
      })
      .returning();
    await db()
      .insert(impression)
      .values(
        [4000, 6000, 5000].map((shownMs, index) => ({
          id: crypto.randomUUID(),
          deviceId: tv!.id,
          ownerId: owner.userId,
          adSpaceId: space,
          sequence: index + 1,
          startedAt: new Date(),
          shownMs,
          endReason: 'completed',
          itemId: 'slot',
          campaignId: index < 2 ? campaignId : null,
          billedMicros: index < 2 ? 5 * EUR : 0,
          // As settlement leaves them: the owner's share of each, on the play's local day.
          verdict: index < 2 ? 'billed' : null,
          ownerShareMicros: index < 2 ? 4 * EUR : 0,
          localDay: new Date().toISOString().slice(0, 10),
        })),
      );

    expect(await walletOf(t, buyer.cookie)).toEqual({
      availableMicros: 50 * EUR,
      heldMicros: 40 * EUR,
      pendingTopUpMicros: 0,
      lifetimeEarnedMicros: 0,
      lifetimeSpentMicros: 10 * EUR,
    });
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 8 * EUR,
      lifetimeEarnedMicros: 8 * EUR,
      lifetimeSpentMicros: 0,
    });
    const buyerHistory = ZWalletTransactionList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/transactions', cookie: buyer.cookie })
      ).json(),
    );
    expect(buyerHistory.items.slice(0, 2)).toMatchObject([
      {
        kind: 'impression-charge',
        amountMicros: 0,
        heldDeltaMicros: -10 * EUR,
        balanceAfterMicros: 50 * EUR,
        campaign: { id: campaignId, name: 'Winter sale' },
      },
      {
        kind: 'campaign-hold',
        amountMicros: -50 * EUR,
        heldDeltaMicros: 50 * EUR,
        balanceAfterMicros: 50 * EUR,
      },
    ]);
    const ownerHistory = ZWalletTransactionList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/transactions', cookie: owner.cookie })
      ).json(),
    );
    // The buyer's campaign is not named to the owner.
    expect(ownerHistory.items[0]).toMatchObject({
      kind: 'impression-charge',
      amountMicros: 8 * EUR,
      campaign: null,
    });

    const today = new Date().toISOString().slice(0, 10);
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/earnings?from=${today}&to=${today}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZEarnings.parse(res.json())).toMatchObject({
      totalMicros: 8 * EUR,
      impressions: 2,
      byAdSpace: [
        { adSpaceId: space, name: 'Foyer', earnedMicros: 8 * EUR, impressions: 2, shownMs: 10_000 },
      ],
      byDay: [{ day: today, earnedMicros: 8 * EUR, impressions: 2 }],
    });
    const otherEarnings = ZEarnings.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/earnings?from=${today}&to=${today}`,
          cookie: other.cookie,
        })
      ).json(),
    );
    expect(otherEarnings).toMatchObject({ totalMicros: 0, byAdSpace: [] });

    const tooLong = await t.request({
      method: 'GET',
      url: '/api/v1/earnings?from=2026-01-01&to=2026-04-30',
      cookie: owner.cookie,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toMatch(/at most 92/);
    const backwards = await t.request({
      method: 'GET',
      url: '/api/v1/earnings?from=2026-02-01&to=2026-01-31',
      cookie: owner.cookie,
    });
    expect(backwards.statusCode).toBe(400);
    const days = ZEarnings.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/earnings?from=2026-01-01&to=2026-01-31',
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(days.byDay).toHaveLength(31);
  });
});
