// bench/manifest: one ad space's manifest build time as unrelated campaigns grow (issue 19 item 2).
//
//   npm run bench:manifest                       PostgreSQL when reachable, then PGlite
//   MANIFEST_BUILDS=200 npm run bench:manifest   builds measured per size (default 100)
//
// One owner's monetized ad space in Berlin (food and drink, landscape), with one funded campaign
// that targets it, and 10, 100, 1,000 and 5,000 live campaigns that cannot fill it: half target
// other ad spaces, a quarter other cities, a quarter other venue types (paused ones among them:
// the rotation reads those too). For each size it builds the space's manifest MANIFEST_BUILDS
// times with the manifest cache dropped before each (a `content` change message, as an edit
// sends), so each build reads the database and works out the fill, and prints the median and p99
// build time and the body's size. Built in-process with the route's own services
// (player-sync.routes.ts): no HTTP, no device token. The databases are those of BENCH_DATABASES
// (bench/each-database.ts): a throwaway PostgreSQL database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test), then PGlite in memory. The load average is printed
// with the figures, and the lines again at the end.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type TDatabase } from '../apps/server/src/db/database';
import {
  adSpace,
  campaign,
  contentItem,
  location,
  monetizationRequest,
  storageObject,
  user,
} from '../apps/server/src/db/schema/index';
import {
  campaignHoldAccountId,
  EXTERNAL_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../apps/server/src/modules/ledger/ledger';
import { createManifestsOf } from '../apps/server/src/modules/player/manifests-of';
import { measureOnEachDatabase } from './each-database';
import { lineCollector } from './open-loop';

const BUILDS = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.MANIFEST_BUILDS ?? '100');
const SIZES = [10, 100, 1000, 5000];
const WARM_UP = 5;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** An unrelated campaign's targeting: never the bench's space. */
function unrelatedTargeting(index: number) {
  switch (index % 4) {
    case 0:
    case 1:
      return { adSpaceIds: [crypto.randomUUID()] };
    case 2:
      return { cities: [`Town ${index}`] };
    default:
      return { venueTypes: ['transit' as const, 'retail' as const] };
  }
}

