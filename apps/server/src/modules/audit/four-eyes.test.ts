import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMoneyAuditList } from '@screenline/shared/audit-log';
import { ZApiError } from '@screenline/shared/errors';
import { ZCampaign } from '@screenline/shared/campaign';
import { PLATFORM_SETTINGS_DEFAULTS } from '@screenline/shared/platform-settings';
import { ZPayout, ZTopUp } from '@screenline/shared/wallet';
import { campaign } from '../../db/schema/index';
import { REPLAYED_HEADER } from '../ledger/idempotency';
import { BACKENDS, createTestApp, withTwoFactor, type TTestApp } from '../../../test/harness';
import {
  EUR,
  fund,
  newKey,
  requestPayout,
  requestTopUp,
  signUpAdmin,
  walletOf,
} from '../../../test/money-helpers';

/**
 * Four eyes on money (issue 18 item 6): a super-user never approves or pays their own request,
 * nor a top-up of their own wallet; above the platform's `fourEyesAboveMicros` two different
 * super-users approve before money moves; every decision is in the audit log.
 */

type TUser = { cookie: string; email: string; userId: string };

/** €100: the four-eyes amount these tests save (the default is €10,000). */
const FOUR_EYES_ABOVE = 100 * EUR;
const BROWSER = 'Mozilla/5.0 (four-eyes test)';

