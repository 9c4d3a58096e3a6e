// The marketplace simulation's checks (marketplace-simulation.test.ts), after each seeded story and
// at the end: every accepted play stored once and settled, billed only for what was shown and
// offered, caps and budgets held, each buyer's and the owner's money exact, no instant of a TV
// billed twice.
import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chargeMicros } from '@screenline/shared/platform-settings';
import { PLAY_CLOCK_SKEW_MS, PLAY_SLOT_TOLERANCE_MS } from '@screenline/shared/proof-of-play';
import { type TDaypart, ZCampaign, ZCampaignResults } from '@screenline/shared/campaign';
import { ZEarnings } from '@screenline/shared/monetization';
import {
  adPlaylist,
  campaign,
  campaignEvent,
  device,
  impression,
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  monetizationRequest,
} from '../src/db/schema/index';
import { rowsOf } from '../src/db/rows';
import { PLATFORM_REVENUE_ACCOUNT_ID } from '../src/modules/ledger/ledger';
import { type TTestApp } from './harness';
import { SLOT_ID, type TPopMarketplace } from './proof-of-play-setup';
import { type TStorageUser } from './storage-helpers';
import {
  DAY_MS,
  utcDate,
  iso,
  localTime,
  inSchedule,
  type TSimScreen,
  type TSentPlay,
} from './marketplace-simulation-world';

/** What the checks read of the running simulation (its app, owner, buyers and tallies). */
export interface TSimRun {
  t: TTestApp;
  m: TPopMarketplace;
  buyers: ReadonlyArray<{ user: TStorageUser; credited: number }>;
  /** What insertFundedCampaign credited to the popMarketplace buyer (the decoys' owner). */
  decoyCredited: number;
  totals: {
    seeds: number;
    plays: number;
    forged: number;
    forgedRefused: number;
    billed: number;
    billedMicros: number;
  };
  ownerWallet(): Promise<number>;
}

