// Issue 10 item 5: the private PostgreSQL stopped and started while the server is under load
// (reads and writes from several clients at once). During the outage every request gets an
// answer: a 503 in the shared error shape, within a timeout; the server does not crash; when the
// database is back the same server answers again; and no write is half there (each batch of
// plays is one transaction: all its rows or none).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import { type TImpression, ZImpressionBatchResult } from '@screenline/shared/player';
import { impression } from '../../src/db/schema/index';
import { startCluster, stopCluster, type TCluster } from './cluster';
import { faultEnv, openDatabase, openSeedApp, seedTv } from './seed-app';
import { startServer, type TChild } from './server-child';

const cluster: TCluster | null = inject('faultsCluster')
  ? (JSON.parse(inject('faultsCluster')) as TCluster)
  : null;
const PORT = 3262;
const WRITERS = 4;
const READERS = 4;
const BATCH = 10;
/** A request without an answer after this long counts as hung. */
const REQUEST_TIMEOUT_MS = 20_000;

interface TOutcome {
  kind: 'read' | 'write';
  phase: 'before' | 'outage' | 'after';
  status: number | 'timeout' | 'network';
  body: string;
  /** The plays a write sent. */
  ids?: string[];
}

describe.skipIf(!cluster)('PostgreSQL stopped and started under load', () => {
  const run = crypto.randomBytes(4).toString('hex');
  const publicUrl = `http://127.0.0.1:${PORT}`;
  const databaseName = `screenline_outage_${run}`;
  let dataDir: string;
  let env: Record<string, string>;
  let server: TChild | undefined;
  let cookie: string;
  let adSpaceId: string;
  let deviceToken: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenline-faults-outage-'));
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    env = faultEnv({
      dataDir,
      publicUrl,
      secret: crypto.randomBytes(32).toString('hex'),
      databaseUrl: cluster!.url.replace(/\/postgres$/, `/${databaseName}`),
    });
    const t = await openSeedApp('postgres', env);
    try {
      const tv = await seedTv(t, `outage-device-${run}`);
      cookie = tv.owner.cookie;
      adSpaceId = tv.adSpaceId;
      deviceToken = tv.deviceToken;
    } finally {
      await t.close();
    }
    server = await startServer(PORT, env);
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('answers 503 while it is down, recovers without a restart, and leaves no half write', async () => {
    let phase: TOutcome['phase'] = 'before';
    let stopping = false;
    let sequence = 0;
    const outcomes: TOutcome[] = [];

    const call = async (
      kind: TOutcome['kind'],
      url: string,
      init: RequestInit,
      ids?: string[],
    ): Promise<void> => {
      const at = phase;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        outcomes.push({ kind, phase: at, status: res.status, body: await res.text(), ids });
      } catch (error) {
        const status =
          error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
        outcomes.push({ kind, phase: at, status, body: String(error), ids });
      }
    };
    const reader = async () => {
      while (!stopping) {
        await call('read', `${publicUrl}/api/v1/me`, { headers: { cookie, origin: publicUrl } });
      }
    };
    const writer = async () => {
      while (!stopping) {
        const plays: TImpression[] = Array.from({ length: BATCH }, () => {
          sequence += 1;
          return {
            id: crypto.randomUUID(),
            sequence,
            startedAt: new Date(Date.now() - 60_000).toISOString(),
            shownMs: 10_000,
            endReason: 'completed',
            adSpaceId,
            playlistId: null,
            playlistVersion: null,
            itemId: 'item-1',
            contentId: null,
            campaignId: null,
            creativeId: null,
          };
        });
        await call(
          'write',
          `${publicUrl}/api/v1/player/impressions`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${deviceToken}`,
              'content-type': 'application/json',
              origin: publicUrl,
            },
            body: JSON.stringify({ impressions: plays }),
          },
          plays.map((play) => play.id),
        );
      }
    };
    const loops = [
      ...Array.from({ length: READERS }, reader),
      ...Array.from({ length: WRITERS }, writer),
    ];

    const succeeded = (kind: TOutcome['kind'], during: TOutcome['phase']) =>
      outcomes.some((o) => o.kind === kind && o.phase === during && o.status === 200);
    const waitUntil = async (what: string, done: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!done()) {
        if (Date.now() > deadline) {
          const seen = outcomes.map((o) => `${o.phase} ${o.kind} ${o.status}`);
          throw new Error(
            `timed out waiting for ${what}; answers: ${seen.slice(-40).join(', ')}\n${(server?.output() ?? '').slice(-2500)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    try {
      await waitUntil(
        'reads and writes before',
        () => succeeded('read', 'before') && succeeded('write', 'before'),
      );
      phase = 'outage';
      await stopCluster(cluster!);
      const stoppedAt = Date.now();
      // Load against the stopped database: every loop gets answers (503s) meanwhile.
      await waitUntil(
        'answers during the outage',
        () => outcomes.filter((o) => o.phase === 'outage' && o.status === 503).length >= 20,
      );
      await startCluster(cluster!);
      const outageMs = Date.now() - stoppedAt;
      phase = 'after';
      await waitUntil(
        'reads and writes after',
        () => succeeded('read', 'after') && succeeded('write', 'after'),
      );
      const afterAt = Date.now();
      await waitUntil('more after', () => Date.now() - afterAt > 500);
      stopping = true;
      await Promise.all(loops);

      // No request hung or lost its connection: the server stayed up and answered each.
      expect(outcomes.filter((o) => typeof o.status !== 'number')).toEqual([]);
      // Every failure is a clean 503 in the shared error shape.
      const failures = outcomes.filter((o) => o.status !== 200);
      const statuses = new Map<string, number>();
      for (const o of failures) {
        const key = `${o.kind} ${o.status} ${o.body.slice(0, 120)}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      if (failures.some((o) => o.status !== 503)) console.log([...statuses]);
      for (const failure of failures) {
        expect(failure.status, failure.body).toBe(503);
        expect(ZApiError.parse(JSON.parse(failure.body)).error.code).toBe('unavailable');
      }
      // Once the database was back (the outcomes after the first success), all succeeded.
      const lastSuccessStart = outcomes.findIndex((o) => o.phase === 'after' && o.status === 200);
      const settled = outcomes.slice(lastSuccessStart).filter((o) => o.phase === 'after');
      const afterFailures = settled.filter((o) => o.status !== 200).length;
      const health = await fetch(`${publicUrl}/api/health`);
      expect(health.status).toBe(200);

      const count = (during: TOutcome['phase'], ok: boolean) =>
        outcomes.filter((o) => o.phase === during && (o.status === 200) === ok).length;
      console.log(
        `faults: PostgreSQL stopped and started under load (${READERS} readers, ${WRITERS} writers): ` +
          `${outageMs} ms down; before ${count('before', true)} ok; during ${count('outage', false)} × 503, ` +
          `${count('outage', true)} ok; after ${count('after', true)} ok, ${count('after', false)} × 503 ` +
          `(${afterFailures} after the first success) … recovered without a server restart`,
      );
    } finally {
      stopping = true;
      await Promise.all(loops);
      await startCluster(cluster!).catch(() => undefined);
    }

    // Nothing half-written: every batch is all there or not at all; an answered one is there.
    await server?.stop();
    server = undefined;
    const database = await openDatabase(env);
    try {
      const writes = outcomes.filter((o) => o.kind === 'write');
      const rows = await database.db
        .select({ id: impression.id })
        .from(impression)
        .where(
          inArray(
            impression.id,
            writes.flatMap((o) => o.ids ?? []),
          ),
        );
      const stored = new Set(rows.map((row) => row.id));
      let partial = 0;
      for (const write of writes) {
        const held = (write.ids ?? []).filter((id) => stored.has(id)).length;
        if (write.status === 200) {
          expect(held).toBe(BATCH);
          const result = ZImpressionBatchResult.parse(JSON.parse(write.body));
          expect(result.accepted).toHaveLength(BATCH);
        } else if (held !== 0 && held !== BATCH) partial += 1;
      }
      expect(partial).toBe(0);
      const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(impression);
      expect(total?.n).toBe(stored.size);
      console.log(
        `faults: after the outage: ${writes.length} batches of ${BATCH}: ${stored.size / BATCH} stored whole, none half`,
      );
    } finally {
      await database.close();
    }
  });
});
