// bench/ingest's server process: Screenline built as server.ts builds it (production mode, the
// settlement worker on, listening on a loopback port), plus what the driver asks of it over IPC:
// seed the world straight into the tables, run a round of the plain-INSERT baseline on the same
// database, read settlement's figures, and check billing at the end. Started by bench/ingest.ts.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { impression } from '../apps/server/src/db/schema/index';
import { createPlayIngest } from '../apps/server/src/modules/proof-of-play/ingest';
import { pending, verify, windowFigures } from './ingest-figures';
import {
  nextBatch,
  type TBenchTv,
  type TPlainRound,
  type TRequest,
  type TServerMemory,
} from './ingest-plays';
import { seed, served } from './ingest-seed';
// Imported before the app is built: it wraps node-postgres's queries to time them.
import { startTiming, stopTiming } from './ingest-statements';

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

async function handle(request: TRequest): Promise<unknown> {
  switch (request.type) {
    case 'seed':
      return seed(db, config.storageBucket, request);
    case 'served':
      return served(db, request.sent);
    case 'tvs':
      tvs = request.tvs;
      return tvs.length;
    case 'plain':
      return plain(request);
    case 'store':
      return store(request);
    case 'pending':
      return pending(db);
    case 'statements':
      if (request.reset) {
        startTiming();
        return [];
      }
      return stopTiming(request.top);
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
      return windowFigures(db, request.fromMs, request.toMs);
    case 'verify':
      return verify(db, app.deps.settlement, plainRows);
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