describe.each(BACKENDS)('four eyes on money on %s', (backend) => {
  let t: TTestApp;
  let alice: TUser;
  let bob: TUser;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [alice, bob] = [await signUpAdmin(t), await signUpAdmin(t)];
    for (const admin of [alice, bob]) {
      const role = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie: admin.cookie,
        payload: { role: 'advertiser' },
      });
      expect(role.statusCode, role.body).toBe(200);
    }
    const { fourEyesAboveMicros: _default, ...fields } = PLATFORM_SETTINGS_DEFAULTS;
    const saved = await t.request({
      method: 'PUT',
      url: '/api/v1/admin/platform-settings',
      cookie: alice.cookie,
      payload: { ...fields, fourEyesAboveMicros: FOUR_EYES_ABOVE },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  const decide = (
    who: TUser,
    url: string,
    key = newKey(),
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.request({
      method: 'POST',
      url,
      cookie: who.cookie,
      headers: { ...key, 'user-agent': BROWSER },
      ...(payload ? { payload } : {}),
    });

  const expectForbidden = (res: LightMyRequestResponse, sentence: RegExp) => {
    expect(res.statusCode, res.body).toBe(403);
    const { error } = ZApiError.parse(res.json());
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(sentence);
  };

  const auditOf = async (subjectId: string) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit-log?limit=100',
      cookie: bob.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZMoneyAuditList.parse(res.json()).items.filter((item) => item.subjectId === subjectId);
  };

  it('refuses a super-user approving a top-up of their own wallet; another super-user may', async () => {
    const id = await requestTopUp(t, alice.cookie, 50 * EUR);
    const before = (await walletOf(t, alice.cookie)).availableMicros;
    expectForbidden(
      await decide(alice, `/api/v1/admin/top-ups/${id}/approve`),
      /cannot approve a top-up for your own wallet/,
    );
    expect((await walletOf(t, alice.cookie)).availableMicros).toBe(before);
    expect(await auditOf(id)).toEqual([]);
    const approved = await decide(bob, `/api/v1/admin/top-ups/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ZTopUp.parse(approved.json())).toMatchObject({ state: 'approved', firstApproval: null });
    expect((await walletOf(t, alice.cookie)).availableMicros).toBe(before + 50 * EUR);
  });

  it('refuses a super-user approving or paying their own payout; another approves and pays it', async () => {
    await fund(t, alice.cookie, bob.cookie, 60 * EUR);
    const id = await requestPayout(t, alice.cookie, 40 * EUR);
    expectForbidden(
      await decide(alice, `/api/v1/admin/payouts/${id}/approve`),
      /cannot approve your own payout/,
    );
    expect((await decide(bob, `/api/v1/admin/payouts/${id}/approve`)).statusCode).toBe(200);
    expectForbidden(
      await decide(alice, `/api/v1/admin/payouts/${id}/mark-paid`),
      /cannot mark your own payout paid/,
    );
    const paid = await decide(bob, `/api/v1/admin/payouts/${id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(ZPayout.parse(paid.json()).state).toBe('paid');
  });

  it('refuses a super-user approving their own campaign; another approves it', async () => {
    await fund(t, alice.cookie, bob.cookie, 30 * EUR);
    const [row] = await t.app.deps.db
      .insert(campaign)
      .values({
        ownerId: alice.userId,
        name: 'Own campaign',
        creativeIds: [],
        targeting: {},
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        dayparts: [],
        bidMicrosPerSecond: 1_000,
        budgetMicros: 20 * EUR,
        state: 'pending',
      })
      .returning({ id: campaign.id });
    const id = row!.id;
    expectForbidden(
      await decide(alice, `/api/v1/admin/campaigns/${id}/approve`),
      /cannot approve your own campaign/,
    );
    const approved = await decide(bob, `/api/v1/admin/campaigns/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ZCampaign.parse(approved.json()).state).toBe('approved');
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      kind: 'campaign',
      action: 'approve',
      amountMicros: 20 * EUR,
      actor: { id: bob.userId, email: bob.email },
      requester: { id: alice.userId, email: alice.email },
    });
  });

  it('above the four-eyes amount: the first approval moves no money, the same super-user cannot confirm, a second one does, once', async () => {
    const buyer = await t.signUp();
    const id = await requestTopUp(t, buyer.cookie, FOUR_EYES_ABOVE + 1);
    const first = await decide(alice, `/api/v1/admin/top-ups/${id}/approve`);
    expect(first.statusCode, first.body).toBe(200);
    expect(ZTopUp.parse(first.json())).toMatchObject({
      state: 'awaiting-second-approval',
      firstApproval: { approvedBy: { id: alice.userId } },
      decision: null,
    });
    expect((await walletOf(t, buyer.cookie)).availableMicros).toBe(0);
    expectForbidden(
      await decide(alice, `/api/v1/admin/top-ups/${id}/approve`),
      /a second, different super-user must confirm it/,
    );
    const listed = await t.request({
      method: 'GET',
      url: '/api/v1/admin/top-ups?state=awaiting-second-approval',
      cookie: bob.cookie,
    });
    expect(listed.body).toContain(id);
    const key = newKey();
    const second = await decide(bob, `/api/v1/admin/top-ups/${id}/approve`, key);
    expect(second.statusCode, second.body).toBe(200);
    expect(ZTopUp.parse(second.json())).toMatchObject({
      state: 'approved',
      firstApproval: { approvedBy: { id: alice.userId } },
      decision: { decidedBy: { id: bob.userId } },
    });
    const replay = await decide(bob, `/api/v1/admin/top-ups/${id}/approve`, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect((await walletOf(t, buyer.cookie)).availableMicros).toBe(FOUR_EYES_ABOVE + 1);
    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.action, entry.actor.id])).toEqual([
      ['approve', bob.userId],
      ['first-approval', alice.userId],
    ]);
    expect(audit[0]).toMatchObject({
      kind: 'top-up',
      amountMicros: FOUR_EYES_ABOVE + 1,
      requester: { id: buyer.userId, email: buyer.email },
      ip: '127.0.0.1',
      userAgent: BROWSER,
      reason: null,
    });
    // At the amount itself one approval is enough.
    const atLimit = await requestTopUp(t, buyer.cookie, FOUR_EYES_ABOVE);
    const once = await decide(alice, `/api/v1/admin/top-ups/${atLimit}/approve`);
    expect(ZTopUp.parse(once.json()).state).toBe('approved');
  });

  it('above the four-eyes amount a payout is approved by two super-users before it can be paid; a rejection returns it', async () => {
    const owner = await withTwoFactor(t, await t.signUp());
    const role = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: owner.cookie,
      payload: { role: 'advertiser' },
    });
    expect(role.statusCode).toBe(200);
    await fund(t, owner.cookie, alice.cookie, 90 * EUR);
    await fund(t, owner.cookie, bob.cookie, 90 * EUR);
    const id = await requestPayout(t, owner.cookie, 150 * EUR);
    const first = await decide(bob, `/api/v1/admin/payouts/${id}/approve`);
    expect(ZPayout.parse(first.json()).state).toBe('awaiting-second-approval');
    const early = await decide(alice, `/api/v1/admin/payouts/${id}/mark-paid`);
    expect(early.statusCode, early.body).toBe(409);
    expectForbidden(
      await decide(bob, `/api/v1/admin/payouts/${id}/approve`),
      /first approval; a second, different super-user/,
    );
    expect(
      ZPayout.parse((await decide(alice, `/api/v1/admin/payouts/${id}/approve`)).json()),
    ).toMatchObject({
      state: 'approved',
      firstApproval: { approvedBy: { id: bob.userId } },
    });
    const paid = await decide(bob, `/api/v1/admin/payouts/${id}/mark-paid`);
    expect(ZPayout.parse(paid.json()).state).toBe('paid');
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual([
      'mark-paid',
      'approve',
      'first-approval',
    ]);

    const big = await requestTopUp(t, owner.cookie, 200 * EUR);
    await decide(alice, `/api/v1/admin/top-ups/${big}/approve`);
    const rejected = await decide(bob, `/api/v1/admin/top-ups/${big}/reject`, newKey(), {
      reason: 'No transfer arrived.',
    });
    expect(ZTopUp.parse(rejected.json()).state).toBe('rejected');
    expect((await auditOf(big)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['reject', 'No transfer arrived.'],
      ['first-approval', null],
    ]);
  });

  it('GET /api/v1/admin/audit-log: super-users only, newest first, by kind, a page at a time', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log' });
    expect(anonymous.statusCode).toBe(401);
    const user = await t.signUp();
    const refused = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit-log',
      cookie: user.cookie,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit-log?kind=ledger',
      cookie: bob.cookie,
    });
    expect(bad.statusCode).toBe(400);

    const read = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/admin/audit-log?${query}`,
        cookie: bob.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZMoneyAuditList.parse(res.json());
    };
    const all = await read('limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(10);
    const times = all.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    const payouts = await read('kind=payout&limit=100');
    expect(payouts.items.length).toBeGreaterThan(0);
    expect(payouts.items.every((item) => item.kind === 'payout')).toBe(true);
    const firstPage = await read('limit=2');
    expect(firstPage.items).toEqual(all.items.slice(0, 2));
    const nextPage = await read(`limit=2&cursor=${encodeURIComponent(firstPage.nextCursor!)}`);
    expect(nextPage.items).toEqual(all.items.slice(2, 4));
  });

  it('keeps the audit log append-only in the database', async () => {
    const db = t.app.deps.db;
    await expect(db.execute(sql`update money_audit_log set amount_micros = 0`)).rejects.toThrow();
    await expect(db.execute(sql`delete from money_audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate money_audit_log`)).rejects.toThrow();
  });
});
