// Proof of play's rules through the API, each failing without its check (slot length, time,
// overlap, offered, live, cancel's grace period, daily cap, targeting), and the unbilled plays
// they leave, visible to the owner, the buyer and super-users with their reasons.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCampaign, ZCampaignResults } from '@screenline/shared/campaign';
import { ZEarnings } from '@screenline/shared/monetization';
import { ZPlaysReport } from '@screenline/shared/player';
import {
  HOLD_RELEASE_GRACE_MS,
  PLAY_CLOCK_SKEW_MS,
  PLAY_MAX_AGE_MS,
  PLAY_SLOT_TOLERANCE_MS,
  ZProofOfPlayOverview,
} from '@screenline/shared/proof-of-play';
import { campaign, campaignEvent, impression } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  popMarketplace,
  TEN_SECONDS,
  type TPopMarketplace,
} from '../../../test/proof-of-play-setup';

const DAY_MS = 86_400_000;

describe.each(BACKENDS)('proof of play on %s', (backend) => {
  let t: TTestApp;
  let m: TPopMarketplace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    m = await popMarketplace(t);
  });
  afterAll(() => t.close());

  describe('the rules (each fails without its check)', () => {
    it('slot length: at most the slot plus the tolerance is billed', async () => {
      const screen = await m.newScreen({ slotSeconds: 4 });
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      // A day reported for a 4 s slot; a timer 1 ms late; one 600 ms late.
      const batch = [
        m.play(screen, campaignId, { shownMs: 86_400_000 }),
        m.play(screen, campaignId, { shownMs: 4_001 }),
        m.play(screen, campaignId, { shownMs: 4_600 }),
      ];
      // The day-long play moved the TV's clock past now: start the others where a TV would.
      batch[1]!.startedAt = new Date(Date.parse(batch[0]!.startedAt) + 5_000).toISOString();
      batch[2]!.startedAt = new Date(Date.parse(batch[0]!.startedAt) + 10_000).toISOString();
      await m.sent(screen, batch);
      // The day-long one ends after now: a TV cannot report that (clock-ahead).
      expect(await m.reasons(batch)).toEqual(['clock-ahead', 'billed', 'billed']);
      expect(await m.billed(batch)).toEqual([0, 40_010, 40_000 + PLAY_SLOT_TOLERANCE_MS * 10]);
      // Shown long ago, reported now: the slot, not the day.
      const honestLong = m.play(screen, campaignId, { shownMs: 60_000 });
      honestLong.startedAt = new Date(Date.now() - 3 * 60_000).toISOString();
      await m.sent(screen, [honestLong]);
      expect(await m.billed([honestLong])).toEqual([40_000 + PLAY_SLOT_TOLERANCE_MS * 10]);
    });

    it('time: a play from the future, from 2036 or older than the maximum age is stored, never billed', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const at = (ms: number) => new Date(ms).toISOString();
      const batch = [
        m.play(screen, campaignId, { startedAt: at(Date.now() + PLAY_CLOCK_SKEW_MS + 60_000) }),
        m.play(screen, campaignId, { startedAt: '2036-06-01T12:00:00.000Z' }),
        m.play(screen, campaignId, { startedAt: '2021-06-01T12:00:00.000Z' }),
        m.play(screen, campaignId, { startedAt: at(Date.now() - PLAY_MAX_AGE_MS - 60_000) }),
        m.play(screen, campaignId),
      ];
      expect((await m.sent(screen, batch)).accepted).toHaveLength(5);
      expect(await m.reasons(batch)).toEqual([
        'clock-ahead',
        'clock-ahead',
        'too-old',
        'too-old',
        'billed',
      ]);
    });

    it('one screen shows one thing at a time: overlapping plays are billed once for the overlap', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const first = m.play(screen, campaignId);
      // Twenty plays at the same instant, sent in two batches at once.
      const same = Array.from({ length: 20 }, () =>
        m.play(screen, campaignId, { startedAt: first.startedAt }),
      );
      const [a, b] = await Promise.all([
        m.send(screen, [first, ...same.slice(0, 10)]),
        m.send(screen, same.slice(10)),
      ]);
      expect(a?.statusCode).toBe(200);
      expect(b?.statusCode).toBe(200);
      const billed = await m.billed([first, ...same]);
      expect(billed.filter((charge) => charge > 0)).toEqual([TEN_SECONDS]);
      const verdicts = await m.reasons([first, ...same]);
      expect(verdicts.filter((verdict) => verdict === 'overlap')).toHaveLength(20);
      // Half over the first: the other half is billed.
      const half = m.play(screen, campaignId, {
        startedAt: new Date(Date.parse(first.startedAt) + 5_000).toISOString(),
      });
      await m.sent(screen, [half]);
      expect(await m.billed([half])).toEqual([50_000]);
    });

    it('it was offered: a campaign no manifest sent to this TV contained is not billed', async () => {
      const screen = await m.newScreen({ floor: 5_000 });
      const tomorrow = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
      const notStarted = await m.campaignOn(screen, { startDate: tomorrow });
      const belowFloor = await m.campaignOn(screen, { bidMicrosPerSecond: 4_000 });
      const nightOnly = await m.campaignOn(screen, {
        // A daypart that is not now in Berlin: three hours from now, for an hour.
        dayparts: [daypartAway(3)],
      });
      const live = await m.campaignOn(screen);
      const excluded = await m.campaignOn(screen);
      const putPlaylist = await t.request({
        method: 'PUT',
        url: `/api/v1/admin/ad-playlists/${screen.adSpaceId}`,
        cookie: m.admin.cookie,
        payload: { pinnedCampaignIds: [], excludedCampaignIds: [excluded], houseAdContentIds: [] },
      });
      expect(putPlaylist.statusCode, putPlaylist.body).toBe(200);
      const manifest = await m.serve(screen);
      const offered = manifest.adFill?.campaigns.map((entry) => entry.campaignId) ?? [];
      // In the fill with windows later this week (not now): the flight and the daypart.
      expect(offered).toEqual(expect.arrayContaining([live, notStarted, nightOnly]));
      expect(offered).not.toContain(belowFloor);
      expect(offered).not.toContain(excluded);
      const batch = [notStarted, belowFloor, nightOnly, excluded, live].map((id) =>
        m.play(screen, id),
      );
      // An ad slot the manifest does not have, and a campaign that does not exist.
      const wrongSlot = m.play(screen, live, { itemId: 'not-a-slot' });
      const nobody = m.play(screen, crypto.randomUUID());
      await m.sent(screen, [...batch, wrongSlot, nobody]);
      expect(await m.reasons([...batch, wrongSlot, nobody])).toEqual([
        'not-offered',
        'not-offered',
        'not-offered',
        'not-offered',
        'billed',
        'not-offered',
        'not-offered',
      ]);
      // A play dated before the manifest that offered it was sent (beyond the clock skew).
      const early = m.play(screen, live, {
        startedAt: new Date(Date.now() - PLAY_CLOCK_SKEW_MS - 60_000).toISOString(),
      });
      await m.sent(screen, [early]);
      expect(await m.reasons([early])).toEqual(['not-offered']);
    });

    it('live means billable: shown while live, billed even if paused or canceled before it arrived; shown after, not', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const whileLive = [m.play(screen, campaignId), m.play(screen, campaignId)];
      // Paused after those plays, before they arrived.
      await moveCampaign(campaignId, 'paused');
      const afterPause = m.play(screen, campaignId);
      afterPause.startedAt = new Date(Date.now() + 1_000).toISOString();
      afterPause.shownMs = 1_000;
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await m.sent(screen, [...whileLive, afterPause]);
      expect(await m.reasons([...whileLive, afterPause])).toEqual(['billed', 'billed', 'not-live']);
    });

    it('cancel keeps the hold for the grace period, bills late plays shown while live, then returns the rest', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, {
        bidMicrosPerSecond: 10_000,
        budgetMicros: 1_000_000,
      });
      await m.serve(screen);
      const late = m.play(screen, campaignId);
      await m.sent(screen, [m.play(screen, campaignId)]);
      await m.verdicts([]);
      const canceled = await t.request({
        method: 'POST',
        url: `/api/v1/campaigns/${campaignId}/cancel`,
        cookie: m.buyer.cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const view = ZCampaign.parse(canceled.json());
      expect(view.remainingMicros).toBe(1_000_000 - TEN_SECONDS);
      const releaseAt = Date.parse(view.holdReleaseAt ?? '');
      expect(releaseAt - Date.now()).toBeGreaterThan(HOLD_RELEASE_GRACE_MS - 60_000);
      expect(releaseAt - Date.now()).toBeLessThanOrEqual(HOLD_RELEASE_GRACE_MS);
      // A play shown before the cancel arrives after it: billed.
      await m.sent(screen, [late]);
      expect(await m.billed([late])).toEqual([TEN_SECONDS]);
      expect((await m.money(campaignId)).hold).toBe(1_000_000 - 2 * TEN_SECONDS);
      // The grace period passes: the rest goes back.
      await t.app.deps.db
        .update(campaign)
        .set({ holdReleaseAt: new Date(Date.now() - 1_000) })
        .where(eq(campaign.id, campaignId));
      await m.verdicts([]);
      expect((await m.money(campaignId)).hold).toBe(0);
    });

    it('daily cap: counts plays on their local day in the location’s zone', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, {
        bidMicrosPerSecond: 10_000,
        dailyCapMicros: 150_000,
      });
      await m.serve(screen);
      const plays = [1, 2, 3].map(() => m.play(screen, campaignId));
      await m.sent(screen, plays);
      expect(await m.billed(plays)).toEqual([TEN_SECONDS, 50_000, 0]);
      expect((await m.reasons(plays))[2]).toBe('cap-reached');
      // Each play keeps its local day at the screen: a play a second before the last Berlin
      // midnight is on the day before there, whatever the UTC date.
      const midnight = berlinMidnightBefore(Date.now());
      const beforeMidnight = m.play(screen, campaignId, {
        startedAt: new Date(midnight - 1_000).toISOString(),
        shownMs: 500,
      });
      await m.sent(screen, [beforeMidnight]);
      const [stored] = await t.app.deps.db
        .select({ day: impression.localDay })
        .from(impression)
        .where(eq(impression.id, beforeMidnight.id));
      expect(stored?.day).toBe(berlinDate(midnight - 1_000));
      expect(berlinDate(midnight)).not.toBe(stored?.day);
    });

    it('targeting: what the space was approved with; editing its city afterwards moves nothing', async () => {
      const screen = await m.newScreen();
      const hamburg = await m.campaignOn(screen, {
        targeting: { cities: ['Hamburg'] },
        bidMicrosPerSecond: 10_000,
      });
      const edited = await t.request({
        method: 'PATCH',
        url: `/api/v1/locations/${m.location.id}`,
        cookie: m.owner.cookie,
        payload: { address: { ...m.location.address, city: 'Hamburg' } },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      try {
        const manifest = await m.serve(screen);
        expect(manifest.adFill?.campaigns.map((entry) => entry.campaignId)).not.toContain(hamburg);
        const forged = m.play(screen, hamburg);
        await m.sent(screen, [forged]);
        expect(await m.reasons([forged])).toEqual(['not-offered']);
      } finally {
        await t.request({
          method: 'PATCH',
          url: `/api/v1/locations/${m.location.id}`,
          cookie: m.owner.cookie,
          payload: { address: m.location.address },
        });
      }
    });
  });

  describe('unbilled plays are visible', () => {
    it('to the owner (plays report, earnings) and the buyer (results), with their reasons and what is settling', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const future = new Date(Date.now() + PLAY_CLOCK_SKEW_MS + 60_000).toISOString();
      const plays = [
        m.play(screen, campaignId),
        m.play(screen, campaignId, { startedAt: future }),
        m.play(screen, campaignId, { endReason: 'failed' }),
      ];
      await m.sent(screen, plays);
      // Earnings count each play on its local day at the screen (Europe/Berlin): from 23:00 UTC
      // that is already tomorrow in UTC.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
        new Date(),
      );
      const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
      const results = async () =>
        ZCampaignResults.parse(
          (
            await t.request({
              method: 'GET',
              url: `/api/v1/campaigns/${campaignId}/results?from=${yesterday}&to=${tomorrow}`,
              cookie: m.buyer.cookie,
            })
          ).json(),
        );
      // Before settlement: one play settling, two refused on arrival.
      const settling = await results();
      expect(settling.settling.plays).toBe(1);
      expect(settling.totals.spentMicros).toBe(0);
      await m.verdicts([]);
      const settled = await results();
      expect(settled.settling.plays).toBe(0);
      expect(settled.totals.spentMicros).toBe(TEN_SECONDS);
      expect(settled.unbilled).toEqual(
        expect.arrayContaining([
          { reason: 'clock-ahead', plays: 1 },
          { reason: 'failed', plays: 1 },
        ]),
      );
      const report = ZPlaysReport.parse(
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/ad-spaces/${screen.adSpaceId}/plays?from=${yesterday}&to=${tomorrow}`,
            cookie: m.owner.cookie,
          })
        ).json(),
      );
      expect(report.adPlays.billed).toBe(1);
      expect(report.adPlays.unbilled).toEqual(
        expect.arrayContaining([
          { reason: 'clock-ahead', plays: 1 },
          { reason: 'failed', plays: 1 },
        ]),
      );
      const earnings = ZEarnings.parse(
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/earnings?from=${yesterday}&to=${tomorrow}`,
            cookie: m.owner.cookie,
          })
        ).json(),
      );
      const ours = earnings.byAdSpace.find((space) => space.adSpaceId === screen.adSpaceId);
      expect(ours?.earnedMicros).toBe((TEN_SECONDS * 8000) / 10_000);
      expect(earnings.byDay.find((day) => day.day === today)?.earnedMicros ?? 0).toBeGreaterThan(0);
      expect(earnings.unbilled.length).toBeGreaterThan(0);
    });
  });

  describe('super-users', () => {
    it('see the platform’s verdicts and the TVs with a high share of refused plays, with the figures', async () => {
      const screen = await m.newScreen();
      const honestScreen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      const other = await m.campaignOn(honestScreen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      await m.serve(honestScreen);
      const future = new Date(Date.now() + PLAY_CLOCK_SKEW_MS + 60_000).toISOString();
      await m.sent(screen, [
        ...Array.from({ length: 20 }, () => m.play(screen, campaignId, { shownMs: 1_000 })),
        ...Array.from({ length: 5 }, () => m.play(screen, campaignId, { startedAt: future })),
      ]);
      await m.sent(
        honestScreen,
        Array.from({ length: 20 }, () => m.play(honestScreen, other, { shownMs: 1_000 })),
      );
      await m.verdicts([]);
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/admin/proof-of-play',
        cookie: m.admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const overview = ZProofOfPlayOverview.parse(res.json());
      const flagged = overview.flaggedDevices.find((tv) => tv.deviceId === screen.deviceId);
      expect(flagged).toMatchObject({
        adSpaceId: screen.adSpaceId,
        owner: { id: m.owner.userId },
        adPlays: 25,
        refused: 5,
        refusedShareBasisPoints: 2000,
        byReason: [{ reason: 'clock-ahead', plays: 5 }],
      });
      expect(overview.flaggedDevices.map((tv) => tv.deviceId)).not.toContain(honestScreen.deviceId);
      expect(overview.totals.billed).toBeGreaterThanOrEqual(40);
    });
  });
  /** Moves an approved campaign to another state now, as its route would (history included). */
  async function moveCampaign(id: string, to: 'paused' | 'approved') {
    await t.app.deps.db.transaction(async (tx) => {
      await tx.update(campaign).set({ state: to }).where(eq(campaign.id, id));
      await tx.insert(campaignEvent).values({
        campaignId: id,
        fromState: to === 'paused' ? 'approved' : 'paused',
        toState: to,
        at: new Date(),
      });
    });
  }
});

/** A one-hour daypart every day, starting `hours` from now in Berlin. */
function daypartAway(hours: number) {
  const local = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ms);
  const start = local(Date.now() + hours * 3_600_000).slice(0, 2);
  const end = local(Date.now() + (hours + 1) * 3_600_000).slice(0, 2);
  return {
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: `${start}:00`,
    endTime: `${end}:00`,
  };
}

/** The Berlin date (YYYY-MM-DD) of an instant. */
function berlinDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/** The last Berlin midnight at or before the instant (epoch ms). */
function berlinMidnightBefore(ms: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  const sinceMidnight =
    (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000;
  return Math.floor((ms - sinceMidnight) / 1000) * 1000;
}
