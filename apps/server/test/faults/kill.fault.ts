// Issue 10 item 5: `kill -9` of the server mid-work, on the embedded PGlite (the default) and on
// PostgreSQL. The work is held open by a trigger the test installs (no hook in the product): it
// writes a marker file from inside the transaction, then sleeps in pg_sleep, and the server is
// killed once the marker is there. The marker is written once (a later insert finds it and goes
// through), so the restarted server does the same work for real. Settlement is the worker's
// (issue 17): the TV's batches are stored and acknowledged, and billed behind them; its test kills
// the server while the worker settles a backlog, between two of its transactions.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ZCampaignResults } from '@screenline/shared/campaign';
import { chargeMicros } from '@screenline/shared/platform-settings';
import {
  IMPRESSION_BATCH_MAX,
  type TImpression,
  ZDeviceRegistration,
  ZImpressionBatchResult,
} from '@screenline/shared/player';
import {
  campaign,
  deviceServedFill,
  impression,
  ledgerTransaction,
  servedFill,
  storageObject,
  uploadSession,
} from '../../src/db/schema/index';
import {
  auditLedger,
  balancesOf,
  campaignHoldAccountId,
  PLATFORM_REVENUE_ACCOUNT_ID,
  walletAccountId,
} from '../../src/modules/ledger/ledger';
import { slotKey } from '../../src/modules/proof-of-play/arrival-rules';
import { SETTLE_BATCH } from '../../src/modules/settlement/settlement';
import { approveMonetization, insertFundedCampaign } from '../fill-rows';
import type { TBackend } from '../harness';
import { contentItemOf } from '../matrix/fixtures';
import { createAdSpace, createLocation } from '../screens-helpers';
import {
  BUCKET,
  mediaBytes,
  md5Base64,
  signUpForStorage,
  type TStorageUser,
  uploadOverHttp,
} from '../storage-helpers';
import type { TCluster } from './cluster';
import { faultEnv, openDatabase, openSeedApp } from './seed-app';
import { installHolds, log, waitFor } from './holds';
import { startServer, type TChild } from './server-child';

const cluster: TCluster | null = inject('faultsCluster')
  ? (JSON.parse(inject('faultsCluster')) as TCluster)
  : null;
const BACKENDS: TBackend[] = cluster ? ['pglite', 'postgres'] : ['pglite'];
/** One server port per backend, in the fault tests' range (3260–3269). */
const PORTS: Record<TBackend, number> = { pglite: 3260, postgres: 3261 };

const UPLOAD_BYTES = 3 * 1024 * 1024;
/** Where the first client stops (a chunk boundary: 256 + 512 + 1024 KiB); the rest is sent after. */
const RESUME_AT = 1792 * 1024;
const PLAYS = 200;
/** The worker's backlog: three of its transactions (SETTLE_BATCH plays each). */
const AD_PLAYS = 3 * SETTLE_BATCH;
const SHOWN_MS = 10_000;
/** The ad slot the TV's ad plays are in (offered by the manifest it was sent). */
const AD_SLOT = 'ad-slot';

