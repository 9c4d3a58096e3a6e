import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStorageObject } from '@screenline/shared/storage';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { startS3Server, type TS3Server } from '../../../test/s3-server';
import {
  md5Base64,
  objectUrl,
  mediaBytes,
  sendCommand,
  sessionPath,
  signUpForStorage,
  startResumable,
  uploadMultipart,
  uploadResumable,
} from '../../../test/storage-helpers';

const MIB = 1024 * 1024;

describe('storage service with STORAGE_DRIVER=s3', () => {
  let s3: TS3Server;
  let t: TTestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('pglite', s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads in chunks across S3 parts, serves ranges, resumes after a restart and deletes', async () => {
    const user = await signUpForStorage(t);
    const name = `users/${user.userId}/content/s3.mp4`;
    const data = mediaBytes('video/mp4', 11 * MIB + 5, 4);
    const meta = await uploadResumable(t, user, name, data, 'video/mp4', [
      256 * 1024,
      512 * 1024,
      MIB,
      2 * MIB,
      4 * MIB,
      8 * MIB,
    ]);
    expect(meta.md5Hash).toBe(md5Base64(data));
    const media = `${objectUrl(name)}?alt=media&token=${meta.downloadTokens}`;
    const part = await t.request({
      method: 'GET',
      url: media,
      headers: { range: 'bytes=9437180-9437189' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(9437180, 9437190))).toBe(true);

    // A session interrupted by a restart continues from what S3 and the spool hold.
    const other = mediaBytes('video/mp4', 6 * MIB, 5);
    const otherName = `users/${user.userId}/content/s3-restart.mp4`;
    const session = sessionPath(await startResumable(t, user, otherName, other.length));
    expect(
      (await sendCommand(t, user, session, 'upload', 0, other.subarray(0, 5 * MIB + 3))).statusCode,
    ).toBe(200);
    await t.restart();
    const query = await sendCommand(t, user, session, 'query');
    expect(query.headers['x-goog-upload-size-received']).toBe(String(5 * MIB + 3));
    const last = await sendCommand(
      t,
      user,
      session,
      'upload, finalize',
      5 * MIB + 3,
      other.subarray(5 * MIB + 3),
    );
    expect(last.statusCode).toBe(200);
    expect(ZStorageObject.parse(last.json()).md5Hash).toBe(md5Base64(other));

    const small = await uploadMultipart(
      t,
      user,
      `users/${user.userId}/a.png`,
      mediaBytes('image/png', 100),
    );
    expect(small.statusCode).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: objectUrl(name),
      headers: { authorization: user.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: media })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      checks: { storage: true },
    });
  });

  it('leaves no spooled bytes when a session is cancelled or expires', async () => {
    const user = await signUpForStorage(t);
    const spoolDir = path.join(t.dataDir, 'storage', 's3-spool');
    const data = mediaBytes('video/mp4', 3 * MIB, 6);
    const spooled = async (url: string) => {
      const id = new URL(url, 'http://x').searchParams.get('upload_id') ?? '';
      return (await fs.readdir(spoolDir)).filter((file) => file.startsWith(`${id}.`));
    };
    const begin = async (file: string) => {
      const url = sessionPath(
        await startResumable(t, user, `users/${user.userId}/${file}`, data.length),
      );
      expect((await sendCommand(t, user, url, 'upload', 0, data.subarray(0, MIB))).statusCode).toBe(
        200,
      );
      expect(await spooled(url)).not.toEqual([]);
      return url;
    };
    const cancelled = await begin('cancel.mp4');
    expect((await sendCommand(t, user, cancelled, 'cancel')).statusCode).toBe(200);
    expect(await spooled(cancelled)).toEqual([]);
    const expired = await begin('expire.mp4');
    await t.app.deps.storage.expireSessions(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await spooled(expired)).toEqual([]);
  });
});
