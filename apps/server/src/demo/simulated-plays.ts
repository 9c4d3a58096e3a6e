import crypto from 'node:crypto';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chargeMicros } from '@screenline/shared/platform-settings';
import { IMPRESSION_BATCH_MAX, type TImpression } from '@screenline/shared/player';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';
import { API } from '@screenline/shared/api-paths';
import { impression, ledgerEntry, ledgerTransaction, qrScan } from '../db/schema/index';
import { flightOf } from '../modules/fill/campaign-windows';
import { paceOf, pacedWeight } from '../modules/fill/pacing';
import { cachedEligibleDayOf, elapsedOf } from '../modules/fill/eligible-time';
import { qrCodesFor } from '../modules/fill/qr-codes';
import { restampLedger } from './backdating';
import type { TDemoClient } from './demo-client';
import type { TRunningCampaign } from './marketplace';
import { addDays, localDate } from './seed-helpers';
import { LOCATIONS, SPACES, type TDemoPlaylists, type TDemoTvs, type TSpacePlan } from './venues';

// The simulated days: what each TV played, sent as the TV sends it, then billed by the
// settlement hour by hour.

/**
 * Every loop of each TV'd screen's playlist in its opening hours over the past days (and today
 * until now): the slides it showed and its ad slot, filled by a draw weighted as the rotation
 * weights campaigns (bid × pacing factor, ad-rotation.ts), among the campaigns targeting the
 * screen whose bid meets its floor, whose hold and daily cap have money left and that are not
 * ahead of their even pace. Answers each TV's plays in order, numbered as the TV numbers them
 * (sendAndSettleByHour sends them). QR scans follow a share of the ad plays.
 */
