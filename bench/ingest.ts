// bench/ingest: proof of play under a fleet's real load (issue 17 item 6). Plays are acknowledged by
// POST /api/v1/player/impressions and billed behind it by the settlement worker; this measures
// both, beside a plain batched INSERT of the same rows in the same run.
//
//   npm run bench:ingest                       10,000 TVs on PostgreSQL, 1,000 on PGlite, 60 s cadence
//   BENCH_TVS=2000 BENCH_SECONDS=60 BENCH_DATABASES=postgres npm run bench:ingest
//   BENCH_CLIENT=fetch …                       the driver on fetch instead of node:http (more CPU)
//
// The server: Screenline in its own process (bench/ingest-server.ts builds it as server.ts does:
// production mode, SETTLEMENT_WORKER on) on a loopback port, on a throwaway PostgreSQL database
// (BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432; created and dropped)
// and on the embedded database (PGlite) in a temporary DATA_DIR.
// The world, written straight into the tables: BENCH_TVS TVs, BENCH_TVS_PER_SPACE (2) on each ad
// space, a hundred monetized spaces per owner in five time zones, each space's playlist a menu
// image and two ad slots of BENCH_SLOT_S seconds; 20 live funded campaigns targeting every space,
// five of them with a daily cap the run reaches. Each TV then fetches its manifest over HTTP (the
// server records what it was sent, as for a real TV) and plays only what that manifest offered.
//
// 1. Open loop at the TVs' cadence, for BENCH_SECONDS (default two cadences): every TV sends its
//    batch once per BENCH_CADENCE_S (default 60) ± 10 %, at a time set by the clock, never waiting
//    for an earlier answer. A batch: 4–10 plays back to back on the TV's clock ending about now,
//    three in four of them ad plays of a campaign the manifest offered then, in an ad slot, for the
//    slot's length. Reported: acknowledged plays/s, ack latency p50/p99 (from the time the request
//    was due: a late send counts), settled plays/s, settle lag p50/p99 (receipt → settled), how
//    long the backlog took to drain after the last batch, 429s apart, load average, RSS; on
//    PostgreSQL, pg_stat_activity/pg_locks sampled every 100 ms for statements waiting on a lock.
// 2. Capacity, interleaved A, B, A, B… (BENCH_ROUNDS pairs of BENCH_ROUND_S seconds,
//    BENCH_CONCURRENCY at a time): A = the TVs' next batches through POST /api/v1/player/impressions
//    as fast as they are answered; B = the same kind of batches written by one plain
//    `insert … on conflict do nothing` per batch inside the server process (no HTTP, no verdicts).
//    The settlement worker keeps running. Printed: the median ratio A/B with its spread. Between
//    them, for the breakdown, a round of ingest's store() called in the server process (no HTTP).
// 3. After the run, everything settled: every play billed at most once (what the holds lost equals
//    what the plays were billed; no play billed past its price), the ledger audit, counts.
import os from 'node:os';
import { SETTLE_DELAY_MS } from '@screenline/shared/proof-of-play';
import { BenchServer } from './bench-server';
import { measureOnEachDatabase } from './each-database';
import { LockWatch } from './ingest-lock-watch';
import {
  AD_SHARE,
  BATCH_MAX,
  BATCH_MIN,
  type TBenchTv,
  type TPlainRound,
  type TSeeded,
  type TVerify,
  type TWindowFigures,
  tvOf,
} from './ingest-plays';
import { CLIENT, newSends, send } from './ingest-send';
import { loadAverageLine } from './load-average';
import {
  envInt,
  errorsOf,
  fmt,
  LoadWatch,
  lineCollector,
  mb,
  median,
  openLoop,
  percentile,
} from './open-loop';
import { serveManifests } from './serve-manifests';

const CADENCE_S = envInt('BENCH_CADENCE_S', 60);
const SECONDS = envInt('BENCH_SECONDS', 2 * CADENCE_S);
const TVS_PER_SPACE = envInt('BENCH_TVS_PER_SPACE', 2);
/** Ten plays of a slot's length fit in one cadence. */
const SLOT_S = envInt('BENCH_SLOT_S', Math.max(1, Math.floor(CADENCE_S / 10)));
const ROUNDS = envInt('BENCH_ROUNDS', 4);
const ROUND_S = envInt('BENCH_ROUND_S', 5);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 8);
/** The goal's fleet: 10,000 TVs at a 60 s cadence with 4 ad plays a minute each. */
const GOAL_AD_PLAYS_PER_S = (10_000 * 4) / 60;

