// A campaign's life through the API: drafts and their validation, the state machine (submit,
// reject, approve with its budget hold, pause, resume, cancel) and completion at the end of the
// flight or of the budget, with the money each move holds or returns.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZCampaign, ZCampaignList } from '@screenline/shared/campaign';
import { campaign } from '../../db/schema/index';
import { campaignHoldAccountId, PLATFORM_REVENUE_ACCOUNT_ID, transfer } from '../ledger/ledger';
import { completeDueCampaigns } from './campaign-completion';
import { codeOf, useCampaignsApp, utcDay } from '../../../test/campaigns-app';
import { BACKENDS } from '../../../test/harness';
import { contentVersionOf, fieldErrorsOf } from '../../../test/screen-rows';

describe.each(BACKENDS)('campaigns on %s', (backend) => {
  const app = useCampaignsApp(backend);
  const { create, input, draft, act, decide, view, wallet, fund, approved } = app;

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
        owner: { id: app.buyer.userId },
      });
      expect(made.creatives).toEqual([
        expect.objectContaining({ id: app.poster.id, name: 'Spring poster', kind: 'image' }),
      ]);
      expect(made.creatives[0]?.url).toMatch(/^\//);
      expect(made.history).toHaveLength(1);
      expect(made.history[0]).toMatchObject({
        from: null,
        to: 'draft',
        actor: { id: app.buyer.userId },
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
      const res = await create(input({ creativeIds: [app.othersPoster.id] }));
      expect(res.statusCode).toBe(404);
    });

    it('keeps fields a change leaves out, and checks the campaign as it will be', async () => {
      const made = await draft({ dailyCapMicros: 1_000_000 });
      const res = await app.t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
        payload: { name: 'Summer sale' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZCampaign.parse(res.json())).toMatchObject({
        name: 'Summer sale',
        dailyCapMicros: 1_000_000,
      });
      const over = await app.t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
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
      const onlyUnapproved = await draft({ targeting: { adSpaceIds: [app.unapproved] } });
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
      const patch = await app.t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
        payload: { name: 'Too late' },
      });
      expect(patch.statusCode).toBe(409);
      const remove = await app.t.request({
        method: 'DELETE',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
      });
      expect(remove.statusCode).toBe(409);
    });

    it('deletes drafts only', async () => {
      const made = await draft();
      const res = await app.t.request({
        method: 'DELETE',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
      });
      expect(res.statusCode).toBe(204);
      expect(
        (
          await app.t.request({
            method: 'GET',
            url: `/api/v1/campaigns/${made.id}`,
            cookie: app.buyer.cookie,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('rejects with a reason, emails it escaped, and lets the buyer change and resubmit', async () => {
      const made = await draft({ name: 'Blurry <launch>' });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      const withoutKey = await app.t.request({
        method: 'POST',
        url: `/api/v1/admin/campaigns/${made.id}/reject`,
        cookie: app.admin.cookie,
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

      const [mail] = (await app.t.app.deps.mail.listRecent()).filter(
        (m) => m.to === app.buyer.email && m.subject.includes('Blurry'),
      );
      expect(mail?.html).toContain('The &lt;b&gt;logo&lt;/b&gt; is cut off.');
      expect(mail?.html).not.toContain('<b>logo');

      const patched = await app.t.request({
        method: 'PATCH',
        url: `/api/v1/campaigns/${made.id}`,
        cookie: app.buyer.cookie,
        payload: { name: 'Sharp launch' },
      });
      expect(patched.statusCode).toBe(200);
      expect(ZCampaign.parse((await act(made.id, 'submit')).json()).state).toBe('pending');
    });

    it('approves by holding the budget, and refuses when the wallet cannot cover it', async () => {
      const made = await draft({ budgetMicros: 3_000_000, startDate: utcDay(2) });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      const before = await wallet(app.buyer.userId);
      const short = await decide(made.id, 'approve');
      expect(short.statusCode).toBe(409);
      expect(codeOf(short)).toBe('insufficient-funds');
      expect((await view(made.id)).state).toBe('pending');
      expect(await wallet(app.buyer.userId)).toBe(before);

      await fund(app.buyer.userId, 3_000_000);
      const versionBefore = await contentVersionOf(app.t, app.monetized);
      const res = await decide(made.id, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      expect(ZCampaign.parse(res.json())).toMatchObject({
        state: 'approved',
        status: 'scheduled',
        remainingMicros: 3_000_000,
      });
      expect(await wallet(app.buyer.userId)).toBe(before);
      expect(await contentVersionOf(app.t, app.monetized)).toBeGreaterThan(versionBefore);
      expect(await contentVersionOf(app.t, app.unapproved)).toBe(1);
      expect((await decide(made.id, 'approve')).statusCode).toBe(409);
      const mails = await app.t.app.deps.mail.listRecent();
      expect(
        mails.some(
          (m) => m.to === app.buyer.email && m.subject === 'Campaign approved: Spring sale',
        ),
      ).toBe(true);

      const scheduled = await app.t.request({
        method: 'GET',
        url: '/api/v1/campaigns?status=scheduled',
        cookie: app.buyer.cookie,
      });
      expect(ZCampaignList.parse(scheduled.json()).items.map((item) => item.id)).toContain(made.id);
      const active = await app.t.request({
        method: 'GET',
        url: '/api/v1/campaigns?status=active',
        cookie: app.buyer.cookie,
      });
      expect(ZCampaignList.parse(active.json()).items.map((item) => item.id)).not.toContain(
        made.id,
      );
      const all = await app.t.request({
        method: 'GET',
        url: '/api/v1/admin/campaigns?status=scheduled',
        cookie: app.admin.cookie,
      });
      expect(ZCampaignList.parse(all.json()).items.map((item) => item.id)).toContain(made.id);
    });

    it('decides concurrent approvals with different keys once, holding the budget once', async () => {
      const made = await draft({ budgetMicros: 1_000_000 });
      expect((await act(made.id, 'submit')).statusCode).toBe(200);
      await fund(app.buyer.userId, 1_000_000);
      const before = await wallet(app.buyer.userId);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => decide(made.id, 'approve')));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await wallet(app.buyer.userId)).toBe(before - 1_000_000);
      expect((await view(made.id)).remainingMicros).toBe(1_000_000);
      // The other buyer sees none of it.
      const theirs = await app.t.request({
        method: 'GET',
        url: '/api/v1/campaigns',
        cookie: app.otherBuyer.cookie,
      });
      expect(ZCampaignList.parse(theirs.json()).items.map((item) => item.id)).not.toContain(
        made.id,
      );
    });

    it('pauses and resumes approved campaigns only, telling the targeted screens', async () => {
      const made = await approved();
      expect(made.status).toBe('active');
      expect((await act(made.id, 'resume')).statusCode).toBe(409);
      const versionBefore = await contentVersionOf(app.t, app.monetized);
      const paused = await act(made.id, 'pause');
      expect(ZCampaign.parse(paused.json()).state).toBe('paused');
      expect(await contentVersionOf(app.t, app.monetized)).toBe(versionBefore + 1);
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
      const before = await wallet(app.buyer.userId);
      expect((await act(made.id, 'cancel')).statusCode).toBe(400);
      const key = crypto.randomUUID();
      const res = await act(made.id, 'cancel', { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      const canceled = ZCampaign.parse(res.json());
      expect(canceled).toMatchObject({ state: 'canceled', remainingMicros: 2_000_000 });
      expect(Date.parse(canceled.holdReleaseAt ?? '')).toBeGreaterThan(Date.now());
      expect(await wallet(app.buyer.userId)).toBe(before);
      const replay = await act(made.id, 'cancel', { 'idempotency-key': key });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      // The grace period passes: settlement returns the rest, once.
      await app.t.app.deps.db
        .update(campaign)
        .set({ holdReleaseAt: new Date(Date.now() - 1000) })
        .where(eq(campaign.id, made.id));
      await app.t.app.deps.settlement.settleDue();
      await app.t.app.deps.settlement.settleDue();
      expect(await wallet(app.buyer.userId)).toBe(before + 2_000_000);
      expect((await view(made.id)).remainingMicros).toBe(0);
      const again = await act(made.id, 'cancel', { 'idempotency-key': crypto.randomUUID() });
      expect(codeOf(again)).toBe('invalid-state');

      for (const state of ['draft', 'pending', 'rejected'] as const) {
        const other = await draft();
        await app.t.app.deps.db.update(campaign).set({ state }).where(eq(campaign.id, other.id));
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
      await app.t.app.deps.db
        .update(campaign)
        .set({ startDate: utcDay(-5), endDate: utcDay(-1) })
        .where(eq(campaign.id, ended.id));
      await app.t.app.deps.db.transaction(async (tx) => {
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
      const before = await wallet(app.buyer.userId);
      const noon = new Date(`${utcDay(0)}T12:00:00Z`);
      const count = await completeDueCampaigns(
        app.t.app.deps.db,
        app.t.app.deps.playerChanges,
        noon,
      );
      expect(count).toBeGreaterThanOrEqual(2);
      const [endedNow, laterNow, spentNow] = [
        await view(ended.id),
        await view(endsLater.id),
        await view(spent.id),
      ];
      // Completed; the rest waits for late plays, then goes back.
      expect(endedNow).toMatchObject({ state: 'completed', remainingMicros: 1_000_000 });
      expect(await wallet(app.buyer.userId)).toBe(before);
      await app.t.app.deps.db
        .update(campaign)
        .set({ holdReleaseAt: new Date(Date.now() - 1000) })
        .where(eq(campaign.id, ended.id));
      await app.t.app.deps.settlement.settleDue();
      expect(endedNow.history.at(-1)).toMatchObject({
        from: 'approved',
        to: 'completed',
        actor: null,
      });
      expect(laterNow.state).toBe('approved');
      expect(spentNow.state).toBe('completed');
      expect(await wallet(app.buyer.userId)).toBe(before + 1_000_000);
      // Running again moves nothing.
      await completeDueCampaigns(app.t.app.deps.db, app.t.app.deps.playerChanges, noon);
      expect(await wallet(app.buyer.userId)).toBe(before + 1_000_000);
    });
  });
});