export async function simulatePlays(
  app: FastifyInstance,
  input: {
    days: number;
    loopsPerHour: number;
    now: number;
    random: () => number;
    spaceIds: Map<string, string>;
    playlists: TDemoPlaylists;
    defaultPlaylist: Record<string, string>;
    lunch: { space: string; playlist: string; weekdays: number[]; start: number; end: number };
    running: TRunningCampaign[];
  },
): Promise<{ plays: Map<string, TImpression[]>; adPlays: number; qrScans: number }> {
  const { random, running } = input;
  const plays = new Map<string, TImpression[]>();
  const scans: { campaignId: string; adSpaceKey: string; at: number }[] = [];
  // Loops in time order across all screens, so pacing sees the spend as it happened.
  const loops: { at: number; space: TSpacePlan; local: Temporal.PlainDateTime }[] = [];
  for (const space of SPACES.filter((s) => s.tv)) {
    const place = LOCATIONS.find((p) => p.key === space.location)!;
    const localToday = localDate(input.now, place.timeZone);
    for (let d = input.days; d >= 0; d -= 1) {
      const day = addDays(localToday, -d);
      for (let hour = place.hours[0]; hour < place.hours[1]; hour += 1) {
        for (let loop = 0; loop < input.loopsPerHour; loop += 1) {
          const minute = (60 / input.loopsPerHour) * loop + random() * 2;
          const wall = Temporal.PlainDateTime.from(`${day}T${pad(hour)}:00`).add({
            seconds: Math.floor(minute * 60),
          });
          const at = resolveLocalDateTime(wall.toString(), place.timeZone).epochMs;
          if (at + 120_000 > input.now) continue;
          loops.push({ at, space, local: wall });
        }
      }
    }
  }
  loops.sort((a, b) => a.at - b.at);

  let adPlays = 0;
  for (const { at, space, local } of loops) {
    const place = LOCATIONS.find((p) => p.key === space.location)!;
    const hour = local.hour + local.minute / 60;
    const lunch =
      space.key === input.lunch.space &&
      input.lunch.weekdays.includes(local.dayOfWeek) &&
      hour >= input.lunch.start &&
      hour < input.lunch.end;
    const playlist = input.playlists.get(
      lunch ? input.lunch.playlist : input.defaultPlaylist[space.key]!,
    )!;
    const adSpaceId = input.spaceIds.get(space.key)!;
    const list = plays.get(space.key) ?? [];
    plays.set(space.key, list);
    let cursor = at;
    for (const entry of playlist.items) {
      const shownMs = entry.seconds * 1000 - Math.floor(random() * 200);
      const base = {
        id: crypto.randomUUID(),
        sequence: 0,
        startedAt: new Date(cursor).toISOString(),
        shownMs,
        endReason: 'completed' as const,
        adSpaceId,
        playlistId: playlist.id,
        playlistVersion: playlist.version,
        itemId: entry.id,
      };
      cursor += entry.seconds * 1000;
      if (entry.contentId !== null) {
        list.push({ ...base, contentId: entry.contentId, campaignId: null, creativeId: null });
        continue;
      }
      const campaign = pickCampaign(running, space, cursor, random, place.timeZone);
      if (!campaign) continue;
      const creativeId = campaign.creativeIds[Math.floor(random() * campaign.creativeIds.length)]!;
      list.push({ ...base, contentId: creativeId, campaignId: campaign.id, creativeId });
      adPlays += 1;
      const charge = chargeMicros(shownMs, campaign.bid);
      const day = localDate(Date.parse(base.startedAt), place.timeZone);
      const capLeft =
        campaign.dailyCap === null
          ? charge
          : campaign.dailyCap - (campaign.spentByDay.get(day) ?? 0);
      const charged = Math.max(0, Math.min(charge, campaign.budget - campaign.spent, capLeft));
      campaign.spent += charged;
      campaign.spentByDay.set(day, (campaign.spentByDay.get(day) ?? 0) + charged);
      // About one viewer in 120 scans the code, some minutes later.
      if (random() < 1 / 120) {
        const scanAt = cursor + Math.floor(random() * 600_000);
        if (scanAt < input.now)
          scans.push({ campaignId: campaign.id, adSpaceKey: space.key, at: scanAt });
      }
    }
  }

  for (const list of plays.values()) {
    list.forEach((play, index) => {
      play.sequence = index + 1;
    });
  }

  // Scans: each campaign's code on each screen is the one its TV's manifest shows (made on
  // first need); a scan is recorded at the time it happened, as the scan route records it.
  for (const scan of scans) {
    const adSpaceId = input.spaceIds.get(scan.adSpaceKey)!;
    const codes = await qrCodesFor(app.deps.db, adSpaceId, [scan.campaignId]);
    if (!codes.get(scan.campaignId)) continue;
    await app.deps.db
      .insert(qrScan)
      .values({ campaignId: scan.campaignId, adSpaceId, scannedAt: new Date(scan.at) });
  }
  return { plays, adPlays, qrScans: scans.length };
}

/** The campaign that fills one ad slot: a draw weighted by bid × pacing, as the rotation does. */
function pickCampaign(
  running: TRunningCampaign[],
  space: TSpacePlan,
  nowMs: number,
  random: () => number,
  timeZone: string,
): TRunningCampaign | null {
  const day = localDate(nowMs, timeZone);
  const eligible = running.flatMap((campaign) => {
    if (!campaign.spaces.has(space.key)) return [];
    if (space.floor === null || campaign.bid < space.floor) return [];
    if (campaign.spent >= campaign.budget) return [];
    if (campaign.dailyCap !== null && (campaign.spentByDay.get(day) ?? 0) >= campaign.dailyCap)
      return [];
    const flight = flightOf(campaign, timeZone);
    if (nowMs < flight.startMs || nowMs >= flight.endMs) return [];
    // Held back ahead of its even line, as the fill does (docs/marketplace.md "Pacing").
    const eligibleDay = cachedEligibleDayOf(campaign, timeZone, day);
    const pace = paceOf({
      remainingMicros: campaign.budget - campaign.spent,
      billedTodayMicros: campaign.spentByDay.get(day) ?? 0,
      dailyCapMicros: campaign.dailyCap,
      eligibleLeftMs: eligibleDay.leftMs,
      eligibleTodayMs: eligibleDay.todayMs,
      eligibleElapsedTodayMs: elapsedOf(eligibleDay, nowMs),
    });
    if (pace.isHeldBack) return [];
    return [{ campaign, weight: pacedWeight(campaign.bid, pace.steps) }];
  });
  const total = eligible.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0) return null;
  let draw = random() * total;
  for (const entry of eligible) {
    draw -= entry.weight;
    if (draw < 0) return entry.campaign;
  }
  return eligible.at(-1)?.campaign ?? null;
}

