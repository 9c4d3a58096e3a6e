import crypto from 'node:crypto';
// bench/ingest's server process: Screenline built as server.ts builds it (production mode, the
// settlement worker on, listening on a loopback port), plus what the driver asks of it over IPC:
// seed the world straight into the tables, run a round of the plain-INSERT baseline on the same
// database, read settlement's figures, and check billing at the end. Started by bench/ingest.ts.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/rows';
import {
  adSpace,
  campaign,
  campaignEvent,
  contentItem,
  device,
  deviceServedFill,
  impression,
  location,
  monetizationRequest,
  playlist,
  servedFill,
  storageObject,
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
import {
  DEVICE_TOKEN_TTL_MS,
  newDeviceToken,
} from '../apps/server/src/modules/player/device-tokens';
import { createPlayIngest } from '../apps/server/src/modules/proof-of-play/ingest';
import { servedFillOf } from '../apps/server/src/modules/proof-of-play/served-fills';
import {
  nextBatch,
  type TBenchTv,
  type TPlainRound,
  type TRequest,
  type TSeeded,
  type TSentManifest,
  type TServerMemory,
  type TVerify,
  type TWindowFigures,
} from './ingest-plays';

/** Live campaigns unless the seed asks for another count. */
const CAMPAIGNS = 20;
/** Campaigns 0–4 have a daily cap, reached during a run (plays past it: 'cap-reached'). */
const CAPPED = 5;
const CAP_MICROS = 100_000_000;
/** Far more than a run spends: no hold runs out. */
const BUDGET_MICROS = 1_000_000_000_000;
const SPACES_PER_OWNER = 100;
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'UTC'];
/** Arrival's refusals: settled when stored, not by the worker. */
const ARRIVAL_VERDICTS = [
  'failed',
  'clock-ahead',
  'too-old',
  'not-offered',
  'overlap',
  'too-short',
];

/**
 * Each statement's time as the server waits for it (sent → answered, queueing in PostgreSQL
 * included), by its text with the values left out: which statement dominates. node-postgres only
 * (PGlite answers in-process); recorded from the 'statements' reset on.
 */
const statements = new Map<string, { count: number; ms: number }>();
let timing = false;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client as `this`
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : first?.text;
  if (!timing || !text) return query.apply(this, args);
  // Values written into a script (ingest's, db/scripts.ts) are left out too: one key per statement.
  const key = text
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .trim()
    .slice(0, 160);
  const start = performance.now();
  const record = () => {
    const entry = statements.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - start;
    statements.set(key, entry);
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...answer: unknown[]) => {
      record();
      return (callback as (...a: unknown[]) => unknown)(...answer);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) result.then(record, record);
  return result;
} as typeof pg.Client.prototype.query;

const config = loadConfig();
const app = await buildApp({ config });
await app.listen({ port: config.port, host: config.host });
const { db } = app.deps;

let tvs: TBenchTv[] = [];
let plainCursor = 0;
let storeCursor = 0;
let plainRows = 0;
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 500);
rssTimer.unref();
/** The event loop's worst delay since the last `memory` ask (bench:fleet's timeline). */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
function loopDelayMaxMs() {
  const worst = loopDelay.max / 1e6;
  loopDelay.reset();
  return worst;
}

/** The stored file a content item names (its bytes are never fetched in the run). */
const objectOf = (ownerId: string, name: string) => ({
  bucket: config.storageBucket,
  name,
  ownerId,
  blobKey: name,
  generation: 1,
  size: 1000,
  md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
  contentType: 'image/png',
  downloadTokens: crypto.randomUUID(),
});

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