/** The checks of one simulation, reading its state through `run` when they are called. */
export function createSimulationChecks(run: () => TSimRun) {
  const db = () => run().t.app.deps.db;

  async function checkSeed(seed: {
    campaignId: string;
    decoys: string[];
    screens: TSimScreen[];
    sent: TSentPlay[];
    bid: number;
    budget: number;
    wasApproved: boolean;
    released: boolean;
    ownerBefore: number;
  }) {
    const { t, m, buyers, totals, ownerWallet } = run();
    const { campaignId, screens, sent } = seed;
    const checkedAt = Date.now();
    // Every accepted play is stored once, and settled.
    const ids = [...new Set(sent.map((entry) => entry.play.id))];
    const rows =
      ids.length === 0
        ? []
        : await db()
            .select({
              id: impression.id,
              deviceId: impression.deviceId,
              adSpaceId: impression.adSpaceId,
              campaignId: impression.campaignId,
              creativeId: impression.creativeId,
              startedAt: impression.startedAt,
              shownMs: impression.shownMs,
              verdict: impression.verdict,
              billed: impression.billedMicros,
              share: impression.ownerShareMicros,
              billableFrom: impression.billableFrom,
              billableMs: impression.billableMs,
              localDay: impression.localDay,
              settledAt: impression.settledAt,
            })
            .from(impression)
            .where(inArray(impression.id, ids));
    expect(rows.map((row) => row.id).sort()).toEqual(ids.sort());
    expect(rows.filter((row) => row.verdict === 'pending')).toEqual([]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const sentById = new Map(sent.map((entry) => [entry.play.id, entry]));
    const screenOf = new Map(screens.map((screen) => [screen.adSpaceId, screen]));

    // The campaigns' facts: rows, histories, the spaces' monetized periods and exclusions.
    const campaignIds = [campaignId, ...seed.decoys];
    const campaigns = new Map(
      (await db().select().from(campaign).where(inArray(campaign.id, campaignIds))).map((row) => [
        row.id,
        row,
      ]),
    );
    const events = await db()
      .select({
        campaignId: campaignEvent.campaignId,
        to: campaignEvent.toState,
        at: campaignEvent.at,
      })
      .from(campaignEvent)
      .where(inArray(campaignEvent.campaignId, campaignIds))
      .orderBy(campaignEvent.at, campaignEvent.id);
    const spaceIds = screens.map((screen) => screen.adSpaceId);
    const periods = await db()
      .select()
      .from(monetizationRequest)
      .where(inArray(monetizationRequest.adSpaceId, spaceIds));
    const playlists = await db()
      .select()
      .from(adPlaylist)
      .where(inArray(adPlaylist.adSpaceId, spaceIds));

    /**
     * Why the campaign was not live on the screen at the play's start; null when it was. A play
     * can be settled before its reported start (a TV clock ahead, inside the skew allowance):
     * it arrived, so it was shown, while the campaign was as it was then. What changes in time
     * (its state, the space's monetized period and floor, an exclusion) is read at the start or
     * at the settlement, whichever came first; the flight and dayparts at the start.
     */
    const notLive = (
      id: string,
      screen: TSimScreen,
      start: number,
      settledAt: number,
    ): string | null => {
      const row = campaigns.get(id);
      if (!row) return 'no such campaign';
      // Settled before it started: what the settlement knew (changes it made itself come after).
      const at = start < settledAt ? start : settledAt - 1;
      let state = 'draft';
      for (const event of events)
        if (event.campaignId === id && event.at.getTime() <= at) state = event.to;
      if (state !== 'approved') return `state ${state}`;
      const schedule = { ...row, dayparts: row.dayparts as TDaypart[] };
      if (!inSchedule(schedule, screen.location.timeZone, start)) return 'outside schedule';
      const period = periods.find(
        (p) =>
          p.adSpaceId === screen.adSpaceId &&
          p.approvedAt !== null &&
          p.approvedAt.getTime() <= at &&
          (p.endedAt === null || at < p.endedAt.getTime()),
      );
      if (!period) return 'not monetized';
      if (row.bidMicrosPerSecond < period.floorMicrosPerSecond) return 'below floor';
      const targeting = row.targeting as { adSpaceIds?: string[]; cities?: string[] };
      if (targeting.adSpaceIds && !targeting.adSpaceIds.includes(screen.adSpaceId))
        return 'not targeted';
      if (targeting.cities && !targeting.cities.includes(period.approvedCity ?? ''))
        return 'not targeted';
      const playlist = playlists.find((p) => p.adSpaceId === screen.adSpaceId);
      if (playlist?.excludedCampaignIds.includes(id) && playlist.updatedAt.getTime() <= at)
        return 'excluded';
      return null;
    };

    const billedRows = rows.filter((row) => row.billed > 0);
    for (const row of rows) {
      expect(row.billed).toBeGreaterThanOrEqual(0);
      if (row.billed > 0) expect(row.verdict).toBe('billed');
    }
    // (b) Everything billed was live at its start, at most its slot and what was shown.
    for (const row of billedRows) {
      const screen = screenOf.get(row.adSpaceId)!;
      const at = row.startedAt.getTime();
      expect(
        notLive(row.campaignId!, screen, at, row.settledAt!.getTime()),
        `billed play ${row.id} started ${iso(at)}, settled ${row.settledAt!.toISOString()}`,
      ).toBeNull();
      const owner = campaigns.get(row.campaignId!)!;
      expect(owner.creativeIds).toContain(row.creativeId);
      // Shown (not failed), in the screen's ad slot.
      const play = sentById.get(row.id)!.play;
      expect(play.endReason).not.toBe('failed');
      expect(`${play.playlistId}/${play.itemId}`).toBe(`${screen.playlistId}/${SLOT_ID}`);
      expect(row.billableMs).toBeLessThanOrEqual(screen.slotMs + PLAY_SLOT_TOLERANCE_MS);
      expect(row.billableMs).toBeLessThanOrEqual(row.shownMs);
      expect(row.billableFrom!.getTime()).toBeGreaterThanOrEqual(at);
      expect(row.billableFrom!.getTime() + row.billableMs).toBeLessThanOrEqual(at + row.shownMs);
      expect(row.billed).toBeLessThanOrEqual(
        chargeMicros(row.billableMs, owner.bidMicrosPerSecond),
      );
    }
    // (a) Per TV: no instant billed twice, nothing outside the TV's life.
    for (const screen of screens) {
      const spans = billedRows
        .filter((row) => row.deviceId === screen.deviceId)
        .map((row) => [row.billableFrom!.getTime(), row.billableFrom!.getTime() + row.billableMs])
        .sort((a, b) => a[0]! - b[0]!);
      const life = [screen.bornAt - PLAY_CLOCK_SKEW_MS, checkedAt + PLAY_CLOCK_SKEW_MS] as const;
      let total = 0;
      for (const [index, [from, to]] of spans.entries()) {
        expect(from!).toBeGreaterThanOrEqual(life[0]);
        expect(to!).toBeLessThanOrEqual(life[1]);
        if (index > 0)
          expect(from!, 'an instant billed twice').toBeGreaterThanOrEqual(spans[index - 1]![1]!);
        total += to! - from!;
      }
      expect(total).toBeLessThanOrEqual(life[1] - life[0]);
    }
    // (c) Daily caps per local day in the location's zone.
    const dayBilled = new Map<string, number>();
    for (const row of rows) {
      if (row.campaignId === null) continue;
      const screen = screenOf.get(row.adSpaceId)!;
      const day = localTime(row.startedAt.getTime(), screen.location.timeZone).date;
      expect(row.localDay).toBe(day);
      const dayKey = `${row.campaignId}|${day}`;
      dayBilled.set(dayKey, (dayBilled.get(dayKey) ?? 0) + row.billed);
    }
    for (const [dayKey, billed] of dayBilled) {
      const cap = campaigns.get(dayKey.split('|')[0]!)?.dailyCapMicros ?? null;
      if (cap !== null) expect(billed, `billed on ${dayKey}`).toBeLessThanOrEqual(cap);
    }
    // Each campaign: within budget, its hold's debits are its plays' charges.
    const spent = new Map<string, number>();
    for (const row of rows)
      if (row.campaignId) spent.set(row.campaignId, (spent.get(row.campaignId) ?? 0) + row.billed);
    for (const id of campaignIds) {
      const row = campaigns.get(id)!;
      const billed = spent.get(id) ?? 0;
      expect(billed).toBeLessThanOrEqual(row.budgetMicros);
      const [debits] = rowsOf<{ total: string }>(
        await db().execute(sql`
          select coalesce(-sum(e.amount_micros), 0)::text as total
          from ${ledgerEntry} e
          join ${ledgerTransaction} tr on tr.id = e.transaction_id
          join ${ledgerAccount} a on a.id = e.account_id
          where tr.kind = 'impression-charge' and a.kind = 'campaign-hold'
            and a.campaign_id = ${id}`),
      );
      expect(Number(debits?.total ?? 0)).toBe(billed);
    }
    const billed = spent.get(campaignId) ?? 0;
    if (!seed.wasApproved) expect(billed).toBe(0);
    const [hold] = await db()
      .select({ balance: ledgerAccount.balanceMicros })
      .from(ledgerAccount)
      .where(eq(ledgerAccount.campaignId, campaignId));
    expect(hold?.balance ?? 0).toBe(seed.wasApproved && !seed.released ? seed.budget - billed : 0);
    // (d) What an honest TV showed while the campaign was live there is billed in full, unless
    // the day's cap or the budget ran out.
    for (const entry of sent) {
      if (!entry.honest || entry.play.endReason === 'failed' || !entry.play.campaignId) continue;
      const row = byId.get(entry.play.id)!;
      const at = Date.parse(entry.play.startedAt);
      if (notLive(entry.play.campaignId, entry.screen, at, row.settledAt!.getTime()) !== null)
        continue;
      const owner = campaigns.get(entry.play.campaignId)!;
      const length = Math.min(entry.play.shownMs, entry.screen.slotMs + PLAY_SLOT_TOLERANCE_MS);
      const full = chargeMicros(length, owner.bidMicrosPerSecond);
      if (full === 0) continue;
      expect(row.billableMs, `honest play ${row.id}`).toBe(length);
      if (row.billed === full) continue;
      const day = `${owner.id}|${row.localDay}`;
      const capSpent = owner.dailyCapMicros !== null && dayBilled.get(day) === owner.dailyCapMicros;
      const budgetSpent = (spent.get(owner.id) ?? 0) === owner.budgetMicros;
      expect(
        capSpent || budgetSpent,
        `honest play ${row.id} shown while live: ${row.verdict}, ${row.billed} of ${full}`,
      ).toBe(true);
    }
    // (e) The campaign's spend, its results, the owner's earnings and the ledger agree.
    const view = ZCampaign.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/campaigns/${campaignId}`,
          cookie: buyers.find((b) => b.user.userId === campaigns.get(campaignId)!.ownerId)!.user
            .cookie,
        })
      ).json(),
    );
    expect(view.spentMicros).toBe(billed);
    expect(view.remainingMicros).toBe(hold?.balance ?? 0);
    const results = ZCampaignResults.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/campaigns/${campaignId}/results`,
          cookie: buyers.find((b) => b.user.userId === campaigns.get(campaignId)!.ownerId)!.user
            .cookie,
        })
      ).json(),
    );
    const inRange = rows.filter(
      (row) =>
        row.campaignId === campaignId &&
        row.localDay !== null &&
        results.from <= row.localDay &&
        row.localDay <= results.to,
    );
    expect(results.settling.plays).toBe(0);
    expect(results.totals.spentMicros).toBe(billed);
    expect(results.totals.impressions).toBe(
      inRange.filter((row) => row.verdict === 'billed').length,
    );
    const unbilled = new Map<string, number>();
    for (const row of inRange)
      if (row.verdict !== 'billed')
        unbilled.set(row.verdict!, (unbilled.get(row.verdict!) ?? 0) + 1);
    expect(Object.fromEntries(results.unbilled.map((u) => [u.reason, u.plays]))).toEqual(
      Object.fromEntries(unbilled),
    );
    const earnings = ZEarnings.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/earnings?from=${utcDate(Date.now() - 2 * DAY_MS)}&to=${utcDate(Date.now() + 2 * DAY_MS)}`,
          cookie: m.owner.cookie,
        })
      ).json(),
    );
    let shares = 0;
    for (const screen of screens) {
      const share = billedRows
        .filter((row) => row.adSpaceId === screen.adSpaceId)
        .reduce((sum, row) => sum + row.share, 0);
      shares += share;
      screen.earned += share;
      const reported = earnings.byAdSpace.find((space) => space.adSpaceId === screen.adSpaceId);
      expect(reported?.earnedMicros ?? 0).toBe(screen.earned);
    }
    expect((await ownerWallet()) - seed.ownerBefore).toBe(shares);
    await checkBuyers();

    totals.plays += ids.length;
    const forged = new Set(sent.filter((entry) => !entry.honest).map((entry) => entry.play.id));
    totals.forged += forged.size;
    totals.forgedRefused += rows.filter((row) => forged.has(row.id) && row.billed === 0).length;
    totals.billed += billedRows.length;
    totals.billedMicros += billedRows.reduce((sum, row) => sum + row.billed, 0);
  }
  /** Each buyer: wallet + holds + what their campaigns were billed = what they were credited. */
  async function checkBuyers() {
    const { m, buyers, decoyCredited } = run();
    const everyone = [
      ...buyers.map((buyer) => ({ userId: buyer.user.userId, credited: buyer.credited })),
      { userId: m.buyer.userId, credited: decoyCredited },
    ];
    for (const buyer of everyone) {
      const [row] = rowsOf<{ wallet: string; holds: string; spent: string }>(
        await db().execute(sql`
          select
            coalesce((select balance_micros from ${ledgerAccount}
              where kind = 'wallet' and user_id = ${buyer.userId}), 0)::text as wallet,
            coalesce((select sum(a.balance_micros) from ${ledgerAccount} a
              join ${campaign} c on c.id = a.campaign_id
              where c.owner_id = ${buyer.userId}), 0)::text as holds,
            coalesce((select sum(i.billed_micros) from ${impression} i
              join ${campaign} c on c.id = i.campaign_id
              where c.owner_id = ${buyer.userId}), 0)::text as spent`),
      );
      expect(Number(row?.wallet) + Number(row?.holds) + Number(row?.spent)).toBe(buyer.credited);
    }
    // The owner and the platform got exactly what buyers were billed.
    const [split] = rowsOf<{ owner: string; platform: string; billed: string }>(
      await db().execute(sql`
        select
          coalesce((select balance_micros from ${ledgerAccount}
            where kind = 'wallet' and user_id = ${m.owner.userId}), 0)::text as owner,
          (select balance_micros from ${ledgerAccount}
            where id = ${PLATFORM_REVENUE_ACCOUNT_ID})::text as platform,
          coalesce((select sum(billed_micros) from ${impression}), 0)::text as billed`),
    );
    expect(Number(split?.owner) + Number(split?.platform)).toBe(Number(split?.billed));
  }
  /** (a) over the whole run: no TV has an instant billed twice, whatever seed billed it. */
  async function checkAllDevices() {
    const overlaps = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from (
          select id, billable_from,
            lag(billable_from + billable_ms * interval '1 millisecond')
              over (partition by device_id order by billable_from, id) as previous_end
          from ${impression} where billed_micros > 0
        ) spans where previous_end > billable_from`),
    );
    expect(overlaps).toEqual([]);
    const early = rowsOf<{ id: string }>(
      await db().execute(sql`
        select i.id from ${impression} i join ${device} d on d.id = i.device_id
        where i.billed_micros > 0
          and i.billable_from < d.created_at - ${`${PLAY_CLOCK_SKEW_MS} milliseconds`}::interval`),
    );
    expect(early).toEqual([]);
  }

  return { checkSeed, checkAllDevices };
}
