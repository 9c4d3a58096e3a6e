import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZApprovalPolicy,
  ZApprovalPolicyList,
  ZCampaignApproval,
  ZCampaignApprovalList,
  ZCampaignSpaceApprovals,
  type TApprovalPolicyInput,
  type TSpaceApprovalState,
} from '@screenline/shared/approval';
import { ZCampaignResults } from '@screenline/shared/campaign';
import { ZOutboxList } from '@screenline/shared/mail';
import { adSpaceApprovalPolicy, campaignSpaceApproval } from '../../db/schema/index';
import { createContentDirectory } from '../content/content-directory';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  popMarketplace,
  type TPopMarketplace,
  type TPopScreen,
} from '../../../test/proof-of-play-setup';
import { signUpForStorage } from '../../../test/storage-helpers';
import { createApprovalsService } from './approvals.service';

const HOUR = 3_600_000;

describe.each(BACKENDS)('owner approval on %s', (backend) => {
  let t: TTestApp;
  let m: TPopMarketplace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    m = await popMarketplace(t);
  });
  afterAll(() => t.close());

  const setPolicy = (adSpaceId: string, input: Partial<TApprovalPolicyInput>, cookie?: string) =>
    t.request({
      method: 'PUT',
      url: `/api/v1/ad-spaces/${adSpaceId}/approval-policy`,
      cookie: cookie ?? m.owner.cookie,
      payload: {
        mode: 'platform',
        allowedAdvertiserIds: [],
        blockedAdvertiserIds: [],
        blockedCategories: [],
        ...input,
      },
    });
  async function policy(adSpaceId: string, input: Partial<TApprovalPolicyInput>) {
    const res = await setPolicy(adSpaceId, input);
    expect(res.statusCode, res.body).toBe(200);
    return ZApprovalPolicy.parse(res.json());
  }
  const decide = (adSpaceId: string, campaignId: string, payload: object) =>
    t.request({
      method: 'POST',
      url: `/api/v1/ad-spaces/${adSpaceId}/campaign-approvals/${campaignId}`,
      cookie: m.owner.cookie,
      payload,
    });
  async function queue(state?: TSpaceApprovalState) {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/campaign-approvals${state ? `?state=${state}` : ''}`,
      cookie: m.owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaignApprovalList.parse(res.json()).items;
  }
  const standingIn = async (campaignId: string, adSpaceId: string) =>
    (await queue()).find((item) => item.campaign.id === campaignId && item.adSpaceId === adSpaceId);
  async function buyerView(campaignId: string) {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignId}/space-approvals`,
      cookie: m.buyer.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaignSpaceApprovals.parse(res.json()).items;
  }
  const filled = async (screen: TPopScreen) =>
    ((await m.serve(screen)).adFill?.campaigns ?? []).map((entry) => entry.campaignId);
  /** A play that starts after now (on the TV's clock), so after any decision made so far. */
  const playFromNow = (screen: TPopScreen, campaignId: string) => {
    screen.clock = Math.max(screen.clock, Date.now() + 1000);
    return m.play(screen, campaignId);
  };
  const mailsTo = async (to: string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/dev/mailbox' });
    return ZOutboxList.parse(res.json()).items.filter((mail) => mail.to === to);
  };

  it('lets the platform decide by default, as before', async () => {
    const screen = await m.newScreen();
    const campaignId = await m.campaignOn(screen);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/approval-policies',
      cookie: m.owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = ZApprovalPolicyList.parse(res.json()).items.find(
      (item) => item.adSpaceId === screen.adSpaceId,
    );
    expect(listed).toMatchObject({ mode: 'platform', updatedAt: null });
    expect(await filled(screen)).toEqual([campaignId]);
    expect(await standingIn(campaignId, screen.adSpaceId)).toMatchObject({
      state: 'approved',
      decidedByKind: 'platform',
    });
    const play = m.play(screen, campaignId);
    await m.sent(screen, [play]);
    expect(await m.reasons([play])).toEqual(['billed']);
  });

  it('review: nothing plays until the owner approves; a decline takes it off with a reason the buyer reads', async () => {
    const screen = await m.newScreen();
    const campaignId = await m.campaignOn(screen, { name: 'Review me' });
    await m.serve(screen);
    const before = m.play(screen, campaignId);
    await policy(screen.adSpaceId, { mode: 'review' });

    // Pending: out of the fill, in the queue with its deadline, and the buyer sees it waiting.
    expect(await filled(screen)).toEqual([]);
    const waiting = (await queue('pending')).find((item) => item.campaign.id === campaignId);
    expect(waiting).toMatchObject({ state: 'pending', adSpaceId: screen.adSpaceId });
    expect(Date.parse(waiting?.deadlineAt ?? '') - Date.now()).toBeGreaterThan(47 * HOUR);
    expect(waiting?.campaign.creatives.map((creative) => creative.id)).toEqual([m.creative]);
    expect(await buyerView(campaignId)).toMatchObject([{ state: 'pending' }]);
    // A play offered while the platform decided, reported after the switch: not billed.
    await m.sent(screen, [before]);
    expect(await m.reasons([before])).toEqual(['not-approved']);

    const approved = await decide(screen.adSpaceId, campaignId, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ZCampaignApproval.parse(approved.json())).toMatchObject({
      state: 'approved',
      decidedByKind: 'owner',
    });
    expect(await filled(screen)).toEqual([campaignId]);
    const after = playFromNow(screen, campaignId);
    await m.sent(screen, [after]);
    expect(await m.reasons([after])).toEqual(['billed']);

    const declined = await decide(screen.adSpaceId, campaignId, {
      decision: 'decline',
      reason: 'We do not show competitors.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await filled(screen)).toEqual([]);
    expect(await buyerView(campaignId)).toMatchObject([
      { state: 'declined', decidedByKind: 'owner', reason: 'We do not show competitors.' },
    ]);
    const told = await mailsTo(m.buyer.email);
    expect(told.some((mail) => mail.text.includes('We do not show competitors.'))).toBe(true);
  });

  it('rules: block list, allow list and blocked categories decide without the owner', async () => {
    const screen = await m.newScreen();
    const food = await m.campaignOn(screen, { name: 'Food', category: 'food-drink' });
    const drinks = await m.campaignOn(screen, { name: 'Drinks', category: 'alcohol' });
    const untold = await m.campaignOn(screen, { name: 'Untold', category: null });

    await policy(screen.adSpaceId, { mode: 'rules', blockedCategories: ['alcohol'] });
    expect((await filled(screen)).sort()).toEqual([food].sort());
    expect(await standingIn(drinks, screen.adSpaceId)).toMatchObject({
      state: 'declined',
      decidedByKind: 'rules',
    });
    expect((await standingIn(untold, screen.adSpaceId))?.state).toBe('declined');

    await policy(screen.adSpaceId, { mode: 'rules', blockedAdvertiserIds: [m.buyer.userId] });
    expect(await filled(screen)).toEqual([]);
    const saved = await policy(screen.adSpaceId, {
      mode: 'rules',
      allowedAdvertiserIds: [m.buyer.userId],
    });
    expect(saved.allowedAdvertisers.map((advertiser) => advertiser.id)).toEqual([m.buyer.userId]);
    expect((await filled(screen)).sort()).toEqual([food, drinks, untold].sort());
    const someoneElse = await signUpForStorage(t);
    await policy(screen.adSpaceId, { mode: 'rules', allowedAdvertiserIds: [someoneElse.userId] });
    expect(await filled(screen)).toEqual([]);

    // Deciding one by one is for review mode only.
    const refused = await decide(screen.adSpaceId, food, { decision: 'approve' });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('expires an undecided campaign after 48 hours, stores it once and tells the buyer once', async () => {
    const screen = await m.newScreen();
    const campaignId = await m.campaignOn(screen, {
      name: 'Slow owner',
      approvedAt: new Date(Date.now() - 49 * HOUR),
    });
    await policy(screen.adSpaceId, { mode: 'review' });
    // The policy was set to review 49 hours ago too (the deadline counts from the later).
    await t.app.deps.db
      .update(adSpaceApprovalPolicy)
      .set({ effectiveSince: new Date(Date.now() - 49 * HOUR) })
      .where(eq(adSpaceApprovalPolicy.adSpaceId, screen.adSpaceId));
    expect(await filled(screen)).toEqual([]);
    expect(await buyerView(campaignId)).toMatchObject([{ state: 'expired' }]);

    const sweep = createApprovalsService({
      db: t.app.deps.db,
      access: t.app.deps.access,
      campaigns: t.app.deps.campaignReads,
      contentOf: (db) =>
        createContentDirectory(db, t.app.deps.storage, t.app.deps.config.storageBucket),
      changes: t.app.deps.playerChanges,
      sendMail: (mail) => t.app.deps.mail.enqueue(mail),
      publicUrl: 'http://127.0.0.1:3000',
    });
    const expiryMails = async () =>
      (await mailsTo(m.buyer.email)).filter(
        (mail) => mail.subject === 'Not decided in time: Slow owner',
      ).length;
    // The recurring sweep may have run first: either way it is stored and told once.
    await sweep.expireOverdue();
    expect(await sweep.expireOverdue()).toBe(0);
    const [row] = await t.app.deps.db
      .select()
      .from(campaignSpaceApproval)
      .where(eq(campaignSpaceApproval.campaignId, campaignId));
    expect(row?.decision).toBe('expired');
    expect(await expiryMails()).toBe(1);
    expect(await buyerView(campaignId)).toMatchObject([
      { state: 'expired', reason: expect.stringContaining('48 hours') as unknown },
    ]);
    // The owner may still approve it late.
    const late = await decide(screen.adSpaceId, campaignId, { decision: 'approve' });
    expect(late.statusCode, late.body).toBe(200);
    expect(await filled(screen)).toEqual([campaignId]);
  });

  it('counts only approved screens in “ready on N of M”', async () => {
    const open = await m.newScreen();
    const reviewed = await m.newScreen();
    const campaignId = await m.campaignOn(open, {
      targeting: { adSpaceIds: [open.adSpaceId, reviewed.adSpaceId] },
    });
    await policy(reviewed.adSpaceId, { mode: 'review' });
    const results = await t.request({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignId}/results`,
      cookie: m.buyer.cookie,
    });
    expect(results.statusCode, results.body).toBe(200);
    expect(ZCampaignResults.parse(results.json()).readiness.targetedScreens).toBe(1);
    expect((await buyerView(campaignId)).map((item) => item.state).sort()).toEqual([
      'approved',
      'pending',
    ]);
  });

  it('refuses bad input, other owners’ spaces and campaigns not on the space', async () => {
    const screen = await m.newScreen();
    const elsewhere = await m.newScreen();
    const campaignId = await m.campaignOn(elsewhere);
    await policy(screen.adSpaceId, { mode: 'review' });
    await policy(elsewhere.adSpaceId, { mode: 'review' });

    const noReason = await decide(elsewhere.adSpaceId, campaignId, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    const badMode = await setPolicy(screen.adSpaceId, { mode: 'everything' as never });
    expect(badMode.statusCode).toBe(400);
    const badCategory = await setPolicy(screen.adSpaceId, {
      mode: 'rules',
      blockedCategories: ['weapons' as never],
    });
    expect(badCategory.statusCode).toBe(400);
    // The campaign does not target this space.
    expect((await decide(screen.adSpaceId, campaignId, { decision: 'approve' })).statusCode).toBe(
      404,
    );
    // Another owner cannot set or decide on this owner's space.
    const stranger = await signUpForStorage(t);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: stranger.cookie,
      payload: { role: 'advertiser' },
    });
    expect(
      (await setPolicy(elsewhere.adSpaceId, { mode: 'platform' }, stranger.cookie)).statusCode,
    ).toBe(404);
    const strangers = await t.request({
      method: 'POST',
      url: `/api/v1/ad-spaces/${elsewhere.adSpaceId}/campaign-approvals/${campaignId}`,
      cookie: stranger.cookie,
      payload: { decision: 'approve' },
    });
    expect(strangers.statusCode).toBe(404);
    // Nothing changed: still pending.
    expect((await buyerView(campaignId))[0]?.state).toBe('pending');
  });
});
