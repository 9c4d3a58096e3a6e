// bench/api: Screenline's hot paths beside the framework's own ceiling, in interleaved rounds.
//
//   npm run bench:api                                7 rounds of 3 s per path, PostgreSQL and PGlite
//   BENCH_ROUNDS=5 BENCH_SECONDS=2 npm run bench:api a quicker run
//   BENCH_DATABASES=postgres npm run bench:api       one database (postgres, pglite)
//
// Two server processes run side by side for the whole run, in production mode (NODE_ENV=production,
// LOG_LEVEL=warn), as an operator runs them: a bare Fastify hello (bench/api-hello.ts) and
// Screenline (a temporary DATA_DIR; on each database of BENCH_DATABASES, bench/each-database.ts:
// a fresh PostgreSQL database at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
// created and dropped by the run, then PGlite). The TVs and the session are set up through the
// shared typed API client; what is timed goes out on autocannon, as it is. autocannon
// drives one of them at a time from this process with 20 connections, alternating hello and the
// path (A B, then B A, …), so that both see the same machine: on a shared, loaded machine a figure
// measured once, minutes away from its baseline, says little. Each round reads the server
// process's CPU time (/proc/<pid>/stat: utime + stime, every thread) before and after, so each
// path gets two ratios per round, printed as the median with the min–max of the rounds:
// - req/s: path / hello (higher is better);
// - CPU per request: hello / path (the share of a hello's cost; 0.5 means twice a hello's CPU).
//   A loaded machine lowers req/s for reasons of its own; CPU per request is the steadier figure.
// The paths:
// - `GET /api/v1/me`, session-cache hit: one signed-in cookie, again and again (goal ≥ 0.25);
// - `GET /api/v1/me`, session-cache miss: the same session, with a cookie that changes on every
//   request beside it. The cache is keyed by the credentials' bytes, so each request resolves
//   the session through Better Auth and the profile read, and stores it, as a real miss does;
// - `GET /api/v1/player/manifest` answered 304: BENCH_DEVICES TVs (default 30,000) over 20 ad
//   spaces, each sending its current ETag, in turn. None may pass its own rate limit (60 a
//   minute): past it, a TV's poll is no longer answered before Fastify but by the route (which
//   still answers 304 until its own count passes the limit too), so the figure would blend the two.
//   The bench counts each TV's polls over the last minute after every run (the runs' requests
//   spread evenly over the TVs) and marks the figure invalid past the limit, as it does 429s.
//   Goal ≥ 0.5.
// The load average is printed with the figures.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { z } from 'zod';
import type { TApiClient, TApiSession } from '@screenline/shared/api-client';
import { API } from '@screenline/shared/api-paths';
import { measureOnEachDatabase } from './each-database';
import { freePort } from './free-port';
import { loadAverageLine } from './load-average';
import { ROOT, signUp, startProcess, startScreenline, stopProcess } from './server-process';

const positiveInt = (fallback: string) =>
  z.coerce.number().int().positive().default(Number(fallback));
const ZEnv = z.object({
  BENCH_ROUNDS: positiveInt('7'),
  BENCH_SECONDS: positiveInt('3'),
  // 30,000: at the early answer's 35,000 polls a second, 10,000 TVs passed their 60 a minute by
  // the sixth of seven rounds (2026-12-06).
  BENCH_DEVICES: positiveInt('30000'),
});
const env = ZEnv.parse(process.env);
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const AD_SPACES = 20;
/** The manifest's rate limit per TV (PLAYER_RATE_LIMITS.manifest in the player module). */
const POLLS_PER_MINUTE = 60;
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** One kind of request against one server process. */
interface TTarget {
  pid: number;
  baseUrl: string;
  /** The status every answer must have (others are counted apart). */
  expected: number;
  /** Sets each request up (autocannon's setupRequest). */
  setup: (request: TRequest) => TRequest;
  /**
   * Requests sent before the rounds besides the timed warm-up: one poll of each TV, so that each
   * finds its caches as a TV polling every 60 s does (the setup of thousands of TVs may take
   * longer than the device-token cache's 10 minutes on a loaded machine).
   */
  warmUpRequests?: number;
  /** The requests go round this many TVs, each allowed POLLS_PER_MINUTE. */
  devices?: number;
}
interface TRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

interface TRound {
  rps: number;
  cpuPerRequestUs: number;
  /** Answers with another status than expected (429s among them), and socket errors. */
  unexpected: Record<string, number>;
}

