// bench/fleet: a fleet of simulated TV players against one Screenline instance, beside the same
// instance's /api/health rate in the same run.
//
//   npm run bench:fleet                                   1000 players, 10 s per phase
//   FLEET_PLAYERS=1000 BENCH_SECONDS=20 npm run bench:fleet
//
// The server runs in its own process in production mode on the embedded database (PGlite, the
// product's default), then on a fresh PostgreSQL database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test; skipped when unreachable). One owner, one location,
// one ad space with a playlist, and FLEET_PLAYERS devices registered as the TV's setup does.
// Then, all at once for BENCH_SECONDS, as a fleet does after an outage (the worst case):
// - polls: GET /api/v1/player/manifest with If-None-Match (the 304 path) for a random device,
// - heartbeats: POST /api/v1/player/heartbeat for a random device,
// - proof of play: POST /api/v1/player/impressions, batches of IMPRESSIONS_PER_BATCH fresh plays
//   with each device's next sequence numbers.
// It prints polls/s, heartbeats/s, impressions/s with p99 latency, how many players that carries
// at the default 60 s poll, then /api/health alone, and checks that every impression landed once.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { z } from 'zod';
import { adminUrl, createPostgresDatabase } from './postgres-database';
import { signUp, startScreenline } from './server-process';

const seconds = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.BENCH_SECONDS ?? '10');
const players = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.FLEET_PLAYERS ?? '1000');
const IMPRESSIONS_PER_BATCH = 20;
const POLL_INTERVAL_SECONDS = 60;

interface TDevice {
  token: string;
  etag: string;
  sequence: number;
}

interface TPhase {
  label: string;
  /** Answers per second, 429s included (each TV has its own limit: docs/api/player.md). */
  rps: number;
  p99: number;
  /** Answered 2xx or 304. */
  ok: number;
  /** 429: a TV over its own rate limit (the fleet here polls far faster than real TVs). */
  throttled: number;
  errors: number;
}

const summary: string[] = [];

async function main() {
  console.log(
    `bench/fleet: ${players} players, ${seconds} s per phase (${os.cpus().length} CPUs, Node ${process.version})`,
  );
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-fleet-'));
  try {
    await runFleet('PGlite', { DATA_DIR: path.join(workDir, 'pglite') });
    const database = await createPostgresDatabase();
    if (database) {
      try {
        await runFleet('PostgreSQL', {
          DATA_DIR: path.join(workDir, 'postgres'),
          DATABASE_URL: database.url,
        });
      } finally {
        await database.drop();
      }
    } else {
      console.log(`PostgreSQL at ${adminUrl} is not reachable: skipped`);
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  console.log('');
  for (const line of summary) console.log(line);
}

async function runFleet(name: string, env: Record<string, string>) {
  const server = await startScreenline({ ...env, AUTH_RATE_LIMIT: 'false' });
  const { baseUrl } = server;
  try {
    const cookie = await signUp(baseUrl);
    const adSpaceId = await seedAdSpace(baseUrl, cookie);
    const devices = await registerDevices(baseUrl, cookie, adSpaceId);
    console.log(`${name}: ${devices.length} devices registered`);

    let sent = 0;
    const [polls, heartbeats, impressions] = await Promise.all([
      fire(`${name}: manifest poll (304)`, baseUrl, 10, (request) => {
        const device = pick(devices);
        request.method = 'GET';
        request.path = '/api/v1/player/manifest';
        request.headers = {
          authorization: `Bearer ${device.token}`,
          'if-none-match': device.etag,
        };
        return request;
      }),
      fire(`${name}: heartbeat`, baseUrl, 5, (request) => {
        const device = pick(devices);
        request.method = 'POST';
        request.path = '/api/v1/player/heartbeat';
        request.headers = {
          authorization: `Bearer ${device.token}`,
          'content-type': 'application/json',
        };
        request.body = JSON.stringify(heartbeatOf(device));
        return request;
      }),
      fire(`${name}: impressions batch`, baseUrl, 5, (request) => {
        const device = pick(devices);
        request.method = 'POST';
        request.path = '/api/v1/player/impressions';
        request.headers = {
          authorization: `Bearer ${device.token}`,
          'content-type': 'application/json',
        };
        request.body = JSON.stringify({ impressions: batchOf(device, adSpaceId) });
        sent += IMPRESSIONS_PER_BATCH;
        return request;
      }),
    ]);
    const health = await fire(`${name}: GET /api/health alone`, baseUrl, 20, (request) => {
      request.method = 'GET';
      request.path = '/api/health';
      return request;
    });

    const stored = await countPlays(baseUrl, cookie, adSpaceId);
    const perSecond = (phase: TPhase) => phase.ok / seconds;
    const carried = Math.floor(perSecond(polls) * POLL_INTERVAL_SECONDS);
    // In flight when the phase ended: stored, but their answers were not counted.
    const answered = impressions.ok * IMPRESSIONS_PER_BATCH;
    const isOnce = stored >= answered && stored <= sent;
    const lines = [
      `${name}: polls ${perSecond(polls).toFixed(0)}/s (p99 ${polls.p99} ms), heartbeats ${perSecond(heartbeats).toFixed(0)}/s (p99 ${heartbeats.p99} ms), impressions ${(perSecond(impressions) * IMPRESSIONS_PER_BATCH).toFixed(0)}/s in batches of ${IMPRESSIONS_PER_BATCH} (p99 ${impressions.p99} ms), all at once`,
      `${name}: /api/health alone ${perSecond(health).toFixed(0)}/s (p99 ${health.p99} ms); the poll rate carries ≈ ${carried} players at a ${POLL_INTERVAL_SECONDS} s poll`,
      `${name}: impressions sent ${sent}, acknowledged ${answered}, stored ${stored}` +
        (isOnce ? ' (none lost, none twice)' : ' (MISMATCH)'),
    ];
    for (const phase of [polls, heartbeats, impressions, health]) {
      if (phase.throttled) lines.push(`${phase.label}: ${phase.throttled} throttled (429)`);
      if (phase.errors) lines.push(`${phase.label}: ${phase.errors} errors or other statuses`);
    }
    for (const line of lines) console.log(line);
    summary.push(...lines);
    if (!isOnce) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

function heartbeatOf(device: TDevice) {
  return {
    appVersion: 'bench',
    manifestVersion: device.etag.replaceAll('"', ''),
    storage: { usedBytes: 1_000_000, quotaBytes: 10_000_000_000, persisted: true },
    cache: { filesReady: 1, filesNeeded: 1, bytesReady: 1000, bytesNeeded: 1000, problem: null },
    nowPlaying: null,
  };
}

function batchOf(device: TDevice, adSpaceId: string) {
  const startedAt = Date.now() - 60_000;
  return Array.from({ length: IMPRESSIONS_PER_BATCH }, (_, index) => {
    device.sequence += 1;
    return {
      id: crypto.randomUUID(),
      sequence: device.sequence,
      startedAt: new Date(startedAt + index * 1000).toISOString(),
      shownMs: 10_000,
      endReason: 'completed',
      adSpaceId,
      playlistId: null,
      playlistVersion: null,
      itemId: 'bench-item',
      contentId: null,
      campaignId: null,
      creativeId: null,
    };
  });
}

type TSetup = (request: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}) => typeof request;

async function fire(
  label: string,
  baseUrl: string,
  connections: number,
  setupRequest: TSetup,
): Promise<TPhase> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ setupRequest: setupRequest as never }],
  });
  const throttled = result.statusCodeStats?.['429']?.count ?? 0;
  const phase = {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    ok: result['2xx'] + (result.statusCodeStats?.['304']?.count ?? 0),
    throttled,
    errors:
      result.errors +
      result.timeouts +
      result.non2xx -
      throttled -
      (result.statusCodeStats?.['304']?.count ?? 0),
  };
  console.log(
    `${label}: ${phase.rps.toFixed(0)} req/s, p99 ${phase.p99} ms, ${phase.ok} answered` +
      (throttled ? `, ${throttled} throttled (429)` : '') +
      (phase.errors ? `, ${phase.errors} errors or other statuses` : ''),
  );
  return phase;
}