/**
 * One TV of each owner fetches its manifest over HTTP (the route records what it sent); the
 * owner's other TVs (same playlist, same zone, so the same fill) are recorded as sent the same
 * version, and each TV plays what that manifest offered.
 */
async function primeManifests(
  server: BenchServer,
  seeded: TSeeded['tvs'],
): Promise<Array<{ token: string; tv: TBenchTv }>> {
  const tvs: Array<{ token: string; tv: TBenchTv }> = [];
  await serveManifests(server, seeded, {
    groupOf: (one) => one.ownerId,
    concurrency: 1,
    each: async (owned, manifest) => {
      for (const one of owned) {
        const tv = tvOf(one, manifest);
        if (!tv) throw new Error('a manifest offered no ad slot or no campaign');
        tvs.push({ token: one.token, tv });
      }
    },
  });
  return tvs;
}

/** Phase 1: every TV sends once per cadence ± 10 %, on the clock, for SECONDS. */
async function runOpenLoop(server: BenchServer, tvs: Array<{ token: string; tv: TBenchTv }>) {
  const tally = newSends();
  // The settlement backlog when the last batch was due, before the answers still owed arrive.
  let backlog = 0;
  const loop = await openLoop({
    count: tvs.length,
    cadenceMs: CADENCE_S * 1000,
    jitter: 0.1,
    seconds: SECONDS,
    send: (index, dueAt) => {
      const { token, tv } = tvs[index]!;
      return send(server.baseUrl, token, tv, dueAt, tally);
    },
    atEnd: async () => {
      backlog = await server.ask<number>({ type: 'pending' });
    },
  });
  return { tally, backlog, ...loop };
}

/** Phase 2 A: the TVs' next batches as fast as they are answered, CONCURRENCY at a time. */
async function capacityRound(
  server: BenchServer,
  tvs: Array<{ token: string; tv: TBenchTv }>,
  cursor: { at: number },
) {
  const tally = newSends();
  const start = performance.now();
  const deadline = start + ROUND_S * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const { token, tv } = tvs[cursor.at % tvs.length]!;
        cursor.at += 1;
        await send(server.baseUrl, token, tv, performance.now(), tally);
      }
    }),
  );
  return { tally, seconds: (performance.now() - start) / 1000 };
}