async function main() {
  console.log(
    `bench/api: ${env.BENCH_ROUNDS} interleaved rounds of ${env.BENCH_SECONDS} s per path and for hello, ` +
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (${os.cpus().length} CPUs, Node ${process.version})`,
  );
  console.log(`at start: ${loadAverageLine()}`);
  const hello = await startHello();
  try {
    await measureOnEachDatabase(
      'api',
      {
        postgres: (serverEnv) => measureScreenline('PostgreSQL', serverEnv, hello.target),
        pglite: (dataDir) => measureScreenline('PGlite', { DATA_DIR: dataDir }, hello.target),
      },
      () =>
        `Summary (median and min–max of ${env.BENCH_ROUNDS} rounds; ${loadAverageLine()} at the end)`,
    );
  } finally {
    await hello.stop();
  }
}

async function startHello() {
  const port = await freePort();
  const child = startProcess(path.join(ROOT, 'bench/api-hello.ts'), { PORT: String(port) });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the hello server exited (${code})`)));
  });
  const target: TTarget = {
    pid: pidOf(child.pid),
    baseUrl: `http://127.0.0.1:${port}`,
    expected: 200,
    setup: (request) => ({ ...request, method: 'GET', path: '/' }),
  };
  return { target, stop: () => stopProcess(child) };
}

/** The three paths against Screenline on one database: their summary lines. */
async function measureScreenline(
  name: string,
  serverEnv: Record<string, string>,
  hello: TTarget,
): Promise<string[]> {
  const server = await startScreenline({
    ...serverEnv,
    // The bench sets thousands of TVs up from one address and account.
    DEVICE_REGISTRATIONS_PER_HOUR: '1000000',
  });
  const { baseUrl, api } = server;
  try {
    const pid = pidOf(server.pid);
    const { session } = await signUp(api);
    const { cookie } = session;
    const setupStart = performance.now();
    const devices = await setUpDevices(api, session);
    console.log(
      `${name}: ${devices.length} TVs set up over ${AD_SPACES} ad spaces in ${((performance.now() - setupStart) / 1000).toFixed(0)} s`,
    );

    let misses = 0;
    let nextDevice = 0;
    const paths: { label: string; goal: string; target: TTarget }[] = [
      {
        label: 'GET /api/v1/me, session-cache hit',
        goal: 'goal ≥ 0.25 in CPU',
        target: {
          pid,
          baseUrl,
          expected: 200,
          setup: (request) => ({
            ...request,
            method: 'GET',
            path: API.me,
            headers: { cookie },
          }),
        },
      },
      {
        label: 'GET /api/v1/me, session-cache miss',
        goal: 'one indexed read a miss',
        target: {
          pid,
          baseUrl,
          expected: 200,
          setup: (request) => {
            misses += 1;
            return {
              ...request,
              method: 'GET',
              path: API.me,
              headers: { cookie: `bench-miss=${misses}; ${cookie}` },
            };
          },
        },
      },
      {
        label: 'GET /api/v1/player/manifest, 304',
        goal: 'goal ≥ 0.5 in CPU',
        target: {
          pid,
          baseUrl,
          expected: 304,
          warmUpRequests: devices.length,
          devices: devices.length,
          setup: (request) => {
            const device = devices[nextDevice % devices.length]!;
            nextDevice += 1;
            return {
              ...request,
              method: 'GET',
              path: API.playerManifest,
              headers: { authorization: `Bearer ${device.token}`, 'if-none-match': device.etag },
            };
          },
        },
      },
    ];
    const summary: string[] = [];
    for (const { label, goal, target } of paths) {
      const line = await compare(`${name}: ${label}`, hello, target);
      summary.push(`${line} (${goal})`);
    }
    return summary;
  } finally {
    await server.stop();
  }
}