async function call(
  baseUrl: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

const ZId = z.object({ id: z.string() });

async function seedAdSpace(baseUrl: string, cookie: string): Promise<string> {
  const headers = { cookie };
  await call(baseUrl, 'PATCH', '/api/v1/me', headers, { role: 'advertiser' });
  const location = ZId.parse(
    await call(baseUrl, 'POST', '/api/v1/locations', headers, {
      name: 'Bench mall',
      address: { line: '1 Bench Street', city: 'Springfield', country: 'US' },
      timeZone: 'America/New_York',
      venueType: 'retail',
    }),
  );
  const playlist = ZId.parse(
    await call(baseUrl, 'POST', '/api/v1/playlists', headers, {
      name: 'Bench loop',
      items: [{ id: 'slot-1', type: 'adSlot', lengthSeconds: 15 }],
    }),
  );
  const space = ZId.parse(
    await call(baseUrl, 'POST', '/api/v1/ad-spaces', headers, {
      name: 'Bench screen',
      locationId: location.id,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      defaultPlaylistId: playlist.id,
    }),
  );
  return space.id;
}

const ZRegistration = z.object({ token: z.string() });

async function registerDevices(
  baseUrl: string,
  cookie: string,
  adSpaceId: string,
): Promise<TDevice[]> {
  const devices: TDevice[] = [];
  const registerOne = async () => {
    const { token } = ZRegistration.parse(
      await call(
        baseUrl,
        'POST',
        '/api/v1/player/devices',
        { cookie },
        {
          deviceKey: crypto.randomBytes(24).toString('hex'),
          adSpaceId,
          userAgent: 'bench/fleet',
          appVersion: 'bench',
        },
      ),
    );
    const res = await fetch(`${baseUrl}/api/v1/player/manifest`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const etag = res.headers.get('etag');
    if (res.status !== 200 || !etag) throw new Error(`manifest: ${res.status}, etag ${etag}`);
    await res.arrayBuffer();
    devices.push({ token, etag, sequence: 0 });
  };
  // Ten setups at a time, as TVs come up after an outage.
  for (let done = 0; done < players; done += 10) {
    await Promise.all(Array.from({ length: Math.min(10, players - done) }, () => registerOne()));
  }
  return devices;
}

const ZReport = z.object({ totals: z.object({ plays: z.number() }) });

async function countPlays(baseUrl: string, cookie: string, adSpaceId: string): Promise<number> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const report = ZReport.parse(
    await call(
      baseUrl,
      'GET',
      `/api/v1/ad-spaces/${adSpaceId}/plays?from=${day(-2)}&to=${day(2)}`,
      { cookie },
    ),
  );
  return report.totals.plays;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