describe.each(BACKENDS)('kill -9 of the server on %s', (backend) => {
  const run = crypto.randomBytes(4).toString('hex');
  const port = PORTS[backend];
  const publicUrl = `http://127.0.0.1:${port}`;
  let dataDir: string;
  let env: Record<string, string>;
  let server: TChild | undefined;
  let databaseName: string | undefined;

  let uploader: TStorageUser;
  let ownerId: string;
  let adSpaceId: string;
  let deviceToken: string;
  let campaignId: string;
  let creativeId: string;
  let bidMicrosPerSecond: number;
  let balancesBefore: { hold: number; wallet: number; revenue: number };
  let buyerCookie: string;

  /** Where the trigger's marker for `name` lands on this machine. */
  const markerPath = (name: string) =>
    backend === 'pglite'
      ? path.join(dataDir, 'db', `fault-${name}-${run}`)
      : path.join(cluster!.dataDir, `fault-${name}-${run}`);

  /**
   * Starts the client's work (none: the server's own, the settlement worker) and waits until the
   * trigger `name` holds it, then kills the server.
   */
  async function killWhenHeld(name: string, work?: () => Promise<unknown>): Promise<void> {
    const pending = work?.().then(
      () => 'answered',
      () => 'cut off',
    );
    await waitFor(`the ${name} trigger`, () =>
      fs.existsSync(markerPath(name)) ? true : undefined,
    );
    const pid = server!.pid;
    await server!.kill9();
    server = undefined;
    // The client saw its connection cut, never an answer.
    if (pending) expect(await pending).toBe('cut off');
    if (backend === 'pglite') {
      // What a hard kill leaves: the DATA_DIR lock, its owner file naming the dead process. The
      // restart takes the lock over (db/open.ts) rather than waiting for it to go stale.
      expect(fs.existsSync(path.join(dataDir, 'screenline.lock'))).toBe(true);
      const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'screenline.pid'), 'utf8')) as {
        pid: number;
      };
      expect(owner.pid).toBe(pid);
    }
    log(
      `kill -9 during ${name} (${backend}): pid ${pid} killed while its transaction slept in the trigger`,
    );
    if (backend === 'postgres') await orphanEnded();
  }

  /** On PostgreSQL the killed client's backend notices within 1 s (client_connection_check_interval). */
  async function orphanEnded() {
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      await waitFor('the killed server’s transaction to end', async () => {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*)::text as n from pg_stat_activity where wait_event = 'PgSleep'`,
        );
        return rows[0]?.n === '0' ? true : undefined;
      });
    } finally {
      await admin.end();
    }
  }

  async function restart(): Promise<void> {
    const started = Date.now();
    server = await startServer(port, env);
    log(`restart after kill -9 (${backend}): healthy in ${Date.now() - started} ms`);
  }

  const play = (sequence: number, overrides: Partial<TImpression> = {}): TImpression => ({
    id: crypto.randomUUID(),
    sequence,
    startedAt: new Date(Date.now() - (PLAYS + AD_PLAYS - sequence + 1) * SHOWN_MS).toISOString(),
    shownMs: SHOWN_MS,
    endReason: 'completed',
    adSpaceId,
    playlistId: null,
    playlistVersion: null,
    itemId: 'item-1',
    contentId: null,
    campaignId: null,
    creativeId: null,
    ...overrides,
  });

  const postBatch = (plays: TImpression[]) =>
    fetch(`${publicUrl}/api/v1/player/impressions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${deviceToken}`,
        'content-type': 'application/json',
        origin: publicUrl,
      },
      body: JSON.stringify({ impressions: plays }),
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `screenline-faults-${backend}-`));
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      databaseName = `screenline_faults_${run}`;
      const admin = new pg.Client({ connectionString: cluster!.url });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      databaseUrl = cluster!.url.replace(/\/postgres$/, `/${databaseName}`);
    }
    env = faultEnv({
      dataDir,
      publicUrl,
      secret: crypto.randomBytes(32).toString('hex'),
      ...(databaseUrl ? { databaseUrl } : {}),
    });

    // The fixtures, through the app in-process: a screen owner with a TV on a monetized space,
    // a buyer with a funded campaign on it, an uploader.
    const t = await openSeedApp(backend, env);
    try {
      const owner = await signUpForStorage(t);
      const buyer = await signUpForStorage(t);
      uploader = await signUpForStorage(t);
      for (const [user, role] of [
        [owner, 'advertiser'],
        [buyer, 'publisher'],
      ] as const) {
        const res = await t.request({
          method: 'PATCH',
          url: '/api/v1/me',
          cookie: user.cookie,
          payload: { role },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      ownerId = owner.userId;
      const place = await createLocation(t, owner, {});
      adSpaceId = (await createAdSpace(t, owner, { locationId: place.id })).id;
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/player/devices',
        cookie: owner.cookie,
        payload: {
          deviceKey: `fault-device-${run}`,
          adSpaceId,
          name: 'TV',
          userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
          appVersion: '0.1.0',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      deviceToken = ZDeviceRegistration.parse(res.json()).token;
      const deviceId = ZDeviceRegistration.parse(res.json()).deviceId;
      await approveMonetization(t, { adSpaceId, ownerId });
      creativeId = await contentItemOf(t, buyer);
      buyerCookie = buyer.cookie;
      campaignId = await insertFundedCampaign(t, {
        ownerId: buyer.userId,
        creativeIds: [creativeId],
        targeting: { adSpaceIds: [adSpaceId] },
        // Room for the whole backlog at the default bid.
        budgetMicros: 1_000_000_000,
      });
      const db = t.app.deps.db;
      // The TV was sent a manifest a day ago that offers the campaign, with a 10 s ad slot (as
      // the manifest route records it): its ad plays pass the arrival rules.
      const version = `fault-${run}`;
      await db.insert(servedFill).values({
        adSpaceId,
        version,
        fill: {
          campaigns: { [campaignId]: [[Date.now() - 2 * 86_400_000, Date.now() + 86_400_000]] },
          slots: { [slotKey(null, AD_SLOT)]: SHOWN_MS },
        },
      });
      await db.insert(deviceServedFill).values({
        deviceId,
        adSpaceId,
        version,
        servedAt: new Date(Date.now() - 86_400_000),
      });
      const [row] = await db
        .select({ bid: campaign.bidMicrosPerSecond })
        .from(campaign)
        .where(eq(campaign.id, campaignId));
      bidMicrosPerSecond = row!.bid;
      balancesBefore = await moneyOf(db);

      // The traps (test only): the upload's object row, the plain plays, the ledger entries.
      await installHolds(db, {
        run,
        uploadName: `users/${uploader.userId}/content/fault-${run}.mp4`,
      });
    } finally {
      await t.close();
    }
    server = await startServer(port, env);
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: cluster!.url });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  async function moneyOf(db: Parameters<typeof balancesOf>[0]) {
    const hold = await campaignHoldAccountId(db, campaignId);
    const wallet = await walletAccountId(db, ownerId);
    const balances = await balancesOf(db, [hold, wallet, PLATFORM_REVENUE_ACCOUNT_ID]);
    return {
      hold: balances.get(hold) ?? 0,
      wallet: balances.get(wallet) ?? 0,
      revenue: balances.get(PLATFORM_REVENUE_ACCOUNT_ID) ?? 0,
    };
  }

  const objectName = () => `users/${uploader.userId}/content/fault-${run}.mp4`;
  const data = mediaBytes('video/mp4', UPLOAD_BYTES, 7);
  const plainPlays: TImpression[] = [];
  const adPlays: TImpression[] = [];

  it('kill -9 during an upload: the client resumes it and the object is whole, once', async () => {
    const name = objectName();
    // Most of the file is sent; the last chunk's commit is held and the server killed.
    const first = await uploadOverHttp({
      baseUrl: publicUrl,
      authorization: uploader.authorization,
      name,
      data,
      stopAfter: RESUME_AT,
    });
    expect('stoppedAt' in first).toBe(true);
    await killWhenHeld('upload', () =>
      uploadOverHttp({
        baseUrl: publicUrl,
        authorization: uploader.authorization,
        name,
        data,
        uploadUrl: first.uploadUrl,
      }),
    );
    await restart();
    // No half object: the name is not there until the client finishes.
    const before = await fetch(`${publicUrl}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`, {
      headers: { authorization: uploader.authorization },
    });
    expect(before.status).toBe(404);
    const resumed = await uploadOverHttp({
      baseUrl: publicUrl,
      authorization: uploader.authorization,
      name,
      data,
      uploadUrl: first.uploadUrl,
    });
    if (!('metadata' in resumed)) throw new Error('the upload did not finish');
    expect(resumed.metadata.md5Hash).toBe(md5Base64(data));
    expect(Number(resumed.metadata.size)).toBe(UPLOAD_BYTES);
    const bytes = await fetch(
      `${publicUrl}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
      { headers: { authorization: uploader.authorization } },
    );
    expect(bytes.status).toBe(200);
    expect(md5Base64(Buffer.from(await bytes.arrayBuffer()))).toBe(md5Base64(data));
    log(`kill -9 during upload (${backend}): resumed, ${UPLOAD_BYTES} bytes whole … recovered`);
  });

  it('kill -9 during an impression sync: the TV sends the batch again, each play counted once', async () => {
    for (let i = 1; i <= PLAYS; i += 1) plainPlays.push(play(i));
    await killWhenHeld('sync', () => postBatch(plainPlays));
    await restart();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await postBatch(plainPlays);
      expect(res.status, await res.clone().text()).toBe(200);
      const result = ZImpressionBatchResult.parse(await res.json());
      expect(result.rejected).toEqual([]);
      expect(new Set(result.accepted)).toEqual(new Set(plainPlays.map((p) => p.id)));
    }
    log(`kill -9 during impression sync (${backend}): ${PLAYS} plays sent again twice … recovered`);
  });

  it('kill -9 while the worker settles a backlog: after the restart each play is billed once', async () => {
    for (let i = 1; i <= AD_PLAYS; i += 1) {
      adPlays.push(
        play(PLAYS + i, {
          itemId: AD_SLOT,
          campaignId,
          creativeId,
          contentId: creativeId,
        }),
      );
    }
    // The backlog: the TV's batches stored and acknowledged by a server whose worker is off
    // (a TV back from days offline, or a worker behind), so the whole of it waits to be billed.
    await server!.stop();
    server = await startServer(port, { ...env, SETTLEMENT_WORKER: 'false' });
    for (let start = 0; start < AD_PLAYS; start += IMPRESSION_BATCH_MAX) {
      const batch = adPlays.slice(start, start + IMPRESSION_BATCH_MAX);
      const res = await postBatch(batch);
      expect(res.status, await res.clone().text()).toBe(200);
      const result = ZImpressionBatchResult.parse(await res.json());
      expect(result.rejected).toEqual([]);
    }
    await server.stop();
    // The worker on: its first transaction bills SETTLE_BATCH plays and commits; the second is
    // held in the trap and the server killed in it.
    server = await startServer(port, { ...env, SETTLEMENT_WORKER: 'true' });
    await killWhenHeld('settlement');
    await restart();
    // The restarted worker settles what is left; the TV sending its batches again changes nothing.
    const res = await postBatch(adPlays.slice(0, IMPRESSION_BATCH_MAX));
    expect(res.status, await res.clone().text()).toBe(200);
    const results = await waitFor('the backlog to be settled', async () => {
      const answer = await fetch(`${publicUrl}/api/v1/campaigns/${campaignId}/results`, {
        headers: { cookie: buyerCookie, origin: publicUrl },
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const seen = ZCampaignResults.parse(await answer.json());
      return seen.settling.plays === 0 ? seen : undefined;
    });
    expect(results.unbilled).toEqual([]);
    expect(results.totals.impressions).toBe(AD_PLAYS);
    log(
      `kill -9 during settlement (${backend}): the worker killed between its batches of a ` +
        `${AD_PLAYS}-play backlog, settled after the restart … recovered`,
    );
  });

  it('after it all, the database holds each row once and the ledger balances', async () => {
    await server?.stop();
    server = undefined;
    const database = await openDatabase(env);
    try {
      const db = database.db;
      // The upload: one object row, its session final, no other session of that name.
      const objects = await db
        .select({ size: storageObject.size, md5: storageObject.md5Hash })
        .from(storageObject)
        .where(and(eq(storageObject.bucket, BUCKET), eq(storageObject.name, objectName())));
      expect(objects).toEqual([{ size: UPLOAD_BYTES, md5: md5Base64(data) }]);
      const sessions = await db
        .select({ status: uploadSession.status })
        .from(uploadSession)
        .where(eq(uploadSession.name, objectName()));
      expect(sessions.every((s) => s.status === 'final')).toBe(true);

      // The plays: each id once.
      const ids = [...plainPlays, ...adPlays].map((p) => p.id);
      const [stored] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(impression)
        .where(inArray(impression.id, ids));
      expect(stored?.n).toBe(PLAYS + AD_PLAYS);

      // The billing: each ad play billed once, one ledger transaction per settlement batch (the
      // one committed before the kill stays; the held one was rolled back and done again), sums
      // exact.
      const perPlay = chargeMicros(SHOWN_MS, bidMicrosPerSecond);
      const billed = await db
        .select({
          verdict: impression.verdict,
          micros: impression.billedMicros,
          plays: sql<number>`count(*)::int`,
        })
        .from(impression)
        .where(
          inArray(
            impression.id,
            adPlays.map((p) => p.id),
          ),
        )
        .groupBy(impression.verdict, impression.billedMicros);
      expect(billed).toEqual([{ verdict: 'billed', micros: perPlay, plays: AD_PLAYS }]);
      const charges = await db
        .select({ id: ledgerTransaction.id })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.kind, 'impression-charge'),
            eq(ledgerTransaction.campaignId, campaignId),
          ),
        );
      expect(charges).toHaveLength(AD_PLAYS / SETTLE_BATCH);
      const after = await moneyOf(db);
      const charged = perPlay * AD_PLAYS;
      expect(after.hold).toBe(balancesBefore.hold - charged);
      expect(after.wallet - balancesBefore.wallet + after.revenue - balancesBefore.revenue).toBe(
        charged,
      );
      expect(after.wallet).toBeGreaterThan(balancesBefore.wallet);
      const audit = await auditLedger(db);
      expect(audit.problems).toEqual([]);
      log(
        `after kill -9 (${backend}): ${PLAYS + AD_PLAYS} plays stored once, ${AD_PLAYS} billed once ` +
          `(${charged} micros: hold −${charged}, owner +${after.wallet - balancesBefore.wallet}, ` +
          `platform +${after.revenue - balancesBefore.revenue}), ledger audit clean`,
      );
    } finally {
      await database.close();
    }
  });
});
