// Proof of play's money through the API: what a play is charged and how it is split, replays and
// racing batches settled once, the budget never overrun, a campaign that cannot settle holding
// back no other, and an owner with a device token earning no more than honest plays would.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCampaign, ZCampaignResults } from '@screenline/shared/campaign';
import { campaign, impression } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  popMarketplace,
  TEN_SECONDS,
  type TPopMarketplace,
} from '../../../test/proof-of-play-setup';

describe.each(BACKENDS)('proof of play on %s', (backend) => {
  let t: TTestApp;
  let m: TPopMarketplace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    m = await popMarketplace(t);
  });
  afterAll(() => t.close());

  describe('billing', () => {
    it('charges floor(billable ms × bid / 1000): the owner its share, the platform the rest; a replay settles nothing', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, {
        bidMicrosPerSecond: 10_003,
        budgetMicros: 1_000_000,
      });
      await m.serve(screen);
      const before = await m.money(campaignId);
      const batch = [
        m.play(screen, campaignId),
        m.play(screen, campaignId, { shownMs: 1_234 }),
        m.play(screen, null),
      ];
      expect((await m.sent(screen, batch)).accepted).toHaveLength(3);
      // 10 000 × 10 003 / 1000 = 100 030; 1 234 × 10 003 / 1000 = 12 343.702 → 12 343.
      expect(await m.billed(batch)).toEqual([100_030, 12_343, 0]);
      expect(await m.reasons(batch)).toEqual(['billed', 'billed', null]);
      const charge = 112_373;
      const share = Math.floor((100_030 * 8000) / 10_000) + Math.floor((12_343 * 8000) / 10_000);
      const after = await m.money(campaignId);
      expect(after.hold).toBe(before.hold - charge);
      expect(after.owner - before.owner).toBe(share);
      expect(after.platform - before.platform).toBe(charge - share);

      expect((await m.sent(screen, batch)).accepted).toHaveLength(3);
      expect(await m.money(campaignId)).toEqual(after);
      const grown = [...batch, m.play(screen, campaignId, { shownMs: 1_000 })];
      expect((await m.sent(screen, grown)).accepted).toHaveLength(4);
      expect(await m.billed(grown)).toEqual([100_030, 12_343, 0, 10_003]);

      // The buyer's results, the campaign's spend and the owner's earnings agree with the ledger.
      const results = ZCampaignResults.parse(
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/campaigns/${campaignId}/results`,
            cookie: m.buyer.cookie,
          })
        ).json(),
      );
      expect(results.totals.spentMicros).toBe(charge + 10_003);
      expect(results.totals.impressions).toBe(3);
      expect(results.settling.plays).toBe(0);
      const view = ZCampaign.parse(
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/campaigns/${campaignId}`,
            cookie: m.buyer.cookie,
          })
        ).json(),
      );
      expect(view.spentMicros).toBe(charge + 10_003);
      expect(view.remainingMicros).toBe((await m.money(campaignId)).hold);
    });

    it('refuses ad plays dated in the power schedule’s off hours: stored unbilled with the reason', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      const timeZone = m.location.timeZone;
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
          screen.clock,
        ),
      );
      const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
      const setHours = async (startTime: string, endTime: string) => {
        const res = await t.request({
          method: 'PUT',
          url: `/api/v1/ad-spaces/${screen.adSpaceId}/power-schedule`,
          cookie: m.owner.cookie,
          payload: {
            powerSchedule: {
              ranges: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime, endTime }],
            },
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      // On two hours from now for an hour: the plays below are in the off hours.
      await setHours(at(hour + 2), at(hour + 3));
      await m.serve(screen);
      const before = await m.money(campaignId);
      const off = [m.play(screen, campaignId), m.play(screen, null)];
      expect((await m.sent(screen, off)).accepted).toHaveLength(2);
      expect(await m.reasons(off)).toEqual(['powered-off', null]);
      expect(await m.billed(off)).toEqual([0, 0]);
      expect(await m.money(campaignId)).toEqual(before);
      // On from an hour ago to two hours ahead: billed again.
      await setHours(at(hour - 1), at(hour + 2));
      await m.serve(screen);
      const on = [m.play(screen, campaignId)];
      await m.sent(screen, on);
      expect(await m.reasons(on)).toEqual(['billed']);
    });

    it('two identical batches at once settle once', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const before = await m.money(campaignId);
      const batch = [m.play(screen, campaignId), m.play(screen, campaignId)];
      const answers = await Promise.all([m.send(screen, batch), m.send(screen, batch)]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(await m.billed(batch)).toEqual([TEN_SECONDS, TEN_SECONDS]);
      expect(before.hold - (await m.money(campaignId)).hold).toBe(2 * TEN_SECONDS);
    });

    it('never charges past the budget: the play that empties the hold is capped, later ones are refused', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, {
        bidMicrosPerSecond: 10_000,
        budgetMicros: 250_000,
      });
      await m.serve(screen);
      const batch = [1, 2, 3, 4].map(() => m.play(screen, campaignId));
      await m.sent(screen, batch);
      expect(await m.billed(batch)).toEqual([TEN_SECONDS, TEN_SECONDS, 50_000, 0]);
      expect((await m.reasons(batch))[3]).toBe('budget-spent');
      expect((await m.money(campaignId)).hold).toBe(0);
      // Spent: completed, and out of every fill.
      const [row] = await t.app.deps.db
        .select({ state: campaign.state })
        .from(campaign)
        .where(eq(campaign.id, campaignId));
      expect(row?.state).toBe('completed');
      expect((await m.serve(screen)).adFill?.campaigns).toEqual([]);
    });
  });

  it('a campaign that cannot be settled holds back no other, and the TV’s batch is still acknowledged', async () => {
    const screen = await m.newScreen();
    const broken = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
    const healthy = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
    await m.serve(screen);
    // A stored value that no longer parses (settlement reads it with the shared schema).
    await t.app.deps.db
      .update(campaign)
      .set({ targeting: { cities: 5 } })
      .where(eq(campaign.id, broken));
    const plays = [m.play(screen, broken), m.play(screen, healthy)];
    expect((await m.sent(screen, plays)).accepted).toHaveLength(2);
    expect(await m.reasons(plays)).toEqual(['pending', 'billed']);
    // Mended: it settles on the next round.
    await t.app.deps.db
      .update(campaign)
      .set({ targeting: { adSpaceIds: [screen.adSpaceId] } })
      .where(eq(campaign.id, broken));
    expect(await m.reasons(plays)).toEqual(['billed', 'billed']);
  });
  describe('an owner with a device token attacks a campaign on their screen', () => {
    it('earns at most what honest plays of the slot would', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, {
        bidMicrosPerSecond: 10_000,
        budgetMicros: 500_000_000,
        dailyCapMicros: 50_000_000,
      });
      const paused = await m.campaignOn(screen, { state: 'paused' });
      const notMine = await m.campaignOn(screen, {
        targeting: { adSpaceIds: [crypto.randomUUID()] },
      });
      await m.serve(screen);
      const before = await m.money(campaignId);
      const now = Date.now();
      const iso = (ms: number) => new Date(ms).toISOString();
      const honest = [m.play(screen, campaignId), m.play(screen, campaignId)];
      const dayLong = m.play(screen, campaignId, { startedAt: iso(now - 86_400_000) });
      dayLong.shownMs = 86_400_000;
      const forged = [
        // A day for one slot.
        dayLong,
        // Plays dated in other years, each day a fresh cap.
        m.play(screen, campaignId, { startedAt: '2021-03-01T12:00:00.000Z' }),
        m.play(screen, campaignId, { startedAt: '2036-03-01T12:00:00.000Z' }),
        // Twenty at the instant of an honest one.
        ...Array.from({ length: 20 }, () =>
          m.play(screen, campaignId, { startedAt: honest[0]!.startedAt }),
        ),
        // Campaigns the manifest did not offer.
        m.play(screen, paused),
        m.play(screen, notMine),
        // Another creative.
        m.play(screen, campaignId, { creativeId: m.otherCreative }),
      ];
      await m.sent(screen, [...honest, ...forged]);
      await m.verdicts([]);
      const after = await m.money(campaignId);
      const honestWorth = 2 * TEN_SECONDS;
      expect(before.hold - after.hold).toBe(honestWorth);
      expect(after.owner - before.owner).toBeLessThanOrEqual(honestWorth);
      expect(await m.billed(forged)).toEqual(forged.map(() => 0));
    });
  });

  if (backend === 'postgres') {
    it('a batch is acknowledged while another transaction holds the campaign’s row and hold', async () => {
      const screen = await m.newScreen();
      const campaignId = await m.campaignOn(screen, { bidMicrosPerSecond: 10_000 });
      await m.serve(screen);
      const play = m.play(screen, campaignId);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const locking = t.app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${campaign} where id = ${campaignId} for update`);
        await tx.execute(
          sql`select 1 from ledger_account where campaign_id = ${campaignId} for update`,
        );
        await held;
      });
      const res = await m.send(screen, [play]);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.app.deps.db
        .select({ verdict: impression.verdict })
        .from(impression)
        .where(eq(impression.id, play.id));
      expect(row?.verdict).toBe('pending');
      release();
      await locking;
      expect(await m.billed([play])).toEqual([TEN_SECONDS]);
    });
  }
});
