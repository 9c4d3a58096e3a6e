import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, ORIGIN, type TTestApp } from '../../../test/harness';
import {
  freePort,
  md5Base64,
  objectUrl,
  mediaBytes,
  seededRandom,
  signUpForStorage,
  type TStorageUser,
  uploadOverHttp,
} from '../../../test/storage-helpers';

const MIB = 1024 * 1024;

// These run the server on a real loopback port and upload with fetch, as a browser would.
describe.each(BACKENDS)('resumable uploads over HTTP on %s', (backend) => {
  let t: TTestApp;
  let user: TStorageUser;
  let baseUrl: string;
  let port: number;
  const random = seededRandom(backend === 'pglite' ? 7 : 11);
  let isFailing = false;
  const counts = { refused: 0, lost: 0 };

  beforeAll(async () => {
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp(
      backend,
      { PUBLIC_URL: baseUrl, TRUSTED_ORIGINS: ORIGIN },
      {
        // Test-only hooks: while `isFailing`, some chunk requests are refused before the server
        // reads them (503 / 429), and some chunks are stored but their answer is lost (503).
        beforeReady: (app) => {
          app.addHook('onRequest', async (request, reply) => {
            const command = request.headers['x-goog-upload-command'];
            if (!isFailing || typeof command !== 'string' || !command.includes('upload')) return;
            if (random() < 0.3) {
              counts.refused += 1;
              const status = random() < 0.5 ? 503 : 429;
              return reply
                .status(status)
                .send({ error: { code: 'unavailable', message: 'Busy.' } });
            }
          });
          app.addHook('onSend', async (request, reply, payload) => {
            const command = request.headers['x-goog-upload-command'];
            if (!isFailing || command !== 'upload' || reply.statusCode !== 200) return payload;
            if (random() >= 0.2) return payload;
            counts.lost += 1;
            void reply.status(503);
            return JSON.stringify({ error: { code: 'unavailable', message: 'Lost answer.' } });
          });
        },
      },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    user = await signUpForStorage(t);
  });
  afterAll(() => t.close());

  it('completes a 100 MB upload with the right MD5 while chunks fail at random', async () => {
    const data = mediaBytes('video/mp4', 100 * MIB, 42);
    const name = `users/${user.userId}/content/big.mp4`;
    isFailing = true;
    const result = await uploadOverHttp({
      baseUrl,
      authorization: user.authorization,
      name,
      data,
    }).finally(() => {
      isFailing = false;
    });
    if (!('metadata' in result)) throw new Error('the upload stopped');
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.lost).toBeGreaterThan(0);
    expect(result.retried).toBe(counts.refused + counts.lost);
    expect(result.metadata.size).toBe(String(data.length));
    expect(result.metadata.md5Hash).toBe(md5Base64(data));
    // Chunks grew from 256 KiB and reached the largest size at least once.
    expect(result.chunkSizes[0]).toBe(256 * 1024);
    expect(Math.max(...result.chunkSizes)).toBe(16 * MIB);

    const download = await fetch(
      `${baseUrl}${objectUrl(name)}?alt=media&token=${result.metadata.downloadTokens}`,
    );
    expect(download.status).toBe(200);
    expect(md5Base64(new Uint8Array(await download.arrayBuffer()))).toBe(md5Base64(data));
  });

  it('cancels an upload whose chunk the client abandoned half-way, leaving no bytes', async () => {
    const data = mediaBytes('video/mp4', 4 * MIB, 9);
    const name = `users/${user.userId}/content/abandoned-chunk.mp4`;
    const started = await uploadOverHttp({
      baseUrl,
      authorization: user.authorization,
      name,
      data,
      stopAfter: 1,
    });
    if (!('stoppedAt' in started)) throw new Error('the upload did not stop');
    const uploadUrl = new URL(started.uploadUrl);
    const id = uploadUrl.searchParams.get('upload_id');
    const sessionsDir = path.join(t.dataDir, 'storage', 'sessions');

    // A chunk that announces 2 MiB, sends part of it, and is dropped, as a browser drops a
    // request when the user cancels.
    await new Promise<void>((resolve) => {
      const request = http.request(uploadUrl, {
        method: 'POST',
        headers: {
          authorization: user.authorization,
          'x-goog-upload-command': 'upload',
          'x-goog-upload-offset': String(started.stoppedAt),
          'content-length': String(2 * MIB),
        },
      });
      request.on('error', () => resolve());
      request.write(data.subarray(started.stoppedAt, started.stoppedAt + 512 * 1024), () => {
        setImmediate(() => request.destroy());
      });
    });
    const cancel = await fetch(uploadUrl, {
      method: 'POST',
      headers: { authorization: user.authorization, 'x-goog-upload-command': 'cancel' },
    });
    expect(cancel.status).toBe(200);
    const query = await fetch(uploadUrl, {
      method: 'POST',
      headers: { authorization: user.authorization, 'x-goog-upload-command': 'query' },
    });
    expect(query.status).toBe(404);
    expect(await fs.readdir(sessionsDir)).not.toContain(`${id}.part`);
  });

  it('continues an upload after the server restarts in the middle of it', async () => {
    const data = mediaBytes('video/mp4', 6 * MIB + 123, 8);
    const name = `users/${user.userId}/content/restart.mp4`;
    const first = await uploadOverHttp({
      baseUrl,
      authorization: user.authorization,
      name,
      data,
      stopAfter: 2 * MIB,
    });
    if (!('stoppedAt' in first)) throw new Error('the upload did not stop');
    expect(first.stoppedAt).toBeGreaterThan(0);

    // A new server process on the same DATA_DIR and database.
    await t.restart();
    await t.app.listen({ port, host: '127.0.0.1' });

    const query = await fetch(first.uploadUrl, {
      method: 'POST',
      headers: { authorization: user.authorization, 'x-goog-upload-command': 'query' },
    });
    expect(query.status).toBe(200);
    expect(query.headers.get('x-goog-upload-status')).toBe('active');
    expect(Number(query.headers.get('x-goog-upload-size-received'))).toBe(first.stoppedAt);

    const rest = await uploadOverHttp({
      baseUrl,
      authorization: user.authorization,
      name,
      data,
      uploadUrl: first.uploadUrl,
    });
    if (!('metadata' in rest)) throw new Error('the upload stopped');
    expect(rest.metadata.md5Hash).toBe(md5Base64(data));
    expect(rest.metadata.size).toBe(String(data.length));
  });
});
