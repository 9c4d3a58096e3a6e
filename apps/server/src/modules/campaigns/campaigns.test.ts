import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAdminCampaignList,
  ZCampaign,
  ZCampaignList,
  ZCampaignResults,
  ZMarketplaceAdSpaceList,
  ZPublisherDashboard,
  type TCampaign,
  type TCreateCampaign,
} from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { ZApiError, ZInUseDetails } from '@screenline/shared/errors';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import {
  campaign,
  device,
  impression,
  monetizationRequest,
  playlist,
  qrScan,
} from '../../db/schema/index';
import {
  campaignHoldAccountId,
  EXTERNAL_ACCOUNT_ID,
  PLATFORM_REVENUE_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../ledger/ledger';
import { createMeRepository } from '../me/me.repository';
import { completeDueCampaigns } from './campaign-completion';
import { campaignsRepository } from './campaigns.repository';
import { RESULTS_MAX_DAYS } from './campaign-dates';
import { BACKENDS, createTestApp, withTwoFactor, type TTestApp } from '../../../test/harness';
import {
  addContent,
  contentVersionOf,
  fieldErrorsOf,
  insertAdSpace,
  setDefaultPlaylist,
  signUpScreenOwner,
} from '../../../test/screen-rows';
import { signUpForStorage, type TStorageUser } from '../../../test/storage-helpers';

const DAY_MS = 86_400_000;
const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe.each(BACKENDS)('campaigns on %s', (backend) => {
  let t: TTestApp;
  let buyer: TStorageUser;
  let otherBuyer: TStorageUser;
  let owner: TStorageUser;
  let admin: { cookie: string };
  let poster: TContentItem;
  let othersPoster: TContentItem;
  /** An ad space whose monetization is approved (Springfield, retail, landscape). */
  let monetized: string;
  /** One whose request is still pending: never offered, never targeted. */
  let unapproved: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [buyer, otherBuyer, owner] = [
      await signUpForStorage(t),
      await signUpForStorage(t),
      await signUpScreenOwner(t),
    ];
    for (const user of [buyer, otherBuyer]) {
      const res = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie: user.cookie,
        payload: { role: 'publisher' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const su = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(su.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    admin = await withTwoFactor(t, su);
    poster = await addContent(t, buyer, 'image', 'Spring poster');
    othersPoster = await addContent(t, otherBuyer, 'image', 'Other poster');
    monetized = await insertAdSpace(t, owner.userId, { name: 'Monetized window' });
    unapproved = await insertAdSpace(t, owner.userId, { name: 'Unapproved window' });
    await t.app.deps.db.insert(monetizationRequest).values([
      { adSpaceId: monetized, ownerId: owner.userId, floorMicrosPerSecond: 500, state: 'approved' },
      { adSpaceId: unapproved, ownerId: owner.userId, floorMicrosPerSecond: 500 },
    ]);
  });
  afterAll(() => t.close());

  const input = (overrides: Partial<TCreateCampaign> = {}): TCreateCampaign => ({
    name: 'Spring sale',
    creativeIds: [poster.id],
    targeting: {},
    startDate: utcDay(-1),
    endDate: utcDay(30),
    dayparts: [],
    bidMicrosPerSecond: 1_000,
    budgetMicros: 5_000_000,
    category: 'retail-shopping',
    ...overrides,
  });

  const create = (payload: object, cookie = buyer.cookie) =>
    t.request({ method: 'POST', url: '/api/v1/campaigns', cookie, payload });

  async function draft(overrides: Partial<TCreateCampaign> = {}): Promise<TCampaign> {
    const res = await create(input(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return ZCampaign.parse(res.json());
  }

  const act = (id: string, move: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: `/api/v1/campaigns/${id}/${move}`,
      cookie: buyer.cookie,
      headers,
    });

  const decide = (id: string, decision: 'approve' | 'reject', key = crypto.randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${id}/${decision}`,
      cookie: admin.cookie,
      headers: { 'idempotency-key': key },
      ...(decision === 'reject' ? { payload: { reason: 'The <b>logo</b> is cut off.' } } : {}),
    });

  const view = async (id: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/campaigns/${id}`,
      cookie: buyer.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaign.parse(res.json());
  };

  const codeOf = (res: { json: () => unknown }) => ZApiError.parse(res.json()).error.code;
  const wallet = (userId: string) => campaignsRepository.walletBalance(t.app.deps.db, userId);

  /** Money into the buyer's wallet, as an approved top-up puts it there. */
  async function fund(userId: string, amountMicros: number) {
    await t.app.deps.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'top-up',
        description: 'Test top-up',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -amountMicros },
          { accountId: await walletAccountId(tx, userId), amountMicros },
        ],
      });
    });
  }

  /** A submitted campaign, approved with money the test puts in the wallet first. */
  async function approved(overrides: Partial<TCreateCampaign> = {}): Promise<TCampaign> {
    const made = await draft(overrides);
    expect((await act(made.id, 'submit')).statusCode).toBe(200);
    await fund(buyer.userId, made.budgetMicros);
    const res = await decide(made.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaign.parse(res.json());
  }

  describe('create and validate', () => {
    it('saves a draft with its creatives and history', async () => {
      const made = await draft({
        dailyCapMicros: 1_000_000,
        destinationUrl: 'https://example.com/sale',
      });
      expect(made).toMatchObject({
        state: 'draft',
        status: 'draft',
        spentMicros: 0,
        remainingMicros: 0,
        decision: null,
        dailyCapMicros: 1_000_000,
        owner: { id: buyer.userId },
      });
      expect(made.creatives).toEqual([
        expect.objectContaining({ id: poster.id, name: 'Spring poster', kind: 'image' }),
      ]);
      expect(made.creatives[0]?.url).toMatch(/^\//);
      expect(made.history).toHaveLength(1);
      expect(made.history[0]).toMatchObject({
        from: null,
        to: 'draft',
        actor: { id: buyer.userId },
      });
    });

    it.each([
      [
        'the end before the start',
        { startDate: '2026-05-02', endDate: '2026-05-01' },
        'body.endDate',
      ],
      [
        'a daily cap over the budget',
        { budgetMicros: 100, dailyCapMicros: 101 },
        'body.dailyCapMicros',
      ],
      [
        'a javascript: destination',
        { destinationUrl: 'javascript:alert(1)' },
        'body.destinationUrl',
      ],
      ['a data: destination', { destinationUrl: 'data:text/html,hi' }, 'body.destinationUrl'],
      ['a fractional bid', { bidMicrosPerSecond: 1.5 }, 'body.bidMicrosPerSecond'],
      ['a negative budget', { budgetMicros: -5 }, 'body.budgetMicros'],
      ['a budget over 2^53', { budgetMicros: 2 ** 53 }, 'body.budgetMicros'],
      ['a bid under the platform minimum', { bidMicrosPerSecond: 99 }, 'body.bidMicrosPerSecond'],
    ])('refuses %s', async (_what, overrides, path) => {
      const res = await create(input(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrorsOf(res.json()).map((field) => field.path)).toContain(path);
    });

    it('answers 404 for another buyer’s creative', async () => {
      const res = await create(input({ creativeIds: [othersPoster.id] }));
      expect(res.statusCode).toBe(404);
    });

    it('keeps fields a change leaves out, and checks the campaign as it will be', async () => {
      const made = await draft({ dailyCapMicros: 1_000_000 });
      const res = await t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
        payload: { name: 'Summer sale' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZCampaign.parse(res.json())).toMatchObject({
        name: 'Summer sale',
        dailyCapMicros: 1_000_000,
      });
      const over = await t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
        payload: { budgetMicros: 999_999 },
      });
      expect(over.statusCode).toBe(400);
      expect(fieldErrorsOf(over.json()).map((field) => field.path)).toEqual([
        'body.dailyCapMicros',
      ]);
    });
  });

  describe('state machine', () => {
    it('submits only drafts and rejected ones, and only when a monetized space matches', async () => {
      const nowhere = await draft({ targeting: { cities: ['Atlantis'] } });
      const refused = await act(nowhere.id, 'submit');
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('bad-request');
      const onlyUnapproved = await draft({ targeting: { adSpaceIds: [unapproved] } });
      expect((await act(onlyUnapproved.id, 'submit')).statusCode).toBe(400);

      // A bid under the floor (500) is still submitted: that space is just not filled.
      const made = await draft({ bidMicrosPerSecond: 200 });
      for (const move of ['pause', 'resume'])
        expect((await act(made.id, move)).statusCode).toBe(409);
      const submitted = await act(made.id, 'submit');
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(ZCampaign.parse(submitted.json())).toMatchObject({
        state: 'pending',
        status: 'pending-review',
      });
      for (const move of ['submit', 'pause', 'resume']) {
        const again = await act(made.id, move);
        expect(again.statusCode, move).toBe(409);
        expect(codeOf(again)).toBe('invalid-state');
      }
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
        payload: { name: 'Too late' },
      });
      expect(patch.statusCode).toBe(409);
      const remove = await t.request({
        method: 'DELETE',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
      });
      expect(remove.statusCode).toBe(409);
    });

    it('deletes drafts only', async () => {
      const made = await draft();
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
      });
      expect(res.statusCode).toBe(204);
      expect(
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/campaigns/${made.id}`,
            cookie: buyer.cookie,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('rejects with a reason, emails it escaped, and lets the buyer change and resubmit', async () => {
      const made = await draft({ name: 'Blurry <launch>' });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      const withoutKey = await t.request({
        method: 'POST',
        url: `/api/v1/admin/campaigns/${made.id}/reject`,
        cookie: admin.cookie,
        payload: { reason: 'Blurry.' },
      });
      expect(withoutKey.statusCode).toBe(400);
      expect(codeOf(withoutKey)).toBe('idempotency-key-required');
      const res = await decide(made.id, 'reject');
      expect(res.statusCode, res.body).toBe(200);
      const rejected = ZCampaign.parse(res.json());
      expect(rejected.state).toBe('rejected');
      expect(rejected.decision?.reason).toBe('The <b>logo</b> is cut off.');
      expect(rejected.history.at(-1)).toMatchObject({
        from: 'pending',
        to: 'rejected',
        reason: 'The <b>logo</b> is cut off.',
      });
      expect((await decide(made.id, 'reject')).statusCode).toBe(409);

      const [mail] = (await t.app.deps.mail.listRecent()).filter(
        (m) => m.to === buyer.email && m.subject.includes('Blurry'),
      );
      expect(mail?.html).toContain('The &lt;b&gt;logo&lt;/b&gt; is cut off.');
      expect(mail?.html).not.toContain('<b>logo');

      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: buyer.cookie,
        payload: { name: 'Sharp launch' },
      });
      expect(patched.statusCode).toBe(200);
      expect(ZCampaign.parse((await act(made.id, 'submit')).json()).state).toBe('pending');
    });

    it('approves by holding the budget, and refuses when the wallet cannot cover it', async () => {
      const made = await draft({ budgetMicros: 3_000_000, startDate: utcDay(2) });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      const before = await wallet(buyer.userId);
      const short = await decide(made.id, 'approve');
      expect(short.statusCode).toBe(409);
      expect(codeOf(short)).toBe('insufficient-funds');
      expect((await view(made.id)).state).toBe('pending');
      expect(await wallet(buyer.userId)).toBe(before);

      await fund(buyer.userId, 3_000_000);
      const versionBefore = await contentVersionOf(t, monetized);
      const res = await decide(made.id, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      expect(ZCampaign.parse(res.json())).toMatchObject({
        state: 'approved',
        status: 'scheduled',
        remainingMicros: 3_000_000,
      });
      expect(await wallet(buyer.userId)).toBe(before);
      expect(await contentVersionOf(t, monetized)).toBeGreaterThan(versionBefore);
      expect(await contentVersionOf(t, unapproved)).toBe(1);
      expect((await decide(made.id, 'approve')).statusCode).toBe(409);
      const mails = await t.app.deps.mail.listRecent();
      expect(
        mails.some((m) => m.to === buyer.email && m.subject === 'Campaign approved: Spring sale'),
      ).toBe(true);

      const scheduled = await t.request({
        method: 'GET',
        url: '/api/v1/campaigns?status=scheduled',
        cookie: buyer.cookie,
      });
      expect(ZCampaignList.parse(scheduled.json()).items.map((item) => item.id)).toContain(made.id);
      const active = await t.request({
        method: 'GET',
        url: '/api/v1/campaigns?status=active',
        cookie: buyer.cookie,
      });
      expect(ZCampaignList.parse(active.json()).items.map((item) => item.id)).not.toContain(
        made.id,
      );
      const all = await t.request({
        method: 'GET',
        url: '/api/v1/admin/campaigns?status=scheduled',
        cookie: admin.cookie,
      });
      expect(ZCampaignList.parse(all.json()).items.map((item) => item.id)).toContain(made.id);
    });

    it('decides concurrent approvals with different keys once, holding the budget once', async () => {
      const made = await draft({ budgetMicros: 1_000_000 });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      await fund(buyer.userId, 1_000_000);
      const before = await wallet(buyer.userId);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => decide(made.id, 'approve')));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await wallet(buyer.userId)).toBe(before - 1_000_000);
      expect((await view(made.id)).remainingMicros).toBe(1_000_000);
      // The other buyer sees none of it.
      const theirs = await t.request({
        method: 'GET',
        url: '/api/v1/campaigns',
        cookie: otherBuyer.cookie,
      });
      expect(ZCampaignList.parse(theirs.json()).items.map((item) => item.id)).not.toContain(
        made.id,
      );
    });

    it('pauses and resumes approved campaigns only, telling the targeted screens', async () => {
      const made = await approved();
      expect(made.status).toBe('active');
      expect((await act(made.id, 'resume')).statusCode).toBe(409);
      const versionBefore = await contentVersionOf(t, monetized);
      const paused = await act(made.id, 'pause');
      expect(ZCampaign.parse(paused.json()).state).toBe('paused');
      expect(await contentVersionOf(t, monetized)).toBe(versionBefore + 1);
      expect((await act(made.id, 'pause')).statusCode).toBe(409);
      for (const move of ['submit']) expect((await act(made.id, move)).statusCode).toBe(409);
      const resumed = await act(made.id, 'resume');
      expect(ZCampaign.parse(resumed.json()).state).toBe('approved');
      expect((await view(made.id)).history.map((event) => event.to)).toEqual([
        'draft',
        'pending',
        'approved',
        'paused',
        'approved',
      ]);
    });

    it('cancels: the hold returns after the grace period for late plays, and a replay moves nothing twice', async () => {
      const made = await approved({ budgetMicros: 2_000_000 });
      await act(made.id, 'pause');
      const before = await wallet(buyer.userId);
      expect((await act(made.id, 'cancel')).statusCode).toBe(400);
      const key = crypto.randomUUID();
      const res = await act(made.id, 'cancel', { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      const canceled = ZCampaign.parse(res.json());
      expect(canceled).toMatchObject({ state: 'canceled', remainingMicros: 2_000_000 });
      expect(Date.parse(canceled.holdReleaseAt ?? '')).toBeGreaterThan(Date.now());
      expect(await wallet(buyer.userId)).toBe(before);
      const replay = await act(made.id, 'cancel', { 'idempotency-key': key });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      // The grace period passes: settlement returns the rest, once.
      await t.app.deps.db
        .update(campaign)
        .set({ holdReleaseAt: new Date(Date.now() - 1000) })
        .where(eq(campaign.id, made.id));
      await t.app.deps.settlement.settleDue();
      await t.app.deps.settlement.settleDue();
      expect(await wallet(buyer.userId)).toBe(before + 2_000_000);
      expect((await view(made.id)).remainingMicros).toBe(0);
      const again = await act(made.id, 'cancel', { 'idempotency-key': crypto.randomUUID() });
      expect(codeOf(again)).toBe('invalid-state');

      for (const state of ['draft', 'pending', 'rejected'] as const) {
        const other = await draft();
        await t.app.deps.db.update(campaign).set({ state }).where(eq(campaign.id, other.id));
        const canceled = await act(other.id, 'cancel', { 'idempotency-key': crypto.randomUUID() });
        expect(ZCampaign.parse(canceled.json()).state, state).toBe('canceled');
      }
    });
  });

  describe('completion', () => {
    it('completes campaigns past their end everywhere or with a spent hold, returning the rest', async () => {
      const ended = await approved({ budgetMicros: 1_000_000 });
      const endsLater = await approved({ budgetMicros: 1_000_000, endDate: utcDay(0) });
      const spent = await approved({ budgetMicros: 1_000_000 });
      // The end date was yesterday (UTC): it has ended in every zone once 12:00 UTC today is past.
      await t.app.deps.db
        .update(campaign)
        .set({ startDate: utcDay(-5), endDate: utcDay(-1) })
        .where(eq(campaign.id, ended.id));
      await t.app.deps.db.transaction(async (tx) => {
        await transfer(tx, {
          kind: 'impression-charge',
          description: 'Test: the whole budget played',
          campaignId: spent.id,
          entries: [
            { accountId: await campaignHoldAccountId(tx, spent.id), amountMicros: -1_000_000 },
            { accountId: PLATFORM_REVENUE_ACCOUNT_ID, amountMicros: 1_000_000 },
          ],
        });
      });
      const before = await wallet(buyer.userId);
      const noon = new Date(`${utcDay(0)}T12:00:00Z`);
      const count = await completeDueCampaigns(t.app.deps.db, t.app.deps.playerChanges, noon);
      expect(count).toBeGreaterThanOrEqual(2);
      const [endedNow, laterNow, spentNow] = [
        await view(ended.id),
        await view(endsLater.id),
        await view(spent.id),
      ];
      // Completed; the rest waits for late plays, then goes back.
      expect(endedNow).toMatchObject({ state: 'completed', remainingMicros: 1_000_000 });
      expect(await wallet(buyer.userId)).toBe(before);
      await t.app.deps.db
        .update(campaign)
        .set({ holdReleaseAt: new Date(Date.now() - 1000) })
        .where(eq(campaign.id, ended.id));
      await t.app.deps.settlement.settleDue();
      expect(endedNow.history.at(-1)).toMatchObject({
        from: 'approved',
        to: 'completed',
        actor: null,
      });
      expect(laterNow.state).toBe('approved');
      expect(spentNow.state).toBe('completed');
      expect(await wallet(buyer.userId)).toBe(before + 1_000_000);
      // Running again moves nothing.
      await completeDueCampaigns(t.app.deps.db, t.app.deps.playerChanges, noon);
      expect(await wallet(buyer.userId)).toBe(before + 1_000_000);
    });
  });

  describe('results, marketplace and dashboard', () => {
    it('reports plays, seconds, spend and scans by day and space, as JSON and CSV', async () => {
      const made = await approved({ startDate: '2026-03-01', endDate: utcDay(30) });
      const [tv] = await t.app.deps.db
        .insert(device)
        .values({
          ownerId: owner.userId,
          adSpaceId: monetized,
          deviceKey: `campaign-tv-${made.id}`,
          userAgent: 'Test',
          appVersion: '1.0.0',
          heartbeat: heartbeat([poster.id]),
        })
        .returning({ id: device.id });
      // Stored as settlement leaves them: billed, on their local day at the screen (New York).
      const play = (
        sequence: number,
        startedAt: string,
        localDay: string,
        billedMicros: number,
      ) => ({
        verdict: 'billed',
        localDay,
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: owner.userId,
        adSpaceId: monetized,
        sequence,
        startedAt: new Date(startedAt),
        shownMs: 15_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: poster.id,
        billedMicros,
      });
      await t.app.deps.db
        .insert(impression)
        .values([
          play(1, '2026-03-02T15:00:00Z', '2026-03-02', 15_000),
          play(2, '2026-03-03T04:59:59Z', '2026-03-02', 15_000),
          play(3, '2026-03-03T05:00:01Z', '2026-03-03', 7_000),
        ]);
      await t.app.deps.db.insert(qrScan).values({
        campaignId: made.id,
        adSpaceId: monetized,
        scannedAt: new Date('2026-03-03T08:00:00Z'),
      });

      const url = `/api/v1/campaigns/${made.id}/results?from=2026-03-01&to=2026-03-03`;
      const res = await t.request({ method: 'GET', url, cookie: buyer.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const results = ZCampaignResults.parse(res.json());
      expect(results.totals).toEqual({
        impressions: 3,
        shownMs: 45_000,
        spentMicros: 37_000,
        qrScans: 1,
      });
      expect(results.byDay).toEqual([
        { day: '2026-03-01', impressions: 0, shownMs: 0, spentMicros: 0, qrScans: 0 },
        { day: '2026-03-02', impressions: 2, shownMs: 30_000, spentMicros: 30_000, qrScans: 0 },
        { day: '2026-03-03', impressions: 1, shownMs: 15_000, spentMicros: 7_000, qrScans: 1 },
      ]);
      expect(results.byAdSpace).toEqual([
        expect.objectContaining({
          adSpaceId: monetized,
          name: 'Monetized window',
          city: 'Springfield',
          impressions: 3,
        }),
      ]);
      expect(results.readiness).toEqual({ readyScreens: 1, targetedScreens: 1 });
      expect((await view(made.id)).spentMicros).toBe(37_000);

      const csv = await t.request({
        method: 'GET',
        url,
        cookie: buyer.cookie,
        headers: { accept: 'text/csv' },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="campaign-spring-sale-2026-03-01-to-2026-03-03.csv"',
      );
      expect(csv.body.split('\r\n')).toEqual([
        'day,ad_space_id,ad_space,city,impressions,shown_seconds,spent_eur,qr_scans,shown_ms,spent_micros',
        `2026-03-02,${monetized},Monetized window,Springfield,2,30.000,0.030000,0,30000,30000`,
        `2026-03-03,${monetized},Monetized window,Springfield,1,15.000,0.007000,1,15000,7000`,
        '',
      ]);
      const backwards = await t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${made.id}/results?from=2026-03-03&to=2026-03-01`,
        cookie: buyer.cookie,
      });
      expect(backwards.statusCode).toBe(400);

      // Without a range: the flight; longer than RESULTS_MAX_DAYS, its last RESULTS_MAX_DAYS
      // days up to today (every micro billed lately is in them).
      const long = await draft({ startDate: '2025-01-01', endDate: '2099-12-31' });
      const flight = await t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${long.id}/results`,
        cookie: buyer.cookie,
      });
      expect(flight.statusCode, flight.body).toBe(200);
      const defaulted = ZCampaignResults.parse(flight.json());
      expect([defaulted.from, defaulted.to, defaulted.byDay.length]).toEqual([
        utcDay(-(RESULTS_MAX_DAYS - 1)),
        utcDay(0),
        RESULTS_MAX_DAYS,
      ]);

      // A TV missing a creative is not ready.
      await t.app.deps.db
        .update(device)
        .set({ heartbeat: heartbeat([]) })
        .where(eq(device.id, tv!.id));
      const notReady = ZCampaignResults.parse(
        (await t.request({ method: 'GET', url, cookie: buyer.cookie })).json(),
      );
      expect(notReady.readiness).toEqual({ readyScreens: 0, targetedScreens: 1 });

      const dashboard = await t.request({
        method: 'GET',
        url: '/api/v1/publisher/dashboard',
        cookie: buyer.cookie,
      });
      const figures = ZPublisherDashboard.parse(dashboard.json());
      expect(figures.spendToDateMicros).toBeGreaterThanOrEqual(37_000);
      expect(figures.impressionsToDate).toBeGreaterThanOrEqual(3);
      expect(figures.balanceMicros).toBe(await wallet(buyer.userId));
      expect(figures.activeCampaigns).toBeGreaterThanOrEqual(1);
    });

    it('shows spend against the even line, and super-users find it by advertiser with its pacing', async () => {
      // Four days from the day before yesterday; 3.9 of 4.00 already spent on the first.
      const made = await approved({
        name: 'Paced sale',
        startDate: utcDay(-2),
        endDate: utcDay(1),
        budgetMicros: 4_000_000,
      });
      const [tv] = await t.app.deps.db
        .insert(device)
        .values({
          ownerId: owner.userId,
          adSpaceId: monetized,
          deviceKey: `paced-tv-${made.id}`,
          userAgent: 'Test',
          appVersion: '1.0.0',
        })
        .returning({ id: device.id });
      await t.app.deps.db.insert(impression).values({
        verdict: 'billed',
        localDay: utcDay(-2),
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: owner.userId,
        adSpaceId: monetized,
        sequence: 1,
        startedAt: new Date(`${utcDay(-2)}T18:00:00Z`),
        shownMs: 15_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: poster.id,
        billedMicros: 3_900_000,
      });
      // A play dated tomorrow at its screen, as a screen in a zone ahead of the line's has them
      // while it is still today here: spent, so in today's point of the line.
      await t.app.deps.db.insert(impression).values({
        verdict: 'billed',
        localDay: utcDay(1),
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: owner.userId,
        adSpaceId: monetized,
        sequence: 2,
        startedAt: new Date(`${utcDay(-2)}T18:01:00Z`),
        shownMs: 1_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: poster.id,
        billedMicros: 50_000,
      });
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${made.id}/results`,
        cookie: buyer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const pacing = ZCampaignResults.parse(res.json()).pacing;
      expect(pacing?.days.map((day) => day.day)).toEqual([
        utcDay(-2),
        utcDay(-1),
        utcDay(0),
        utcDay(1),
      ]);
      // The even line rises by about a quarter a day (no dayparts; a day of 23 or 25 hours in
      // New York on a clock change) to the budget.
      const evens = pacing?.days.map((day) => day.evenMicros) ?? [];
      expect(evens[0]).toBeGreaterThan(950_000);
      expect(evens[0]).toBeLessThan(1_050_000);
      expect(evens[1]).toBeGreaterThan(evens[0]!);
      expect(evens[3]).toBe(4_000_000);
      // Each day's point is what was spent to its end; today's (the last one) all of it.
      const spent = pacing?.days.flatMap((day) => (day.spentMicros === null ? [] : [day])) ?? [];
      expect(spent.map((day) => day.spentMicros)).toEqual([
        ...spent.slice(1).map(() => 3_900_000),
        3_950_000,
      ]);
      // Tomorrow has not happened: no spend yet.
      expect(pacing?.days[3]?.spentMicros).toBeNull();
      // At most three days' line (3.00) now, and 3.9 spent: ahead by more than half a day.
      expect(pacing).toMatchObject({ status: 'ahead', budgetMicros: 4_000_000 });

      // Drafts show no line.
      const plain = await draft();
      const none = await t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${plain.id}/results`,
        cookie: buyer.cookie,
      });
      expect(ZCampaignResults.parse(none.json()).pacing).toBeNull();

      // The super-users' list: found by the advertiser's email, with its pacing; not another's.
      const list = await t.request({
        method: 'GET',
        url: `/api/v1/admin/campaigns?q=${encodeURIComponent(buyer.email)}&limit=100`,
        cookie: admin.cookie,
      });
      expect(list.statusCode, list.body).toBe(200);
      const items = ZAdminCampaignList.parse(list.json()).items;
      expect(items.find((item) => item.id === made.id)?.pacing?.status).toBe('ahead');
      expect(items.find((item) => item.id === plain.id)?.pacing).toBeNull();
      expect(items.every((item) => item.owner.id === buyer.userId)).toBe(true);
      const byName = await t.request({
        method: 'GET',
        url: '/api/v1/admin/campaigns?q=paced%20SALE&status=active',
        cookie: admin.cookie,
      });
      expect(ZAdminCampaignList.parse(byName.json()).items.map((item) => item.id)).toEqual([
        made.id,
      ]);
    });

    it('lists only approved-monetized spaces, with their ad-slot seconds per day', async () => {
      const [loop] = await t.app.deps.db
        .insert(playlist)
        .values({
          ownerId: owner.userId,
          name: 'Half ads',
          items: [
            {
              id: 'poster',
              type: 'content',
              contentId: crypto.randomUUID(),
              kind: 'image',
              durationSeconds: 15,
            },
            { id: 'slot', type: 'adSlot', lengthSeconds: 15 },
          ],
        })
        .returning({ id: playlist.id });
      await setDefaultPlaylist(t, monetized, loop!.id);
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/marketplace/ad-spaces',
        cookie: buyer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = ZMarketplaceAdSpaceList.parse(res.json());
      expect(items.map((item) => item.adSpaceId)).toEqual([monetized]);
      expect(items[0]).toMatchObject({
        name: 'Monetized window',
        city: 'Springfield',
        venueType: 'retail',
        orientation: 'landscape',
        floorMicrosPerSecond: 500,
        // Half of every second of the day.
        slotSecondsPerDay: 43_200,
      });
      expect(items[0]).not.toHaveProperty('ownerId');
    });

    it('refuses to delete a library item a campaign that is not over uses', async () => {
      const item = await addContent(t, buyer, 'image', 'In use');
      const made = await draft({ name: 'Uses it', creativeIds: [item.id] });
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v1/content/${item.id}`,
        cookie: buyer.cookie,
      });
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe('in-use');
      expect(ZInUseDetails.parse(ZApiError.parse(res.json()).error.details).references).toEqual([
        { kind: 'campaign', id: made.id, name: 'Uses it' },
      ]);
      await act(made.id, 'cancel', { 'idempotency-key': crypto.randomUUID() });
      const after = await t.request({
        method: 'DELETE',
        url: `/api/v1/content/${item.id}`,
        cookie: buyer.cookie,
      });
      expect(after.statusCode).toBe(204);
    });
  });
});

function heartbeat(adCreativesReady: string[]): TPlayerHeartbeat {
  return {
    appVersion: '1.0.0',
    manifestVersion: 'v1',
    storage: { usedBytes: 0, quotaBytes: null, persisted: true },
    cache: { filesReady: 1, filesNeeded: 1, bytesReady: 1, bytesNeeded: 1, problem: null },
    nowPlaying: null,
    adCreativesReady,
  };
}