/**
 * Sends the simulated plays as the TVs would have, an hour of them at a time, each TV's in its
 * order, and runs the settlement after each hour, as the settlement that runs through the day
 * would have. Each hour's charges are then ledger transactions of their own, dated a minute after
 * the hour's last play ended (never later than the seed's start), so the wallets' histories show
 * the billing spread over the days like real activity. Answers how many plays were sent.
 */
export async function sendAndSettleByHour(
  app: FastifyInstance,
  client: TDemoClient,
  input: {
    tvs: TDemoTvs;
    plays: Map<string, TImpression[]>;
    settledAfter: Date;
  },
): Promise<number> {
  const HOUR_MS = 3_600_000;
  const byHour = new Map<number, Map<string, TImpression[]>>();
  for (const [key, list] of input.plays) {
    for (const play of list) {
      const hour = Math.floor(Date.parse(play.startedAt) / HOUR_MS);
      const ofHour = byHour.get(hour) ?? new Map<string, TImpression[]>();
      byHour.set(hour, ofHour);
      const ofTv = ofHour.get(key) ?? [];
      ofHour.set(key, ofTv);
      ofTv.push(play);
    }
  }
  const latest = input.settledAfter.getTime() - 1000;
  let sent = 0;
  for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
    let lastEnd = 0;
    for (const [key, list] of byHour.get(hour)!) {
      const tv = input.tvs.get(key)!;
      for (let start = 0; start < list.length; start += IMPRESSION_BATCH_MAX) {
        const batch = list.slice(start, start + IMPRESSION_BATCH_MAX);
        await client.call({
          method: 'POST',
          url: API.playerImpressions,
          headers: { authorization: `Bearer ${tv.token}` },
          payload: { impressions: batch },
        });
        sent += batch.length;
      }
      for (const play of list)
        lastEnd = Math.max(lastEnd, Date.parse(play.startedAt) + play.shownMs);
    }
    await app.deps.settlement.settleDue();
    const at = new Date(Math.min(lastEnd + 60_000, latest));
    await restampLedger(app.deps.db, async (tx) => {
      await tx
        .update(ledgerTransaction)
        .set({ createdAt: at })
        .where(
          sql`${ledgerTransaction.createdAt} > ${input.settledAfter.toISOString()}::timestamptz`,
        );
      await tx
        .update(ledgerEntry)
        .set({ createdAt: at })
        .where(sql`${ledgerEntry.createdAt} > ${input.settledAfter.toISOString()}::timestamptz`);
    });
  }
  return sent;
}

/** The demo TVs' ad plays by verdict once settled, and what they were charged. */
export async function billingOf(
  app: FastifyInstance,
  deviceIds: string[],
): Promise<{ billed: number; unbilled: Record<string, number>; spentMicros: number }> {
  const rows = await app.deps.db
    .select({
      verdict: impression.verdict,
      plays: sql<number>`count(*)::int`,
      billed: sql<string>`coalesce(sum(${impression.billedMicros}), 0)::text`,
    })
    .from(impression)
    .where(and(inArray(impression.deviceId, deviceIds), isNotNull(impression.campaignId)))
    .groupBy(impression.verdict);
  const unbilled: Record<string, number> = {};
  let billed = 0;
  let spentMicros = 0;
  for (const row of rows) {
    spentMicros += Number(row.billed);
    if (row.verdict === 'billed') billed += Number(row.plays);
    else unbilled[row.verdict ?? 'none'] = Number(row.plays);
  }
  return { billed, unbilled, spentMicros };
}

const pad = (n: number) => String(n).padStart(2, '0');