/** Interleaved rounds of hello (A) and the path (B); returns the summary line. */
async function compare(label: string, hello: TTarget, path_: TTarget): Promise<string> {
  await run(hello, WARMUP_SECONDS);
  if (path_.warmUpRequests) await run(path_, { amount: path_.warmUpRequests });
  await run(path_, WARMUP_SECONDS);
  const rpsRatios: number[] = [];
  const cpuRatios: number[] = [];
  const unexpected: Record<string, number> = {};
  for (let i = 0; i < env.BENCH_ROUNDS; i += 1) {
    // A B, then B A: a drift in the machine's load falls on both alike.
    const [a, b] =
      i % 2 === 0
        ? [await run(hello), await run(path_)]
        : await run(path_).then(async (b_) => [await run(hello), b_] as const);
    rpsRatios.push(b.rps / a.rps);
    cpuRatios.push(a.cpuPerRequestUs / b.cpuPerRequestUs);
    for (const [status, count] of Object.entries(b.unexpected))
      unexpected[status] = (unexpected[status] ?? 0) + count;
    console.log(
      `${label}, round ${i + 1}: hello ${a.rps.toFixed(0)} req/s at ${a.cpuPerRequestUs.toFixed(0)} µs CPU a request, ` +
        `path ${b.rps.toFixed(0)} req/s at ${b.cpuPerRequestUs.toFixed(0)} µs; ${loadAverageLine()}`,
    );
  }
  const bad = Object.entries(unexpected)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  if (bad) process.exitCode = 1;
  return (
    `${label}: req/s ${spread(rpsRatios)} × hello, CPU per request ${spread(cpuRatios)} × hello` +
    (bad ? `; INVALID, unexpected answers: ${bad}` : '')
  );
}

/** Each target's runs over the last minute: when each ended, and its answers. */
const histories = new Map<TTarget, Array<{ endMs: number; count: number }>>();

async function run(
  target: TTarget,
  length: number | { amount: number } = env.BENCH_SECONDS,
): Promise<TRound> {
  const before = cpuTimeUs(target.pid);
  const result = await autocannon({
    url: target.baseUrl,
    connections: CONNECTIONS,
    ...(typeof length === 'number' ? { duration: length } : length),
    requests: [{ setupRequest: target.setup as never }],
  });
  const cpuUs = cpuTimeUs(target.pid) - before;
  const unexpected: Record<string, number> = {};
  let answered = 0;
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = stats.count ?? 0;
    answered += count;
    if (Number(status) !== target.expected) unexpected[status] = count;
  }
  if (result.errors + result.timeouts > 0) unexpected.errors = result.errors + result.timeouts;
  if (target.devices) {
    // Every run that ended in the last minute, whole: it over-counts, never under.
    const endMs = performance.now();
    const history = [...(histories.get(target) ?? []), { endMs, count: answered }].filter(
      (entry) => entry.endMs > endMs - 60_000,
    );
    histories.set(target, history);
    const perDevice = history.reduce((sum, entry) => sum + entry.count, 0) / target.devices;
    if (perDevice > POLLS_PER_MINUTE)
      unexpected[`polls a TV a minute past its limit (${perDevice.toFixed(0)})`] = 1;
  }
  return {
    rps: answered / result.duration,
    cpuPerRequestUs: cpuUs / Math.max(answered, 1),
    unexpected,
  };
}

/** The process's CPU time so far (user + system, all threads) in µs. */
function cpuTimeUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1e6;
}

function pidOf(pid: number | undefined): number {
  if (pid === undefined) throw new Error('the server process has no pid');
  return pid;
}

/** `0.31 (0.27–0.35)`: the median and the range. */
function spread(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1
      ? sorted[Math.floor(middle)]!
      : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`;
}

/** AD_SPACES ad spaces with a playlist, and BENCH_DEVICES TVs spread over them with their ETags. */
async function setUpDevices(api: TApiClient, session: TApiSession) {
  await api.updateMe(session, { role: 'advertiser' });
  const location = await api.createLocation(session, {
    name: 'Bench mall',
    address: { line: '1 Bench Street', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  const playlist = await api.createPlaylist(session, {
    name: 'Bench loop',
    items: [{ id: 'slot-1', type: 'adSlot', lengthSeconds: 15 }],
  });
  const spaces: string[] = [];
  for (let i = 0; i < AD_SPACES; i += 1) {
    const space = await api.createAdSpace(session, {
      name: `Bench screen ${i + 1}`,
      locationId: location.id,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      defaultPlaylistId: playlist.id,
    });
    spaces.push(space.id);
  }
  const devices: { token: string; etag: string }[] = [];
  const setUpOne = async (index: number) => {
    const { token } = await api.registerDevice(session, {
      deviceKey: crypto.randomBytes(24).toString('hex'),
      adSpaceId: spaces[index % spaces.length]!,
      userAgent: 'bench/api',
      appVersion: 'bench',
    });
    const polled = await api.playerManifest(token);
    if (!polled) throw new Error('a new TV’s first poll answered 304');
    devices.push({ token, etag: polled.etag });
  };
  for (let done = 0; done < env.BENCH_DEVICES; done += 20) {
    const batch = Math.min(20, env.BENCH_DEVICES - done);
    await Promise.all(Array.from({ length: batch }, (_, i) => setUpOne(done + i)));
  }
  return devices;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
