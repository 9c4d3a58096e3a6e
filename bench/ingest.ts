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
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ZImpressionBatchResult, ZPlayerManifest } from '@screenline/shared/player';
import { SETTLE_DELAY_MS } from '@screenline/shared/proof-of-play';
import { BenchServer } from './bench-server';
import {
  AD_SHARE,
  BATCH_MAX,
  BATCH_MIN,
  nextBatch,
  type TBenchTv,
  type TPlainRound,
  type TSeeded,
  type TSentManifest,
  type TVerify,
  type TWindowFigures,
  tvOf,
} from './ingest-plays';
import { adminUrl, createPostgresDatabase } from './postgres-database';
import { loadAverageLine } from './load-average';
import { envInt, fmt, LoadWatch, mb, median, openLoop, percentile } from './open-loop';

const CADENCE_S = envInt('BENCH_CADENCE_S', 60);
const SECONDS = envInt('BENCH_SECONDS', 2 * CADENCE_S);
const TVS_PER_SPACE = envInt('BENCH_TVS_PER_SPACE', 2);
/** Ten plays of a slot's length fit in one cadence. */
const SLOT_S = envInt('BENCH_SLOT_S', Math.max(1, Math.floor(CADENCE_S / 10)));
const ROUNDS = envInt('BENCH_ROUNDS', 4);
const ROUND_S = envInt('BENCH_ROUND_S', 5);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 8);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
/** The goal's fleet: 10,000 TVs at a 60 s cadence with 4 ad plays a minute each. */
const GOAL_AD_PLAYS_PER_S = (10_000 * 4) / 60;

/** The client side's tally of POST /api/v1/player/impressions. */
interface TSends {
  batches: number;
  plays: number;
  adPlays: number;
  acknowledged: number;
  latenciesMs: number[];
  throttled: number;
  errors: number;
  /** The errors by kind: an HTTP status, or why the connection failed. */
  errorKinds: Map<string, number>;
}
const newSends = (): TSends => ({
  batches: 0,
  plays: 0,
  adPlays: 0,
  acknowledged: 0,
  latenciesMs: [],
  throttled: 0,
  errors: 0,
  errorKinds: new Map(),
});
const countError = (tally: TSends, kind: string) => {
  tally.errors += 1;
  tally.errorKinds.set(kind, (tally.errorKinds.get(kind) ?? 0) + 1);
};
const errorsOf = (tally: TSends) =>
  tally.errors === 0
    ? '0'
    : `${tally.errors} (${[...tally.errorKinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')})`;

/**
 * The driver's HTTP client (BENCH_CLIENT): `http` (the default: node:http with a keep-alive
 * agent) or `fetch` (the figures in the README before 2026-12-06 were measured with it). The
 * driver stands in for the TVs, yet shares the machine's two cores with the server it measures,
 * and the plain insert it is compared with pays no client at all: fetch took a fifth of the CPU
 * of a capacity round, node:http about half that (docs/decisions.md, "The benches' TVs on
 * node:http").
 */
const CLIENT = process.env.BENCH_CLIENT ?? 'http';
if (CLIENT !== 'fetch' && CLIENT !== 'http')
  throw new Error(`BENCH_CLIENT: unknown client ${CLIENT} (fetch, http)`);
const agent = new http.Agent({ keepAlive: true });

