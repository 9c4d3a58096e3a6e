// The storage service's space: the quota and racing uploads, an account's files deleted with it,
// no bytes left on disk by cancelled or expired sessions, the usage route and the health check.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZStorageObject, ZStorageUsage } from '@screenline/shared/storage';
import { storageObject, uploadSession } from '../../db/schema/index';
import { BACKENDS, PASSWORD } from '../../../test/harness';
import {
  md5Base64,
  mediaBytes,
  patternBytes,
  sendCommand,
  sessionPath,
  signUpForStorage,
  startResumable,
  type TStorageUser,
  uploadMultipart,
  uploadResumable,
} from '../../../test/storage-helpers';
import { useStorageApp, MIB, KIB, listBlobs } from '../../../test/storage-app';

describe.each(BACKENDS)('storage service on %s', (backend) => {
  const app = useStorageApp(backend);
  const { own, mediaUrl, getMetadata } = app;

  it('counts finished files and open sessions against the quota (402)', async () => {
    const carol = await signUpForStorage(app.t);
    const started = await startResumable(app.t, carol, own(carol, 'big.mp4'), 15 * MIB);
    expect(started.statusCode).toBe(200);
    const over = await startResumable(app.t, carol, own(carol, 'second.mp4'), 6 * MIB);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ error: { code: 'quota-exceeded' } });
    expect(
      (await uploadMultipart(app.t, carol, own(carol, 'small.png'), mediaBytes('image/png', MIB)))
        .statusCode,
    ).toBe(200);
    const overMultipart = await uploadMultipart(
      app.t,
      carol,
      own(carol, 'small2.png'),
      mediaBytes('image/png', 5 * MIB),
    );
    expect(overMultipart.statusCode).toBe(402);
    // Replacing a file counts only the new size.
    expect(
      (
        await uploadMultipart(
          app.t,
          carol,
          own(carol, 'small.png'),
          mediaBytes('image/png', 2 * MIB),
        )
      ).statusCode,
    ).toBe(200);
    expect((await sendCommand(app.t, carol, sessionPath(started), 'cancel')).statusCode).toBe(200);
    expect((await startResumable(app.t, carol, own(carol, 'second.mp4'), 6 * MIB)).statusCode).toBe(
      200,
    );
  });

  it('holds the quota when small uploads race each other', async () => {
    const dave = await signUpForStorage(app.t);
    // Six 4 MiB files at once against a 20 MiB quota: each passes the early check alone.
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        uploadMultipart(
          app.t,
          dave,
          own(dave, `race-${i}.png`),
          mediaBytes('image/png', 4 * MIB, i),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 402]);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(refused.json()).toMatchObject({ error: { code: 'quota-exceeded' } });
  });

  it('ends racing uploads to one name with one whole object and no stray bytes', async () => {
    const name = own(app.alice, 'race.mp4');
    const versions = [1, 2, 3].map((seed) => mediaBytes('video/mp4', 600 * KIB + seed, seed));
    // Three resumable sessions, their chunks interleaved, finalized at the same moment.
    const sessions = await Promise.all(
      versions.map(async (data) =>
        sessionPath(await startResumable(app.t, app.alice, name, data.length)),
      ),
    );
    for (let offset = 0; offset < 512 * KIB; offset += 256 * KIB) {
      await Promise.all(
        sessions.map((session, i) =>
          sendCommand(
            app.t,
            app.alice,
            session,
            'upload',
            offset,
            versions[i]!.subarray(offset, offset + 256 * KIB),
          ),
        ),
      );
    }
    const finals = await Promise.all(
      sessions.map((session, i) =>
        sendCommand(
          app.t,
          app.alice,
          session,
          'upload, finalize',
          512 * KIB,
          versions[i]!.subarray(512 * KIB),
        ),
      ),
    );
    expect(finals.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    // And multipart uploads racing in as well.
    const small = [4, 5, 6].map((seed) => mediaBytes('video/mp4', 1000 + seed, seed));
    await Promise.all(
      small.map((data) => uploadMultipart(app.t, app.alice, name, data, 'video/mp4')),
    );

    const meta = ZStorageObject.parse((await getMetadata(app.alice, name)).json());
    const media = await app.t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    const candidates = [...versions, ...small].map(md5Base64);
    expect(candidates).toContain(md5Base64(media.rawPayload));
    expect(md5Base64(media.rawPayload)).toBe(meta.md5Hash);
    expect(String(media.rawPayload.length)).toBe(meta.size);

    // Only the winner's blob is left on disk.
    const [row] = await app.t.app.deps.db
      .select()
      .from(storageObject)
      .where(eq(storageObject.name, name));
    const blobs = await listBlobs(app.t.dataDir);
    expect(blobs).toContain(row!.blobKey);
    const rows = await app.t.app.deps.db.select({ key: storageObject.blobKey }).from(storageObject);
    expect(blobs.filter((key) => !rows.some((r) => r.key === key))).toEqual([]);
  });

  it("deletes a user's files and upload sessions with the account", async () => {
    const dave = await signUpForStorage(app.t);
    const a = ZStorageObject.parse(
      (await uploadMultipart(app.t, dave, own(dave, 'a.png'), mediaBytes('image/png', 100))).json(),
    );
    await uploadResumable(app.t, dave, own(dave, 'b.mp4'), mediaBytes('video/mp4', 300 * KIB));
    const open = sessionPath(await startResumable(app.t, dave, own(dave, 'c.mp4'), 1000));
    expect((await sendCommand(app.t, dave, open, 'upload', 0, Buffer.alloc(100))).statusCode).toBe(
      200,
    );
    const keys = (
      await app.t.app.deps.db
        .select({ key: storageObject.blobKey })
        .from(storageObject)
        .where(eq(storageObject.ownerId, dave.userId))
    ).map((row) => row.key);
    expect(keys).toHaveLength(2);

    const deleted = await app.t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie: dave.cookie,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    const objects = await app.t.app.deps.db
      .select()
      .from(storageObject)
      .where(eq(storageObject.ownerId, dave.userId));
    const sessions = await app.t.app.deps.db
      .select()
      .from(uploadSession)
      .where(eq(uploadSession.ownerId, dave.userId));
    expect([objects, sessions]).toEqual([[], []]);
    const blobs = await listBlobs(app.t.dataDir);
    expect(keys.filter((key) => blobs.includes(key))).toEqual([]);
    const sessionFiles = await fs.readdir(path.join(app.t.dataDir, 'storage', 'sessions'));
    expect(sessionFiles.filter((file) => open.includes(file.replace('.part', '')))).toEqual([]);
    const link = await app.t.request({
      method: 'GET',
      url: mediaUrl(own(dave, 'a.png'), a.downloadTokens),
    });
    expect(link.statusCode).toBe(404);
    // The deleted user's token still verifies for a few minutes, but cannot store anything.
    expect(
      (await uploadMultipart(app.t, dave, own(dave, 'late.png'), patternBytes(5))).statusCode,
    ).toBe(401);
  });

  it('leaves no bytes on disk when a session is cancelled or expires', async () => {
    const sessionsDir = path.join(app.t.dataDir, 'storage', 'sessions');
    const partFile = (url: string) =>
      `${new URL(url, 'http://x').searchParams.get('upload_id') ?? ''}.part`;
    const data = mediaBytes('video/mp4', 2 * MIB, 41);
    const begin = async (file: string) => {
      const url = sessionPath(
        await startResumable(app.t, app.alice, own(app.alice, file), data.length),
      );
      const chunk = await sendCommand(app.t, app.alice, url, 'upload', 0, data.subarray(0, MIB));
      expect(chunk.statusCode).toBe(200);
      expect(await fs.readdir(sessionsDir)).toContain(partFile(url));
      return url;
    };

    const cancelled = await begin('cancel-me.mp4');
    expect((await sendCommand(app.t, app.alice, cancelled, 'cancel')).statusCode).toBe(200);
    expect(await fs.readdir(sessionsDir)).not.toContain(partFile(cancelled));

    const expired = await begin('expire-me.mp4');
    await app.t.app.deps.storage.expireSessions(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await fs.readdir(sessionsDir)).not.toContain(partFile(expired));
    expect((await sendCommand(app.t, app.alice, expired, 'query')).statusCode).toBe(404);
  });

  it('removes abandoned sessions after they expire', async () => {
    const session = sessionPath(
      await startResumable(app.t, app.alice, own(app.alice, 'abandoned.mp4'), 1000),
    );
    expect(
      (await sendCommand(app.t, app.alice, session, 'upload', 0, Buffer.alloc(10))).statusCode,
    ).toBe(200);
    const removed = await app.t.app.deps.storage.expireSessions(
      new Date(Date.now() + 8 * 24 * 60 * 60 * 1000),
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await sendCommand(app.t, app.alice, session, 'query')).statusCode).toBe(404);
  });

  it('tells each signed-in user their own storage use and quota (GET /api/v1/storage/usage)', async () => {
    const usage = async (user: TStorageUser | null) => {
      const res = await app.t.request({
        method: 'GET',
        url: '/api/v1/storage/usage',
        ...(user ? { cookie: user.cookie } : {}),
      });
      return { status: res.statusCode, body: res.json<unknown>() };
    };
    const anonymous = await usage(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { code: 'unauthenticated' } });
    // A storage token is not a session: this is the product API.
    const withToken = await app.t.request({
      method: 'GET',
      url: '/api/v1/storage/usage',
      headers: { authorization: app.alice.authorization },
    });
    expect(withToken.statusCode).toBe(401);

    const [erin, frank] = [await signUpForStorage(app.t), await signUpForStorage(app.t)];
    expect(ZStorageUsage.parse((await usage(erin)).body)).toEqual({
      usedBytes: 0,
      quotaBytes: 20 * MIB,
    });
    const file = mediaBytes('image/png', 3000, 5);
    expect((await uploadMultipart(app.t, erin, own(erin, 'a.png'), file)).statusCode).toBe(200);
    expect((await startResumable(app.t, erin, own(erin, 'b.mp4'), 5000)).statusCode).toBe(200);
    expect(ZStorageUsage.parse((await usage(erin)).body).usedBytes).toBe(8000);
    expect(ZStorageUsage.parse((await usage(frank)).body).usedBytes).toBe(0);
    expect((await uploadMultipart(app.t, frank, own(frank, 'c.png'), file)).statusCode).toBe(200);
    expect(ZStorageUsage.parse((await usage(frank)).body).usedBytes).toBe(3000);
    expect(ZStorageUsage.parse((await usage(erin)).body).usedBytes).toBe(8000);
  });

  it('reports the storage in the health check', async () => {
    const res = await app.t.request({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ checks: { storage: true } });
  });
});
