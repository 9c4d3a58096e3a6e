import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ZAuthToken } from '@screenline/shared/auth';
import { ZAdSpace } from '@screenline/shared/ad-space';
import { ZContentItem } from '@screenline/shared/content';
import { ZLocation } from '@screenline/shared/location';
import { ZPlatformSettings } from '@screenline/shared/platform-settings';
import { ZDeviceRegistration, ZPlayerManifest } from '@screenline/shared/player';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { ZStorageObject } from '@screenline/shared/storage';
import { defaultRedisPrefix } from '../src/config';
import { startS3Server, type TS3Server } from './s3-server';
import { startSmtp } from './smtp-server';
import { freePort, mediaBytes, multipartBody, objectUrl, uploadUrl } from './storage-helpers';
import {
  PUBLIC_URL,
  SECRET,
  PASSWORD,
  ADMIN_EMAIL,
  type TInstance,
  checked,
  newAddress,
  startInstance,
  stopInstance,
  call,
  expectStatus,
  cookieOf,
  openEvents,
  signUp,
  withTwoFactor,
} from './multi-instance-harness';

/**
 * Several instances (issue 10 item 6): two server PROCESSES (apps/server/src/server.ts through
 * tsx, as `npm start` runs it) on one PostgreSQL database, one Redis (REDIS_URL) and one S3 bucket
 * (s3rver), behind the same PUBLIC_URL as a load balancer would put them. Every request names the
 * instance it goes to; a check passes only if what one instance did is seen by the other.
 *
 * The Redis keys and channel are the default REDIS_PREFIX, derived from this run's own database,
 * so concurrent runs on a shared Redis never cross. Each client of the test has its own address
 * (X-Forwarded-For, TRUST_PROXY=loopback as behind a proxy on the same machine), so each rate limit starts from zero.
 */