async function seed(request: Extract<TRequest, { type: 'seed' }>): Promise<TSeeded> {
  const run = Date.now().toString(36);
  const campaigns = request.campaigns ?? CAMPAIGNS;
  const spaces = Math.ceil(request.tvs / request.tvsPerSpace);
  const owners = Math.ceil(spaces / SPACES_PER_OWNER);
  const buyerId = `bench-buyer-${run}`;
  await db.insert(user).values({ id: buyerId, name: 'Buyer', email: `${buyerId}@example.com` });
  await db
    .insert(storageObject)
    .values(
      Array.from({ length: Math.max(1, campaigns) }, (_, c) =>
        objectOf(buyerId, `users/${buyerId}/content/creative-${c}.png`),
      ),
    );
  const creatives = await db
    .insert(contentItem)
    .values(
      Array.from({ length: Math.max(1, campaigns) }, (_, c) => ({
        ownerId: buyerId,
        name: `Creative ${c}`,
        objectPath: `users/${buyerId}/content/creative-${c}.png`,
        kind: 'image' as const,
        contentType: 'image/png',
        sizeBytes: 1000,
        md5: '00000000000000000000000000000000',
        width: 1920,
        height: 1080,
      })),
    )
    .returning({ id: contentItem.id });

  const seeded: TSeeded['tvs'] = [];
  for (let o = 0; o < owners; o += 1) {
    const ownerId = `bench-owner-${run}-${o}`;
    await db.insert(user).values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com` });
    const [place] = await db
      .insert(location)
      .values({
        ownerId,
        name: `Venue ${o}`,
        addressLine: '1 Bench Street',
        city: 'Berlin',
        country: 'DE',
        timeZone: ZONES[o % ZONES.length]!,
        venueType: 'food-and-drink',
      })
      .returning({ id: location.id });
    await db.insert(storageObject).values(objectOf(ownerId, `users/${ownerId}/content/menu.png`));
    const [loop] = await db
      .insert(contentItem)
      .values({
        ownerId,
        name: 'Menu',
        objectPath: `users/${ownerId}/content/menu.png`,
        kind: 'image',
        contentType: 'image/png',
        sizeBytes: 1000,
        md5: '00000000000000000000000000000000',
        width: 1920,
        height: 1080,
      })
      .returning({ id: contentItem.id });
    const [list] = await db
      .insert(playlist)
      .values({
        ownerId,
        name: 'Ads and menu',
        items: [
          {
            id: 'menu',
            type: 'content',
            kind: 'image',
            contentId: loop!.id,
            durationSeconds: request.slotSeconds,
          },
          { id: 'slot-1', type: 'adSlot', lengthSeconds: request.slotSeconds },
          { id: 'slot-2', type: 'adSlot', lengthSeconds: request.slotSeconds },
        ],
      })
      .returning({ id: playlist.id });
    const count = Math.min(SPACES_PER_OWNER, spaces - o * SPACES_PER_OWNER);
    const made = await db
      .insert(adSpace)
      .values(
        Array.from({ length: count }, (_, s) => ({
          ownerId,
          locationId: place!.id,
          name: `Screen ${s}`,
          orientation: 'landscape' as const,
          resolutionWidth: 1920,
          resolutionHeight: 1080,
          defaultPlaylistId: list!.id,
        })),
      )
      .returning({ id: adSpace.id });
    await db.insert(monetizationRequest).values(
      made.map((space) => ({
        adSpaceId: space.id,
        ownerId,
        floorMicrosPerSecond: 1000,
        state: 'approved' as const,
        approvedAt: LONG_AGO,
        approvedCity: 'Berlin',
        approvedVenueType: 'food-and-drink' as const,
        approvedOrientation: 'landscape' as const,
      })),
    );
    const wanted = made.flatMap((space) =>
      Array.from({ length: request.tvsPerSpace }, () => ({ space: space.id, ...newDeviceToken() })),
    );
    for (const part of chunks(wanted.slice(0, request.tvs - seeded.length), 1000)) {
      const rows = await db
        .insert(device)
        .values(
          part.map((tv) => ({
            ownerId,
            adSpaceId: tv.space,
            deviceKey: tv.hash.slice(0, 32),
            userAgent: 'bench/ingest',
            appVersion: '0.1.0',
            tokenHash: tv.hash,
            // Device tokens expire (issue 18): fresh, so no heartbeat of the run renews one.
            tokenExpiresAt: new Date(Date.now() + DEVICE_TOKEN_TTL_MS),
            signInMethod: 'password' as const,
          })),
        )
        .returning({ id: device.id, adSpaceId: device.adSpaceId, tokenHash: device.tokenHash });
      const tokenOf = new Map(part.map((tv) => [tv.hash, tv.token]));
      for (const row of rows)
        seeded.push({
          deviceId: row.id,
          ownerId,
          adSpaceId: row.adSpaceId!,
          token: tokenOf.get(row.tokenHash!)!,
        });
    }
  }

  for (let c = 0; c < campaigns; c += 1) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaign)
        .values({
          ownerId: buyerId,
          name: `Campaign ${c}`,
          creativeIds: [creatives[c]!.id],
          targeting: {},
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          dayparts: [],
          bidMicrosPerSecond: 10_000 + c * 1000,
          budgetMicros: BUDGET_MICROS,
          dailyCapMicros: c < CAPPED ? CAP_MICROS : null,
          state: 'approved',
        })
        .returning({ id: campaign.id });
      await tx
        .insert(campaignEvent)
        .values({ campaignId: row!.id, fromState: 'pending', toState: 'approved', at: LONG_AGO });
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
    });
  }
  return { tvs: seeded, campaigns, capped: Math.min(CAPPED, campaigns), spaces };
}

/**
 * Records the owners' other TVs as sent the manifest one of them fetched (as the manifest route
 * records it: the fill once per space and version, a row per device), written in bulk for speed.
 */
async function served(sent: readonly TSentManifest[]): Promise<number> {
  let rows = 0;
  for (const manifest of sent) {
    const fill = servedFillOf(manifest.adFill, manifest.playlists);
    // Nothing to bill (no campaign offered, bench/fleet with billing off): nothing recorded.
    if (!fill) continue;
    const spaces = [...new Set(manifest.devices.map((one) => one.adSpaceId))];
    for (const part of chunks(spaces, 1000))
      await db
        .insert(servedFill)
        .values(part.map((adSpaceId) => ({ adSpaceId, version: manifest.version, fill })))
        .onConflictDoNothing();
    for (const part of chunks(manifest.devices, 1000)) {
      const inserted = await db
        .insert(deviceServedFill)
        .values(part.map((one) => ({ ...one, version: manifest.version })))
        .onConflictDoNothing()
        .returning({ deviceId: deviceServedFill.deviceId });
      rows += inserted.length;
    }
  }
  return rows;
}

/**
 * The baseline: the TVs' next batches written as they are, one `insert … on conflict do nothing`
 * per batch through the server's own database pool, `concurrency` at a time, for `seconds`.
 * No verdict, no lock, no read: the least a store of these rows can do.
 */
async function plain(request: Extract<TRequest, { type: 'plain' }>): Promise<TPlainRound> {
  const latenciesMs: number[] = [];
  let plays = 0;
  const start = performance.now();
  const deadline = start + request.seconds * 1000;
  await Promise.all(
    Array.from({ length: request.concurrency }, async () => {
      while (performance.now() < deadline) {
        const tv = tvs[plainCursor % tvs.length]!;
        plainCursor += 1;
        const sent = performance.now();
        const batch = nextBatch(tv, Date.now());
        await db
          .insert(impression)
          .values(
            batch.map((play) => ({
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
            })),
          )
          .onConflictDoNothing({ target: impression.id });
        latenciesMs.push(performance.now() - sent);
        plays += batch.length;
      }
    }),
  );
  plainRows += plays;
  return {
    plays,
    batches: latenciesMs.length,
    seconds: (performance.now() - start) / 1000,
    latenciesMs,
  };
}

/**
 * The breakdown's middle step: the same batches through ingest's store() (what the route calls:
 * the device's lock, the served and taken reads, the verdicts, the insert) in this process, with
 * no HTTP, no token check and no JSON.
 */
async function store(request: Extract<TRequest, { type: 'store' }>): Promise<TPlainRound> {
  const ingest = createPlayIngest({
    db,
    scripts: app.deps.database.scripts,
  });
  const latenciesMs: number[] = [];
  let plays = 0;
  const start = performance.now();
  const deadline = start + request.seconds * 1000;
  await Promise.all(
    Array.from({ length: request.concurrency }, async () => {
      while (performance.now() < deadline) {
        // From the other end of the fleet than the driver's rounds: no TV's clock in two places.
        const tv = tvs[tvs.length - 1 - (storeCursor % tvs.length)]!;
        storeCursor += 1;
        // This copy of the TV did not see what the driver sent for it: its plays start now.
        tv.clock = Math.max(tv.clock, Date.now());
        const sent = performance.now();
        const inserted = await ingest.store(tv, nextBatch(tv, Date.now()));
        app.deps.settlement.kick();
        latenciesMs.push(performance.now() - sent);
        plays += inserted.length;
      }
    }),
  );
  return {
    plays,
    batches: latenciesMs.length,
    seconds: (performance.now() - start) / 1000,
    latenciesMs,
  };
}

async function pending(): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(impression)
    .where(eq(impression.verdict, 'pending'));
  return row?.count ?? 0;
}

async function windowFigures(fromMs: number, toMs: number): Promise<TWindowFigures> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const refused = sql.raw(ARRIVAL_VERDICTS.map((verdict) => `'${verdict}'`).join(', '));
  const [received] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression}
      where ${impression.verdict} is not null
        and ${impression.receivedAt} >= ${from}::timestamptz and ${impression.receivedAt} < ${to}::timestamptz`),
  );
  const [settled] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression}
      where ${impression.verdict} not in ('pending', ${refused})
        and ${impression.settledAt} >= ${from}::timestamptz and ${impression.settledAt} < ${to}::timestamptz`),
  );
  const [lag] = rowsOf<{ p50: number | null; p99: number | null; max: number | null }>(
    await db.execute(sql`select
        percentile_cont(0.5) within group (order by extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as p50,
        percentile_cont(0.99) within group (order by extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as p99,
        max(extract(epoch from ${impression.settledAt} - ${impression.receivedAt}))::float8 as max
      from ${impression}
      where ${impression.verdict} not in ('pending', ${refused})
        and ${impression.receivedAt} >= ${from}::timestamptz and ${impression.receivedAt} < ${to}::timestamptz`),
  );
  return {
    adPlaysReceived: received?.count ?? 0,
    settled: settled?.count ?? 0,
    lagP50: lag?.p50 ?? null,
    lagP99: lag?.p99 ?? null,
    lagMax: lag?.max ?? null,
  };
}

/** After the run, everything settled: each play billed at most once, and the ledger audit. */
async function verify(): Promise<TVerify> {
  await app.deps.settlement.settleDue();
  const byVerdict = rowsOf<{ verdict: string | null; count: number }>(
    await db.execute(
      sql`select ${impression.verdict} as verdict, count(*)::int as count from ${impression} group by 1`,
    ),
  );
  const verdicts: Record<string, number> = {};
  let rows = 0;
  for (const row of byVerdict) {
    rows += row.count;
    if (row.verdict !== null) verdicts[row.verdict] = row.count;
  }
  const [billed] = rowsOf<{ plays: number; micros: string }>(
    await db.execute(sql`select count(*)::int as plays, coalesce(sum(${impression.billedMicros}), 0)::text as micros
      from ${impression} where ${impression.billedMicros} > 0`),
  );
  // A play billed twice would leave the holds short of what the plays say they were billed; one
  // billed past its own price (billable time × bid, rounded up) or without the verdict is wrong too.
  const [over] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${impression} i
      join ${campaign} c on c.id = i.campaign_id
      where i.billed_micros > 0
        and (i.verdict <> 'billed' or i.billed_micros > ceil(i.billable_ms * c.bid_micros_per_second / 1000.0))`),
  );
  const campaigns = await db
    .select({ id: campaign.id })
    .from(campaign)
    .where(and(isNotNull(campaign.id), inArray(campaign.state, ['approved', 'completed'])));
  const holds = await Promise.all(campaigns.map((row) => campaignHoldAccountId(db, row.id)));
  const balances = await balancesOf(db, holds);
  const holdsSpentMicros = holds.reduce(
    (sum, hold) => sum + BUDGET_MICROS - (balances.get(hold) ?? 0),
    0,
  );
  const audit = await auditLedger(db);
  return {
    verdicts,
    plainRows,
    ingestRows: rows - plainRows,
    billedPlays: billed?.plays ?? 0,
    billedMicros: Number(billed?.micros ?? 0),
    holdsSpentMicros,
    overBilled: over?.count ?? 0,
    auditProblems: audit.problems,
  };
}

async function handle(request: TRequest): Promise<unknown> {
  switch (request.type) {
    case 'seed':
      return seed(request);
    case 'served':
      return served(request.sent);
    case 'tvs':
      tvs = request.tvs;
      return tvs.length;
    case 'plain':
      return plain(request);
    case 'store':
      return store(request);
    case 'pending':
      return pending();
    case 'statements':
      if (request.reset) {
        statements.clear();
        timing = true;
        return [];
      }
      timing = false;
      return [...statements]
        .map(([text, entry]) => ({ text, ...entry }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, request.top);
    case 'memory': {
      // --expose-gc (BENCH_EXPOSE_GC=1): what is left after a full collection.
      if (request.gc) (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      return {
        rss: usage.rss,
        peakRss: Math.max(peakRss, usage.rss),
        heapUsed: usage.heapUsed,
        heapTotal: usage.heapTotal,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        loopDelayMaxMs: loopDelayMaxMs(),
      } satisfies TServerMemory;
    }
    case 'window':
      return windowFigures(request.fromMs, request.toMs);
    case 'verify':
      return verify();
  }
}

process.on('message', (message: TRequest) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.send?.({ id: 0, result: 'ready' });