async function post(
  url: string,
  token: string,
  body: string,
): Promise<{ status: number; body: string }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (CLIENT === 'fetch') {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function send(
  baseUrl: string,
  token: string,
  tv: TBenchTv,
  dueAt: number,
  tally: TSends,
): Promise<void> {
  // A send a little before its time (the scheduler's 5 ms step) is timed from the send.
  const from = Math.min(dueAt, performance.now());
  const plays = nextBatch(tv, Date.now());
  tally.batches += 1;
  tally.plays += plays.length;
  tally.adPlays += plays.filter((play) => play.campaignId !== null).length;
  try {
    const res = await post(
      `${baseUrl}/api/v1/player/impressions`,
      token,
      JSON.stringify({ impressions: plays }),
    );
    const { body } = res;
    tally.latenciesMs.push(performance.now() - from);
    if (res.status === 200) {
      tally.acknowledged += ZImpressionBatchResult.parse(JSON.parse(body)).accepted.length;
    } else if (res.status === 429) {
      tally.throttled += 1;
    } else {
      countError(tally, `HTTP ${res.status}`);
    }
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    countError(
      tally,
      cause instanceof Error
        ? cause.message
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }
}

/** Statements waiting on a lock, sampled from pg_stat_activity and pg_locks (PostgreSQL only). */
class LockWatch {
  samples = 0;
  /**
   * Samples in which some ingest statement waited on a lock other than its device's advisory lock
   * or the table's extension: a row or transaction lock, or a lock on another table (a campaign's).
   */
  ingestBlocked = 0;
  /** Samples in which an ingest statement waited on its device's advisory lock. */
  advisoryWaits = 0;
  /** Samples in which an ingest insert waited to extend the impression table's file. */
  extendWaits = 0;
  /** What waited, by wait event and statement. */
  waits = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<LockWatch> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new LockWatch(client);
  }

  start() {
    this.timer = setInterval(() => void this.sample(), 100);
  }

  private async sample() {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{
        wait_event: string;
        relation: string | null;
        query: string;
      }>(`select a.wait_event, (select c.relname from pg_locks l left join pg_class c on c.oid = l.relation
            where l.pid = a.pid and not l.granted limit 1) as relation, a.query
          from pg_stat_activity a
          where a.datname = current_database() and a.pid <> pg_backend_pid()
            and a.wait_event_type = 'Lock'`);
      this.samples += 1;
      let blocked = false;
      let advisory = false;
      let extend = false;
      for (const row of rows) {
        const query = row.query.replace(/\s+/g, ' ').trim();
        const ingest =
          /pg_advisory_xact_lock|insert into "impression"|from "device_served_fill"|select "billable_from"/.test(
            query,
          );
        // The device's own lock, and extending the impression table's file (any insert, the
        // plain one too, waits for that), are not a campaign's lock.
        if (ingest && row.wait_event === 'advisory') advisory = true;
        else if (ingest && row.wait_event === 'extend') extend = true;
        else if (ingest) blocked = true;
        const key = `${row.wait_event}${row.relation ? ` on ${row.relation}` : ''}: ${query.slice(0, 70)}`;
        this.waits.set(key, (this.waits.get(key) ?? 0) + 1);
      }
      if (blocked) this.ingestBlocked += 1;
      if (advisory) this.advisoryWaits += 1;
      if (extend) this.extendWaits += 1;
    } finally {
      this.busy = false;
    }
  }

  async close() {
    clearInterval(this.timer);
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.client.end();
  }
}

/**
 * One TV of each owner fetches its manifest over HTTP (the route records what it sent); the
 * owner's other TVs (same playlist, same zone, so the same fill) are recorded as sent the same
 * version, and each TV plays what that manifest offered.
 */
async function serveManifests(
  server: BenchServer,
  seeded: TSeeded['tvs'],
): Promise<Array<{ token: string; tv: TBenchTv }>> {
  const byOwner = new Map<string, TSeeded['tvs']>();
  for (const one of seeded) byOwner.set(one.ownerId, [...(byOwner.get(one.ownerId) ?? []), one]);
  const tvs: Array<{ token: string; tv: TBenchTv }> = [];
  const sent: TSentManifest[] = [];
  for (const owned of byOwner.values()) {
    const first = owned[0]!;
    const res = await fetch(`${server.baseUrl}/api/v1/player/manifest`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    if (res.status !== 200) throw new Error(`manifest: ${res.status} ${await res.text()}`);
    const manifest = ZPlayerManifest.parse(await res.json());
    for (const one of owned) {
      const tv = tvOf(one, manifest);
      if (!tv) throw new Error('a manifest offered no ad slot or no campaign');
      tvs.push({ token: one.token, tv });
    }
    sent.push({
      version: manifest.version,
      adFill: manifest.adFill,
      playlists: manifest.playlists,
      devices: owned.slice(1).map((one) => ({ deviceId: one.deviceId, adSpaceId: one.adSpaceId })),
    });
  }
  await server.ask({ type: 'served', sent });
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
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
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
    const tvs = await serveManifests(server, seeded.tvs);
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
  const summary: string[] = [];
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-ingest-'));
  try {
    for (const name of DATABASES) {
      if (name === 'postgres') {
        const database = await createPostgresDatabase();
        if (!database) {
          summary.push(`PostgreSQL at ${adminUrl} is not reachable: skipped`);
          continue;
        }
        try {
          summary.push(
            ...(await measure(
              'PostgreSQL',
              envInt('BENCH_TVS', 10_000),
              { DATA_DIR: path.join(workDir, 'postgres'), DATABASE_URL: database.url },
              database.url,
            )),
          );
        } finally {
          await database.drop();
        }
      } else if (name === 'pglite') {
        summary.push(
          ...(await measure(
            'PGlite',
            envInt('BENCH_PGLITE_TVS', 1000),
            { DATA_DIR: path.join(workDir, 'pglite') },
            null,
          )),
        );
      } else {
        throw new Error(`BENCH_DATABASES: unknown database ${name} (postgres, pglite)`);
      }
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  console.log('');
  for (const line of summary) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