async function measure(
  label: string,
  count: number,
  env: Record<string, string>,
  databaseUrl: string | null,
): Promise<string[]> {
  const { lines, say } = lineCollector();
  const setupStart = performance.now();
  const server = await BenchServer.start({ SETTLEMENT_WORKER: 'true', ...env });
  try {
    const seeded = await server.ask<TSeeded>({
      type: 'seed',
      tvs: count,
      tvsPerSpace: TVS_PER_SPACE,
      slotSeconds: SLOT_S,
    });
    const manifestStart = performance.now();
    const tvs = await primeManifests(server, seeded.tvs);
    const manifestSeconds = (performance.now() - manifestStart) / 1000;
    await server.ask({ type: 'tvs', tvs: tvs.map((one) => one.tv) });
    const perBatch = (BATCH_MIN + BATCH_MAX) / 2;
    say(
      `${label}: ${fmt(tvs.length)} TVs on ${fmt(seeded.spaces)} ad spaces, ${seeded.campaigns} live campaigns (${seeded.capped} with a daily cap); manifests served in ${fmt(manifestSeconds, 1)} s; set up in ${fmt((performance.now() - setupStart) / 1000)} s`,
    );
    say(
      `  offered: a batch of ${BATCH_MIN}–${BATCH_MAX} plays (${AD_SHARE * 100} % ads) per TV every ${CADENCE_S} s ± 10 % ≈ ${fmt((tvs.length * perBatch) / CADENCE_S)} plays/s, ${fmt((tvs.length * perBatch * AD_SHARE) / CADENCE_S)} ad plays/s, for ${SECONDS} s (open loop); ${SLOT_S} s slots`,
    );

    // 1. Open loop at the cadence.
    await server.ask({ type: 'statements', reset: true, top: 0 });
    const locks = databaseUrl ? await LockWatch.open(databaseUrl) : null;
    locks?.start();
    const load = new LoadWatch();
    const fromMs = Date.now();
    const open = await runOpenLoop(server, tvs);
    const toMs = fromMs + open.scheduledSeconds * 1000;
    // Drained: every batch answered and every play settled, timed from when the last was due.
    const { backlog } = open;
    let left = await server.ask<number>({ type: 'pending' });
    while (left > 0 && performance.now() - open.endedAt < 180_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = await server.ask<number>({ type: 'pending' });
    }
    const drainSeconds = (performance.now() - open.endedAt) / 1000;
    const openLoad = load.stop();
    const slowest = await server.ask<Array<{ text: string; count: number; ms: number }>>({
      type: 'statements',
      reset: false,
      top: 12,
    });
    const figures = await server.ask<TWindowFigures>({ type: 'window', fromMs, toMs });
    const s = open.scheduledSeconds;
    const t = open.tally;
    const adReceivedPerS = figures.adPlaysReceived / s;
    const settledPerS = figures.settled / s;
    say(
      `  open loop: ${fmt(t.batches)} batches, ${fmt(t.acknowledged / s)} plays/s acknowledged (${fmt(t.acknowledged)} of ${fmt(t.plays)}), ack latency p50 ${fmt(percentile(t.latenciesMs, 50), 1)} ms, p99 ${fmt(percentile(t.latenciesMs, 99), 1)} ms (from the time each was due; the sender was at most ${fmt(open.lateMs)} ms late)`,
    );
    say(
      `  settlement: ${fmt(adReceivedPerS)} ad plays/s stored, ${fmt(settledPerS)}/s settled; settle lag p50 ${fmt(figures.lagP50 ?? NaN, 2)} s, p99 ${fmt(figures.lagP99 ?? NaN, 2)} s, max ${fmt(figures.lagMax ?? NaN, 2)} s; ${fmt(backlog)} pending when the last batch was due, all answered and settled ${fmt(drainSeconds, 1)} s later${left > 0 ? ` (NOT DRAINED: ${left} left)` : ''}`,
    );
    say(
      `  429s: ${t.throttled}; errors: ${errorsOf(t)}; unanswered at the end: ${open.unanswered}; ${openLoad}`,
    );
    if (locks)
      say(
        `  locks: ${locks.samples} samples of pg_stat_activity; an ingest statement waited on a row, transaction or other table's lock in ${locks.ingestBlocked}, on its device's advisory lock in ${locks.advisoryWaits}, to extend the impression table in ${locks.extendWaits}`,
      );

    if (slowest.length > 0) {
      const total = slowest.reduce((sum, one) => sum + one.ms, 0);
      say(
        `  statements by time waited for them in the open loop (server side, top ${slowest.length}):`,
      );
      for (const one of slowest)
        say(
          `    ${fmt(one.ms / 1000, 1).padStart(7)} s ${fmt((one.ms / total) * 100).padStart(3)} % ${fmt(one.count).padStart(8)}× ${fmt(one.ms / one.count, 2).padStart(7)} ms  ${one.text.slice(0, 110)}`,
        );
    }

    // 2. Capacity, A (ingest over HTTP) and B (plain INSERT) interleaved.
    const capacityLoad = new LoadWatch();
    const ratios: number[] = [];
    const ackRates: number[] = [];
    const plainRates: number[] = [];
    const storeRates: number[] = [];
    const storeLatencies: number[] = [];
    const ackLatencies: number[] = [];
    const plainLatencies: number[] = [];
    const cursor = { at: 0 };
    let roundErrors = 0;
    const blockedBefore = locks?.ingestBlocked ?? 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await capacityRound(server, tvs, cursor);
      const b = await server.ask<TPlainRound>({
        type: 'plain',
        seconds: ROUND_S,
        concurrency: CONCURRENCY,
      });
      const c = await server.ask<TPlainRound>({
        type: 'store',
        seconds: ROUND_S,
        concurrency: CONCURRENCY,
      });
      storeRates.push(c.plays / c.seconds);
      storeLatencies.push(...c.latenciesMs);
      roundErrors += a.tally.errors + a.tally.throttled;
      const ackRate = a.tally.acknowledged / a.seconds;
      const plainRate = b.plays / b.seconds;
      ackRates.push(ackRate);
      plainRates.push(plainRate);
      ackLatencies.push(...a.tally.latenciesMs);
      plainLatencies.push(...b.latenciesMs);
      ratios.push(ackRate / plainRate);
    }
    const ratio = median(ratios);
    const capacityLoadLine = capacityLoad.stop();
    say(
      `  capacity (${ROUNDS} × A/B of ${ROUND_S} s, ${CONCURRENCY} at a time): acknowledged ${fmt(median(ackRates))} plays/s (p50 ${fmt(percentile(ackLatencies, 50), 1)} ms, p99 ${fmt(percentile(ackLatencies, 99), 1)} ms per batch), plain INSERT ${fmt(median(plainRates))} plays/s (p50 ${fmt(percentile(plainLatencies, 50), 1)} ms, p99 ${fmt(percentile(plainLatencies, 99), 1)} ms); acknowledged / plain ${fmt(ratio, 2)}× median (${ratios.map((r) => fmt(r, 2)).join(', ')}); ${roundErrors} errors or 429s; ${capacityLoadLine}`,
    );
    say(
      `  breakdown: ingest's store() in the server process (no HTTP, no token check, no JSON) ${fmt(median(storeRates))} plays/s (p50 ${fmt(percentile(storeLatencies, 50), 1)} ms, p99 ${fmt(percentile(storeLatencies, 99), 1)} ms per batch), ${fmt(median(storeRates) / median(plainRates), 2)}× the plain insert`,
    );
    if (locks)
      say(
        `  locks during capacity: an ingest statement waited on a row, transaction or other table's lock in ${locks.ingestBlocked - blockedBefore} more samples`,
      );
    await locks?.close();
    if (locks && locks.waits.size > 0) {
      const top = [...locks.waits].sort((x, y) => y[1] - x[1]).slice(0, 6);
      for (const [what, n] of top) say(`    waited (${n} samples): ${what}`);
    }

    // 3. After the run.
    const verify = await server.ask<TVerify>({ type: 'verify' });
    const memory = await server.ask<{ rss: number; peakRss: number }>({ type: 'memory' });
    const acknowledgedTotal = t.acknowledged + 0;
    const once = verify.holdsSpentMicros === verify.billedMicros && verify.overBilled === 0;
    const verdicts = Object.entries(verify.verdicts)
      .sort((x, y) => y[1] - x[1])
      .map(([verdict, n]) => `${verdict} ${fmt(n)}`)
      .join(', ');
    say(
      `  after: ${fmt(verify.ingestRows)} plays stored through the API (${fmt(acknowledgedTotal)} acknowledged in the open loop, the rest in capacity rounds), ${fmt(verify.plainRows)} plain rows; ad plays by verdict: ${verdicts}`,
    );
    say(
      `  billed ${fmt(verify.billedPlays)} plays, ${fmt(verify.billedMicros)} micros; holds spent ${fmt(verify.holdsSpentMicros)} micros; billed at most once: ${once ? 'yes' : `NO (${verify.overBilled} plays over their price)`}; ledger audit: ${verify.auditProblems.length === 0 ? 'clean' : verify.auditProblems.join('; ')}`,
    );
    say(
      `  server RSS ${mb(memory.rss)} (peak ${mb(memory.peakRss)}); driver RSS ${mb(process.memoryUsage().rss)}`,
    );

    // Goals.
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    say(
      `  goal ${pass(ratio >= 0.5)}: acknowledgement ≥ 0.5 × the plain insert (${fmt(ratio, 2)}×)`,
    );
    const keepsUp =
      left === 0 &&
      drainSeconds * 1000 <= SETTLE_DELAY_MS &&
      (figures.lagP99 ?? Infinity) * 1000 <= SETTLE_DELAY_MS;
    const atGoalRate = adReceivedPerS >= GOAL_AD_PLAYS_PER_S;
    say(
      `  goal ${keepsUp && atGoalRate ? 'PASS' : keepsUp ? 'NOT TESTED' : 'FAIL'}: settlement keeps up (lag p99 and the drain ≤ ${SETTLE_DELAY_MS / 1000} s, when figures stop being "settling") at ≥ ${fmt(GOAL_AD_PLAYS_PER_S)} ad plays/s: ${fmt(adReceivedPerS)} ad plays/s offered, ${keepsUp ? 'kept up' : 'fell behind'}`,
    );
    if (locks)
      say(
        `  goal ${pass(locks.ingestBlocked === 0)}: no request waits on a campaign lock (${locks.ingestBlocked} of ${locks.samples} samples had an ingest statement waiting on a row, transaction or other table's lock; ${locks.extendWaits} on extending the impression table, as any insert may)`,
      );
    if (!once || verify.auditProblems.length > 0) process.exitCode = 1;
    return lines;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `bench/ingest: ${os.cpus().length} CPUs, Node ${process.version}, ${loadAverageLine()} at the start; the driver's client: ${CLIENT}`,
  );
  await measureOnEachDatabase('ingest', {
    postgres: (env, databaseUrl) =>
      measure('PostgreSQL', envInt('BENCH_TVS', 10_000), env, databaseUrl),
    pglite: (dataDir) =>
      measure('PGlite', envInt('BENCH_PGLITE_TVS', 1000), { DATA_DIR: dataDir }, null),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