/** Every size's figures on `database`: the lines printed. */
async function run(label: string, database: TDatabase, dataDir: string): Promise<string[]> {
  await fs.mkdir(dataDir, { recursive: true });
  const { lines, say } = lineCollector();
  const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database });
  await app.ready();
  const { db, playerChanges } = app.deps;
  try {
    const ownerId = crypto.randomUUID();
    const buyerId = crypto.randomUUID();
    await db.insert(user).values([
      { id: ownerId, name: 'Owner', email: `owner-${ownerId}@example.com` },
      { id: buyerId, name: 'Buyer', email: `buyer-${buyerId}@example.com` },
    ]);
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
    if (!place) throw new Error('no location');
    const [space] = await db
      .insert(adSpace)
      .values({
        ownerId,
        locationId: place.id,
        name: 'Window',
        orientation: 'landscape',
        resolutionWidth: 1920,
        resolutionHeight: 1080,
      })
      .returning({ id: adSpace.id });
    if (!space) throw new Error('no ad space');
    await db.insert(monetizationRequest).values({
      adSpaceId: space.id,
      ownerId,
      floorMicrosPerSecond: 1000,
      state: 'approved',
      approvedAt: new Date('2020-01-01T00:00:00Z'),
      approvedCity: 'Berlin',
      approvedVenueType: 'food-and-drink',
      approvedOrientation: 'landscape',
    });
    // The creative's stored file (what makes it downloadable, hence playable).
    const objectPath = `users/${buyerId}/content/spot.png`;
    await db.insert(storageObject).values({
      bucket: config.storageBucket,
      name: objectPath,
      ownerId: buyerId,
      blobKey: crypto.randomUUID(),
      generation: 1,
      size: 1000,
      md5Hash: 'a'.repeat(24),
      contentType: 'image/png',
      downloadTokens: crypto.randomUUID(),
    });
    const [creative] = await db
      .insert(contentItem)
      .values({
        ownerId: buyerId,
        name: 'Spot',
        objectPath,
        kind: 'image',
        contentType: 'image/png',
        sizeBytes: 1000,
        md5: 'a'.repeat(24),
        width: 1920,
        height: 1080,
      })
      .returning({ id: contentItem.id });
    if (!creative) throw new Error('no creative');

    const campaignRow = (index: number, targeting: object) => ({
      ownerId: buyerId,
      name: `Campaign ${index}`,
      creativeIds: [creative.id],
      targeting,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      dayparts:
        index % 3 === 0
          ? [{ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '10:00' }]
          : [],
      bidMicrosPerSecond: 10_000,
      budgetMicros: 10_000_000,
      destinationUrl: 'https://example.com/offer',
      state: index % 10 === 9 ? ('paused' as const) : ('approved' as const),
    });
    // The one that fills the space, its budget held as the campaigns module would.
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaign)
        .values({ ...campaignRow(0, { adSpaceIds: [space.id] }), state: 'approved' })
        .returning({ id: campaign.id });
      if (!row) throw new Error('no campaign');
      const wallet = await walletAccountId(tx, buyerId);
      await transfer(tx, {
        kind: 'top-up',
        description: 'Top-up approved: bench',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -10_000_000 },
          { accountId: wallet, amountMicros: 10_000_000 },
        ],
      });
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Campaign budget held',
        campaignId: row.id,
        entries: [
          { accountId: wallet, amountMicros: -10_000_000 },
          { accountId: await campaignHoldAccountId(tx, row.id), amountMicros: 10_000_000 },
        ],
      });
    });

    // The route's own service (player-sync.routes.ts).
    const manifests = createManifestsOf(app);
    const device = {
      kind: 'device' as const,
      id: crypto.randomUUID(),
      ownerId,
      adSpaceId: space.id,
    };

    let seeded = 0;
    for (const size of SIZES) {
      for (let from = seeded; from < size; from += 500) {
        const rows = [];
        for (let index = from; index < Math.min(size, from + 500); index += 1)
          rows.push(campaignRow(index + 1, unrelatedTargeting(index)));
        await db.insert(campaign).values(rows);
      }
      seeded = size;
      // PostgreSQL's autovacuum would in time; PGlite has none.
      await db.execute(sql`analyze campaign`);

      const times: number[] = [];
      let bodyBytes = 0;
      let filled = 0;
      for (let round = 0; round < WARM_UP + BUILDS; round += 1) {
        playerChanges.publishContent([space.id]);
        const start = performance.now();
        const built = await manifests.manifestFor(device);
        const elapsed = performance.now() - start;
        if (round >= WARM_UP) times.push(elapsed);
        bodyBytes = Buffer.byteLength(built.body);
        filled = Object.keys(built.servedFill?.campaigns ?? {}).length;
      }
      if (filled !== 1)
        throw new Error(`the fill has ${filled} campaigns, not the 1 that targets it`);
      say(
        [
          `${label.padEnd(10)} ${String(size).padStart(5)} unrelated campaigns`,
          `build median ${percentile(times, 0.5).toFixed(2)} ms`,
          `p99 ${percentile(times, 0.99).toFixed(2)} ms`,
          `body ${(bodyBytes / 1024).toFixed(1)} KiB`,
          `load ${load()}`,
        ].join(' · '),
      );
    }
    manifests.close();
    return lines;
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  console.log(`bench:manifest — ${BUILDS} builds per size — load average ${load()}`);
  await measureOnEachDatabase('manifest', {
    postgres: async (env, databaseUrl) =>
      run('PostgreSQL', await openPostgres(databaseUrl), env.DATA_DIR!),
    pglite: async (dataDir) => run('PGlite', await openPglite(undefined), dataDir),
  });
  console.log(`load average after ${load()} (${os.cpus().length} cores)`);
}

await main();
