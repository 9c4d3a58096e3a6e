// bench/ingest: proof-of-play batches stored AND settled (issue 9 item 6: each ad play charged to
// its campaign's hold and credited to the screen owner and the platform, in the transaction that
// stores the batch), beside a plain batched INSERT of the same rows, in the same run.
//
//   npm run bench:ingest                                  200 batches of 100 per phase
//   INGEST_BATCHES=500 INGEST_CONCURRENCY=8 npm run bench:ingest
//
// In-process, on the embedded database (PGlite, the product's default), then on a fresh
// PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// skipped when unreachable). Seeded straight into the tables: SPACES monetized ad spaces of as
// many owners, DEVICES_PER_SPACE TVs each, CAMPAIGNS funded campaigns targeting every space.
// Each batch is one TV's 100 plays of ads from all campaigns (10 s each), sent by
// INGEST_CONCURRENCY workers at once. Phases:
// - plain: `insert … on conflict do nothing` of the batch's rows, nothing else;
// - settled: the impressions repository's insertAndSettle (what POST /api/v1/player/impressions
//   runs): the batch's holds locked, each new play priced and capped, the insert with the charges,
//   and one ledger transaction per campaign.
// It prints impressions per second of each and their ratio, then checks that every settled play
// was billed once (the holds went down by exactly what the plays were billed) and the ledger audit.
import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TImpression } from '@screenline/shared/player';
import { openPglite, openPostgres, type TDatabase } from '../apps/server/src/db/database';
import {
  adSpace,
  campaign,
  device,
  impression,
  location,
  monetizationRequest,
  user,
} from '../apps/server/src/db/schema/index';
import {
  auditLedger,
  balancesOf,
  campaignHoldAccountId,
  EXTERNAL_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../apps/server/src/modules/ledger/ledger';
import { createImpressionsRepository } from '../apps/server/src/modules/player/impressions.repository';
import { createPostgresDatabase } from './postgres-database';

const count = (name: string, fallback: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .parse(process.env[name] ?? String(fallback));
const BATCHES = count('INGEST_BATCHES', 200);
const CONCURRENCY = count('INGEST_CONCURRENCY', 8);
const BATCH_SIZE = 100;
const SPACES = 10;
const DEVICES_PER_SPACE = 10;
const CAMPAIGNS = 8;
const BID_MICROS_PER_SECOND = 10_000;
/** Far more than the run spends: no play is capped, so every one writes a charge. */
const BUDGET_MICROS = 1_000_000_000_000;
const COMMISSION_BASIS_POINTS = 2000;

interface TTv {
  deviceId: string;
  ownerId: string;
  adSpaceId: string;
  sequence: number;
}

interface TPhase {
  label: string;
  impressions: number;
  seconds: number;
}

async function seed(db: TDatabase['db']) {
  const run = crypto.randomBytes(4).toString('hex');
  const buyerId = `bench-buyer-${run}`;
  await db.insert(user).values({ id: buyerId, name: 'Buyer', email: `${buyerId}@example.com` });
  const tvs: TTv[] = [];
  for (let s = 0; s < SPACES; s += 1) {
    const ownerId = `bench-owner-${run}-${s}`;
    await db.insert(user).values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com` });
    const [place] = await db
      .insert(location)
      .values({
        ownerId,
        name: 'Café',
        addressLine: '1 Torstraße',
        city: 'Berlin',
        country: 'DE',
        timeZone: 'Europe/Berlin',
        venueType: 'food-and-drink',
      })
      .returning({ id: location.id });
    const [space] = await db
      .insert(adSpace)
      .values({
        ownerId,
        locationId: place!.id,
        name: `Screen ${s}`,
        orientation: 'landscape',
        resolutionWidth: 1920,
        resolutionHeight: 1080,
      })
      .returning({ id: adSpace.id });
    const adSpaceId = space!.id;
    await db
      .insert(monetizationRequest)
      .values({ adSpaceId, ownerId, floorMicrosPerSecond: 1000, state: 'approved' });
    const devices = await db
      .insert(device)
      .values(
        Array.from({ length: DEVICES_PER_SPACE }, (_, d) => ({
          ownerId,
          adSpaceId,
          deviceKey: `bench-${run}-${s}-${d}`,
          userAgent: 'bench',
          appVersion: '0.1.0',
        })),
      )
      .returning({ id: device.id });
    for (const row of devices) tvs.push({ deviceId: row.id, ownerId, adSpaceId, sequence: 0 });
  }
  const campaigns: Array<{ id: string; creativeId: string }> = [];
  for (let c = 0; c < CAMPAIGNS; c += 1) {
    const creativeId = crypto.randomUUID();
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaign)
        .values({
          ownerId: buyerId,
          name: `Campaign ${c}`,
          creativeIds: [creativeId],
          targeting: {},
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          bidMicrosPerSecond: BID_MICROS_PER_SECOND,
          budgetMicros: BUDGET_MICROS,
          state: 'approved',
        })
        .returning({ id: campaign.id });
      const wallet = await walletAccountId(tx, buyerId);
      await transfer(tx, {
        kind: 'top-up',
        description: 'Top-up approved: bench',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -BUDGET_MICROS },
          { accountId: wallet, amountMicros: BUDGET_MICROS },
        ],
      });
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Campaign budget held',
        campaignId: row!.id,
        entries: [
          { accountId: wallet, amountMicros: -BUDGET_MICROS },
          { accountId: await campaignHoldAccountId(tx, row!.id), amountMicros: BUDGET_MICROS },
        ],
      });
      return row!.id;
    });
    campaigns.push({ id, creativeId });
  }
  return { tvs, campaigns };
}

/** `BATCHES` batches, each one TV's next 100 plays across every campaign. */
function makeBatches(
  tvs: TTv[],
  campaigns: Array<{ id: string; creativeId: string }>,
): Array<{ tv: TTv; plays: TImpression[] }> {
  const startedAt = new Date().toISOString();
  return Array.from({ length: BATCHES }, (_, b) => {
    const tv = tvs[b % tvs.length]!;
    const plays = Array.from({ length: BATCH_SIZE }, (__, p): TImpression => {
      const ad = campaigns[(b + p) % campaigns.length]!;
      tv.sequence += 1;
      return {
        id: crypto.randomUUID(),
        sequence: tv.sequence,
        startedAt,
        shownMs: 10_000,
        endReason: 'completed',
        adSpaceId: tv.adSpaceId,
        playlistId: null,
        playlistVersion: null,
        itemId: 'ad-slot',
        contentId: ad.creativeId,
        campaignId: ad.id,
        creativeId: ad.creativeId,
      };
    });
    return { tv, plays };
  });
}

/** Runs `work` over the batches with CONCURRENCY workers; answers the seconds it took. */
async function timed<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function measure(label: string, database: TDatabase): Promise<string[]> {
  const { db } = database;
  const { tvs, campaigns } = await seed(db);
  const repo = createImpressionsRepository(db);
  const holds = await Promise.all(campaigns.map((c) => campaignHoldAccountId(db, c.id)));
  const before = await balancesOf(db, holds);

  // A warm-up of each path, not counted.
  const warm = makeBatches(tvs, campaigns).slice(0, 5);
  for (const { tv, plays } of warm) {
    await db
      .insert(impression)
      .values(plays.map((play) => rowOf(tv, { ...play, id: crypto.randomUUID() })));
    await repo.insertAndSettle(tv, plays, COMMISSION_BASIS_POINTS);
  }
  const warmBilled = warm.flatMap((batch) => batch.plays);

  const batches = makeBatches(tvs, campaigns);
  const plainSeconds = await timed(batches, async ({ tv, plays }) => {
    // The same rows under fresh ids, so that the settled phase inserts rather than skips them.
    await db
      .insert(impression)
      .values(plays.map((play) => rowOf(tv, { ...play, id: crypto.randomUUID() })))
      .onConflictDoNothing({ target: impression.id });
  });
  const settledSeconds = await timed(batches, ({ tv, plays }) =>
    repo.insertAndSettle(tv, plays, COMMISSION_BASIS_POINTS),
  );

  // Every settled play billed once, by exactly what the holds lost.
  const settledIds = [...warmBilled, ...batches.flatMap((batch) => batch.plays)].map((p) => p.id);
  let billed = 0;
  for (let i = 0; i < settledIds.length; i += 5000) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${impression.billedMicros}), 0)::text` })
      .from(impression)
      .where(inArray(impression.id, settledIds.slice(i, i + 5000)));
    billed += Number(row?.total ?? 0);
  }
  const after = await balancesOf(db, holds);
  const spent = holds.reduce((sum, id) => sum + (before.get(id) ?? 0) - (after.get(id) ?? 0), 0);
  const expected = settledIds.length * (10 * BID_MICROS_PER_SECOND);
  const audit = await auditLedger(db);

  const phases: TPhase[] = [
    { label: 'plain INSERT', impressions: BATCHES * BATCH_SIZE, seconds: plainSeconds },
    { label: 'stored + settled', impressions: BATCHES * BATCH_SIZE, seconds: settledSeconds },
  ];
  const rate = (phase: TPhase) => phase.impressions / phase.seconds;
  return [
    `${label}: ${BATCHES} batches of ${BATCH_SIZE} from ${tvs.length} TVs on ${SPACES} spaces, ${CAMPAIGNS} campaigns, ${CONCURRENCY} at a time`,
    ...phases.map(
      (phase) =>
        `  ${phase.label.padEnd(17)} ${Math.round(rate(phase)).toLocaleString('en').padStart(8)} impressions/s  (${phase.seconds.toFixed(2)} s)`,
    ),
    `  settled / plain    ${(rate(phases[1]!) / rate(phases[0]!)).toFixed(2)}×`,
    `  billed once: ${billed === expected && spent === expected ? 'yes' : `NO (billed ${billed}, holds spent ${spent}, expected ${expected})`}; ledger audit: ${audit.problems.length === 0 ? 'clean' : audit.problems.join('; ')}`,
  ];
}

function rowOf(tv: TTv, play: TImpression) {
  return {
    id: play.id,
    deviceId: tv.deviceId,
    ownerId: tv.ownerId,
    adSpaceId: play.adSpaceId,
    sequence: play.sequence,
    startedAt: new Date(play.startedAt),
    shownMs: play.shownMs,
    endReason: play.endReason,
    playlistId: play.playlistId,
    playlistVersion: play.playlistVersion,
    itemId: play.itemId,
    contentId: play.contentId,
    campaignId: play.campaignId,
    creativeId: play.creativeId,
  };
}

async function main() {
  const summary: string[] = [];
  const pglite = await openPglite(undefined);
  try {
    summary.push(...(await measure('PGlite (in memory)', pglite)));
  } finally {
    await pglite.close();
  }
  const postgres = await createPostgresDatabase();
  if (!postgres) {
    summary.push('PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL).');
  } else {
    const database = await openPostgres(postgres.url, { max: CONCURRENCY + 2 });
    try {
      summary.push(...(await measure('PostgreSQL', database)));
    } finally {
      await database.close();
      await postgres.drop();
    }
  }
  for (const line of summary) console.log(line);
}

await main();