const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');
describe.skipIf(!postgresUrl || !redisUrl)('two server processes on one database', () => {
  let a: TInstance;
  let b: TInstance;
  let s3: TS3Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let databaseName: string;
  let databaseUrl: string;
  let owner: { userId: string; cookie: string; email: string };
  let admin: { cookie: string };
  let objectPath: string;

  beforeAll(async () => {
    databaseName = `screenline_multi_${crypto.randomBytes(6).toString('hex')}`;
    const server = new pg.Client({ connectionString: postgresUrl });
    await server.connect();
    await server.query(`CREATE DATABASE ${databaseName}`);
    await server.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    s3 = await startS3Server();
    smtp = await startSmtp();
    // TEST_MULTI_INSTANCE_PORTS=3271,3272 pins the two ports (a machine with port ranges).
    const pinned = (process.env.TEST_MULTI_INSTANCE_PORTS ?? '').split(',').map(Number);
    const [portA, portB] =
      pinned.length === 2 && pinned.every((p) => p > 0)
        ? pinned
        : [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PUBLIC_URL,
      BETTER_AUTH_SECRET: SECRET,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOB_POLL_INTERVAL_MS: '200',
      SUPER_USER_EMAILS: ADMIN_EMAIL,
      // The TVs would poll once an hour: whatever reaches them quickly came by push.
      PLAYER_POLL_INTERVAL_SECONDS: '3600',
      ...s3.env,
    };
    // Both start together: migrations run once under the advisory lock.
    const startedAt = performance.now();
    [a, b] = await Promise.all([startInstance('A', portA!, env), startInstance('B', portB!, env)]);
    checked.push(
      `two processes started together on one new database in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    owner = await signUp(a, `owner-${Date.now()}@multi.test`);
    await expectStatus(
      await call(b, '/api/v1/me', {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { role: 'advertiser' },
      }),
      200,
    );
    admin = await withTwoFactor(b, await signUp(b, ADMIN_EMAIL));
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    if (databaseName) {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleanup.end();
    }
    if (databaseUrl) {
      // The rate limits' counters would expire; this run's keys go now.
      const redis = new Redis(redisUrl);
      const prefix = defaultRedisPrefix(databaseUrl, '');
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await s3?.close();
    await smtp?.close();
    console.log(
      `Several instances, what was checked:\n${checked.map((c) => `  - ${c}`).join('\n')}`,
    );
  }, 60_000);

  it('downloads through B, byte-exact, an object uploaded through A (S3 driver)', async () => {
    const token = ZAuthToken.parse(
      await (await call(a, '/api/auth/token', { cookie: owner.cookie })).json(),
    ).token;
    objectPath = `users/${owner.userId}/content/multi.png`;
    const data = mediaBytes('image/png', 3 * 1024 * 1024 + 17, 7);
    const { payload, headers } = multipartBody(
      { name: objectPath, fullPath: objectPath, size: data.length, contentType: 'image/png' },
      data,
      'image/png',
    );
    await expectStatus(
      await call(a, uploadUrl(objectPath), {
        method: 'POST',
        body: payload,
        headers,
        authorization: `Firebase ${token}`,
      }),
      200,
    );
    const meta = ZStorageObject.parse(
      await (
        await expectStatus(
          await call(b, objectUrl(objectPath), { authorization: `Firebase ${token}` }),
          200,
        )
      ).json(),
    );
    const download = await expectStatus(
      await call(b, `${objectUrl(objectPath)}?alt=media&token=${meta.downloadTokens}`),
      200,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(data.length);
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(
      crypto.createHash('sha256').update(data).digest('hex'),
    );
    checked.push(
      `object uploaded through A (${data.length} bytes) downloaded through B: same SHA-256`,
    );
  });

  it('pushes to a TV connected to A the playlist edits the owner makes on B', async () => {
    const content = ZContentItem.parse(
      await (
        await expectStatus(
          await call(b, '/api/v1/content', {
            cookie: owner.cookie,
            json: { name: 'Poster', objectPath, kind: 'image', width: 1920, height: 1080 },
          }),
          201,
        )
      ).json(),
    );
    const playlist = ZPlaylistDetail.parse(
      await (
        await expectStatus(
          await call(b, '/api/v1/playlists', {
            cookie: owner.cookie,
            json: {
              name: 'Edit 0',
              items: [{ id: 'a', type: 'content', contentId: content.id, kind: 'image' }],
            },
          }),
          201,
        )
      ).json(),
    );
    const place = ZLocation.parse(
      await (
        await expectStatus(
          await call(a, '/api/v1/locations', {
            cookie: owner.cookie,
            json: {
              name: 'Harbour',
              address: { line: '1 Quay', city: 'Springfield', country: 'US' },
              timeZone: 'America/New_York',
              venueType: 'food-and-drink',
            },
          }),
          201,
        )
      ).json(),
    );
    const space = ZAdSpace.parse(
      await (
        await expectStatus(
          await call(a, '/api/v1/ad-spaces', {
            cookie: owner.cookie,
            json: {
              name: 'Window',
              orientation: 'landscape',
              resolutionWidth: 1920,
              resolutionHeight: 1080,
              locationId: place.id,
              defaultPlaylistId: playlist.id,
            },
          }),
          201,
        )
      ).json(),
    );
    const device = ZDeviceRegistration.parse(
      await (
        await expectStatus(
          await call(a, '/api/v1/player/devices', {
            cookie: owner.cookie,
            json: {
              deviceKey: crypto.randomBytes(24).toString('hex'),
              adSpaceId: space.id,
              userAgent: 'Multi-instance TV',
              appVersion: '0.3.0',
            },
          }),
          201,
        )
      ).json(),
    );
    const tv = `Bearer ${device.token}`;
    // The TV, on A: its manifest (A's cache now holds it) and its event stream.
    const first = await expectStatus(
      await call(a, '/api/v1/player/manifest', { authorization: tv }),
      200,
    );
    let version = ZPlayerManifest.parse(await first.json()).version;
    const events = await openEvents(a, device.token);
    const latencies: number[] = [];
    try {
      const edits = 5;
      for (let i = 1; i <= edits; i += 1) {
        const sentAt = performance.now();
        await expectStatus(
          await call(b, `/api/v1/playlists/${playlist.id}`, {
            method: 'PATCH',
            cookie: owner.cookie,
            json: { name: `Edit ${i}` },
          }),
          200,
        );
        const arrivedAt = await events.nth(i);
        latencies.push(arrivedAt - sentAt);
        // What the TV then fetches from A is the edit, not A's cached manifest.
        const res = await expectStatus(
          await call(a, '/api/v1/player/manifest', {
            authorization: tv,
            headers: { 'if-none-match': `"${version}"` },
          }),
          200,
        );
        const manifest = ZPlayerManifest.parse(await res.json());
        expect(manifest.version).not.toBe(version);
        expect(manifest.playlists.map((p) => p.name)).toContain(`Edit ${i}`);
        version = manifest.version;
      }
    } finally {
      events.close();
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    checked.push(
      `a TV on A got each of ${latencies.length} playlist edits made on B by push (PATCH sent on B → "changed" on A's stream: min ${ms(sorted[0]!)}, median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, max ${ms(sorted.at(-1)!)}), then the edited manifest from A`,
    );
  });

  it('refuses on B at once a session ended on A (sign-out; password change revoking the others)', async () => {
    const me = (instance: TInstance, cookie: string) => call(instance, '/api/v1/me', { cookie });
    const signIn = async (instance: TInstance) =>
      cookieOf(
        await expectStatus(
          await call(instance, '/api/auth/sign-in/email', {
            json: { email: owner.email, password: PASSWORD },
            address: newAddress(),
          }),
          200,
        ),
      );
    // A second device, cached on B (read twice), signs out on A.
    const laptop = await signIn(a);
    await expectStatus(await me(b, laptop), 200);
    await expectStatus(await me(b, laptop), 200);
    await expectStatus(await call(a, '/api/auth/sign-out', { cookie: laptop, json: {} }), 200);
    expect((await me(b, laptop)).status).toBe(401);

    // A third device, cached on B; the owner changes the password on A, revoking the others.
    const phone = await signIn(b);
    await expectStatus(await me(b, phone), 200);
    await expectStatus(await me(b, owner.cookie), 200);
    const changed = await expectStatus(
      await call(a, '/api/auth/change-password', {
        cookie: owner.cookie,
        json: {
          currentPassword: PASSWORD,
          newPassword: 'changed-password-1',
          revokeOtherSessions: true,
        },
      }),
      200,
    );
    expect((await me(b, phone)).status).toBe(401);
    owner.cookie = cookieOf(changed) || owner.cookie;
    await expectStatus(await me(b, owner.cookie), 200);
    checked.push(
      'a session signed out on A, and one revoked by a password change on A, were refused by B on the next request (both cached on B before)',
    );
  });

  it('shows on B at once the platform settings a super-user saved on A', async () => {
    const read = async (instance: TInstance) =>
      ZPlatformSettings.parse(
        await (
          await expectStatus(
            await call(instance, '/api/v1/platform-settings', { cookie: admin.cookie }),
            200,
          )
        ).json(),
      );
    const before = await read(b);
    await read(b);
    const commissionBasisPoints = before.commissionBasisPoints === 2500 ? 2600 : 2500;
    const { updatedAt: _at, updatedBy: _by, ...fields } = before;
    await expectStatus(
      await call(a, '/api/v1/admin/platform-settings', {
        method: 'PUT',
        cookie: admin.cookie,
        json: { ...fields, commissionBasisPoints },
      }),
      200,
    );
    expect((await read(b)).commissionBasisPoints).toBe(commissionBasisPoints);
    checked.push(
      `platform settings saved on A (commission ${before.commissionBasisPoints} → ${commissionBasisPoints} basis points) were read back from B on the next request (B's cache was warm)`,
    );
  });

  it('holds the sign-in limit (5 a minute) across both instances', async () => {
    const address = newAddress();
    const statuses: string[] = [];
    const attempt = async (instance: TInstance) => {
      const res = await call(instance, '/api/auth/sign-in/email', {
        json: { email: owner.email, password: 'not-the-password' },
        address,
      });
      statuses.push(`${instance.name}:${res.status}`);
      return res.status;
    };
    // Five alternate between the instances and are answered (wrong password: 401).
    for (let i = 0; i < 5; i += 1) expect(await attempt(i % 2 === 0 ? a : b)).toBe(401);
    // The sixth is refused whichever instance gets it.
    expect(await attempt(b)).toBe(429);
    expect(await attempt(a)).toBe(429);
    // The account itself is paused after those 5 wrong passwords, from any address on either
    // instance (issue 18 item 3: counted in the database).
    for (const instance of [a, b]) {
      const elsewhere = await call(instance, '/api/auth/sign-in/email', {
        json: { email: owner.email, password: PASSWORD },
        address: newAddress(),
      });
      expect(elsewhere.status, `${instance.name} from another address`).toBe(429);
      await elsewhere.body?.cancel();
    }
    // At once: ten together from a new address, five to each instance; five get through. Each
    // for an address of its own, so only the limit per client address answers.
    const burst = newAddress();
    const together = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await call(i % 2 === 0 ? a : b, '/api/auth/sign-in/email', {
          json: { email: `burst-${i}-${Date.now()}@multi.test`, password: 'not-the-password' },
          address: burst,
        });
        return res.status;
      }),
    );
    expect(together.filter((status) => status !== 429)).toHaveLength(5);
    checked.push(
      `sign-in limit across A and B from one address: ${statuses.join(' ')}; ten at once over both: ${together.filter((status) => status === 429).length} refused`,
    );
  });

  it('holds the contact form’s limit (5 per 10 minutes, @fastify/rate-limit) across both instances, counted in Redis', async () => {
    const address = newAddress();
    const statuses: string[] = [];
    const send = async (instance: TInstance, i: number) => {
      const res = await call(instance, '/api/v1/contact-messages', {
        json: {
          name: 'Visitor',
          email: 'visitor@multi.test',
          subject: `Question ${i}`,
          message: 'Hello',
        },
        address,
      });
      statuses.push(`${instance.name}:${res.status}`);
      return res.status;
    };
    for (let i = 0; i < 5; i += 1) expect(await send(i % 2 === 0 ? a : b, i)).toBe(201);
    expect(await send(b, 5)).toBe(429);
    expect(await send(a, 6)).toBe(429);
    // At once: ten together from a new address, five to each instance; five get through.
    const burst = newAddress();
    const together = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await call(i % 2 === 0 ? a : b, '/api/v1/contact-messages', {
          json: {
            name: 'Visitor',
            email: 'visitor@multi.test',
            subject: `Burst ${i}`,
            message: 'Hello',
          },
          address: burst,
        });
        return res.status;
      }),
    );
    expect(together.filter((status) => status === 201)).toHaveLength(5);
    expect(together.filter((status) => status === 429)).toHaveLength(5);
    const redis = new Redis(redisUrl);
    try {
      const prefix = defaultRedisPrefix(databaseUrl, '');
      const keys = await redis.keys(`${prefix}rate-limit:*${address}`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('7');
      checked.push(
        `contact form limit across A and B from one address: ${statuses.join(' ')}; counter ${keys[0]} = 7; ten at once over both: 5 accepted, 5 refused`,
      );
    } finally {
      await redis.quit();
    }
  });

  it('sends every message of the shared outbox once (the queue itself: mail.service.test.ts)', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const deadline = Date.now() + 20_000;
      let rows: { to: string; subject: string }[] = [];
      for (;;) {
        const unsent = z
          .object({ rows: z.tuple([z.object({ n: z.number() })]) })
          .parse(
            await db.query('select count(*)::int as n from email_outbox where sent_at is null'),
          ).rows[0].n;
        rows = z
          .array(z.object({ to: z.string(), subject: z.string() }))
          .parse((await db.query('select "to", subject from email_outbox')).rows);
        if (unsent === 0 && rows.length > 0) break;
        if (Date.now() > deadline) throw new Error('the outbox was not sent within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const subjectOf = (body: string) => /^Subject: (.*)$/m.exec(body)?.[1]?.trim() ?? '';
      for (const row of rows) {
        const copies = smtp.received.filter(
          (m) => m.to.includes(row.to) && subjectOf(m.body) === row.subject,
        );
        expect(copies, `${row.to}: ${row.subject}`).toHaveLength(1);
      }
      expect(smtp.received).toHaveLength(rows.length);
      checked.push(
        `${rows.length} outbox messages (sign-up verifications, contact messages to the super-user) queued on both instances, each received once by SMTP`,
      );
    } finally {
      await db.end();
    }
  });
});
