// The storage service on each backend: multipart and resumable uploads, tokens, finalize and
// cancel, generations. Content checks, access, and quota are in the sibling storage-*.test.ts files.
import { describe, expect, it } from 'vitest';
import { ZStorageObject } from '@screenline/shared/storage';
import { BACKENDS, ORIGIN } from '../../../test/harness';
import {
  md5Base64,
  mediaBytes,
  objectUrl,
  sendCommand,
  sessionPath,
  startResumable,
  uploadMultipart,
} from '../../../test/storage-helpers';
import { useStorageApp, KIB } from '../../../test/storage-app';

describe.each(BACKENDS)('storage service on %s', (backend) => {
  const app = useStorageApp(backend);
  const { own, mediaUrl, patchMetadata, getMetadata } = app;

  it('stores a small file with a multipart upload, describes it, serves it and deletes it', async () => {
    const name = own(app.alice, 'content/logo one.png');
    const data = mediaBytes('image/png', 3000, 11);
    const res = await uploadMultipart(app.t, app.alice, name, data, 'image/png', {
      metadata: { campaign: 'spring' },
      contentDisposition: 'attachment; filename="logo one.png"',
    });
    expect(res.statusCode).toBe(200);
    const meta = ZStorageObject.parse(res.json());
    expect(meta).toMatchObject({
      bucket: 'screenline',
      name,
      fullPath: name,
      size: '3000',
      metageneration: '1',
      md5Hash: md5Base64(data),
      contentType: 'image/png',
      metadata: { campaign: 'spring' },
      contentDisposition: 'attachment; filename="logo one.png"',
    });
    expect(meta.generation).toMatch(/^\d{16}$/);
    expect(meta.downloadTokens).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(meta.timeCreated)).not.toBeNaN();
    expect(meta.updated).toBe(meta.timeCreated);

    const again = await getMetadata(app.alice, name);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(meta);

    const media = await app.t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(data)).toBe(true);
    expect(media.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '3000',
      'accept-ranges': 'bytes',
      etag: `"${meta.md5Hash}"`,
      'cache-control': 'private, max-age=0',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment; filename="logo one.png"',
    });

    const deleted = await app.t.request({
      method: 'DELETE',
      url: objectUrl(name),
      headers: { authorization: app.alice.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await getMetadata(app.alice, name)).statusCode).toBe(404);
    const media404 = await app.t.request({
      method: 'GET',
      url: mediaUrl(name, meta.downloadTokens),
    });
    expect(media404.statusCode).toBe(404);
    expect(media404.json()).toMatchObject({ error: { code: 'not-found' } });
    const twice = await app.t.request({
      method: 'DELETE',
      url: objectUrl(name),
      headers: { authorization: app.alice.authorization },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('takes the token as Bearer or Firebase and answers 401 without a valid one', async () => {
    const name = own(app.alice, 'auth.png');
    const data = mediaBytes('image/png', 100);
    expect((await uploadMultipart(app.t, app.alice, name, data)).statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${app.alice.token}` };
    expect((await getMetadata(bearer, name)).statusCode).toBe(200);

    const [header, payload, signature] = app.alice.token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer not-a-jwt',
      `Basic ${app.alice.token}`,
      `Firebase ${forged}`,
    ]) {
      const res = await app.t.request({
        method: 'GET',
        url: objectUrl(name),
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    // A session cookie is not a storage token.
    const withCookie = await app.t.request({
      method: 'GET',
      url: objectUrl(name),
      cookie: app.alice.cookie,
    });
    expect(withCookie.statusCode).toBe(401);
    const upload = await uploadMultipart(app.t, { authorization: 'Bearer x' }, name, data);
    expect(upload.statusCode).toBe(401);
    const start = await startResumable(app.t, { authorization: '' }, name, 10);
    expect(start.statusCode).toBe(401);
  });

  it('runs a resumable upload: start, query, chunks, finalize, and refuses bad offsets and sizes', async () => {
    const name = own(app.alice, 'content/clip.mp4');
    const data = mediaBytes('video/mp4', 700 * KIB, 3);
    const start = await startResumable(app.t, app.alice, name, data.length, 'video/mp4', {
      metadata: { source: 'camera' },
    });
    expect(start.statusCode).toBe(200);
    expect(start.headers['x-goog-upload-status']).toBe('active');
    const url = new URL(String(start.headers['x-goog-upload-url']));
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/v0/b/screenline/o');
    expect(url.searchParams.get('name')).toBe(name);
    expect(url.searchParams.get('upload_protocol')).toBe('resumable');
    expect(url.searchParams.get('upload_id')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const session = sessionPath(start);

    const query = async () => {
      const res = await sendCommand(app.t, app.alice, session, 'query');
      expect(res.statusCode).toBe(200);
      return {
        received: Number(res.headers['x-goog-upload-size-received']),
        status: res.headers['x-goog-upload-status'],
      };
    };
    expect(await query()).toEqual({ received: 0, status: 'active' });

    const first = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      0,
      data.subarray(0, 256 * KIB),
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-goog-upload-status']).toBe('active');
    expect(await query()).toEqual({ received: 256 * KIB, status: 'active' });

    // A chunk at the wrong offset: 400 and the size the server holds.
    const wrongOffset = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      100,
      data.subarray(100, 200),
    );
    expect(wrongOffset.statusCode).toBe(400);
    expect(wrongOffset.headers['x-goog-upload-size-received']).toBe(String(256 * KIB));
    expect(wrongOffset.json()).toMatchObject({ error: { code: 'bad-request' } });

    // A chunk that would pass the declared total.
    const tooLong = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      256 * KIB,
      Buffer.alloc(data.length),
    );
    expect(tooLong.statusCode).toBe(400);

    // Finalizing short of the declared size (SPEC §8: server file wrong size).
    const early = await sendCommand(app.t, app.alice, session, 'finalize', 256 * KIB);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: { code: 'wrong-size' } });
    expect(await query()).toEqual({ received: 256 * KIB, status: 'active' });

    const second = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      256 * KIB,
      data.subarray(256 * KIB, 512 * KIB),
    );
    expect(second.statusCode).toBe(200);
    const last = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload, finalize',
      512 * KIB,
      data.subarray(512 * KIB),
    );
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-goog-upload-status']).toBe('final');
    const meta = ZStorageObject.parse(last.json());
    expect(meta).toMatchObject({
      name,
      size: String(data.length),
      md5Hash: md5Base64(data),
      contentType: 'video/mp4',
      metadata: { source: 'camera' },
    });
    expect(await query()).toEqual({ received: data.length, status: 'final' });

    // The finalize repeated (its answer was lost) answers the same object; more bytes do not fit.
    const repeated = await sendCommand(app.t, app.alice, session, 'finalize', data.length);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(meta);
    const after = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      data.length,
      Buffer.from('x'),
    );
    expect(after.statusCode).toBe(400);

    const media = await app.t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(md5Base64(media.rawPayload)).toBe(md5Base64(data));
  });

  it('finalizes with an empty finalize command after the last upload, and cancels sessions', async () => {
    const name = own(app.alice, 'split-finalize.webm');
    const data = mediaBytes('video/webm', 300 * KIB, 5);
    const session = sessionPath(
      await startResumable(app.t, app.alice, name, data.length, 'video/webm'),
    );
    expect((await sendCommand(app.t, app.alice, session, 'upload', 0, data)).statusCode).toBe(200);
    const done = await sendCommand(app.t, app.alice, session, 'finalize', data.length);
    expect(done.statusCode).toBe(200);
    expect(ZStorageObject.parse(done.json()).md5Hash).toBe(md5Base64(data));
    // A cancel that arrives after the finalize (a client that paused while its last chunk was
    // in flight) cancels nothing: it says final, and the object is there for its owner to delete.
    const late = await sendCommand(app.t, app.alice, session, 'cancel');
    expect(late.statusCode).toBe(200);
    expect(late.headers['x-goog-upload-status']).toBe('final');
    expect((await getMetadata(app.alice, name)).statusCode).toBe(200);

    const other = sessionPath(
      await startResumable(app.t, app.alice, own(app.alice, 'gone.mp4'), 1000),
    );
    expect(
      (await sendCommand(app.t, app.alice, other, 'upload', 0, Buffer.alloc(10))).statusCode,
    ).toBe(200);
    const cancel = await sendCommand(app.t, app.alice, other, 'cancel');
    expect(cancel.statusCode).toBe(200);
    const query = await sendCommand(app.t, app.alice, other, 'query');
    expect(query.statusCode).toBe(404);
    expect(query.json()).toMatchObject({ error: { code: 'not-found' } });
    expect((await getMetadata(app.alice, own(app.alice, 'gone.mp4'))).statusCode).toBe(404);

    const unknown = await sendCommand(
      app.t,
      app.alice,
      '/v0/b/screenline/o?upload_id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&upload_protocol=resumable',
      'query',
    );
    expect(unknown.statusCode).toBe(404);
    const badCommand = await sendCommand(app.t, app.alice, session, 'explode');
    expect(badCommand.statusCode).toBe(400);
  });

  it('gives every write a new, larger generation and token; PATCH bumps the metageneration', async () => {
    const name = own(app.alice, 'versions.png');
    const first = ZStorageObject.parse(
      (await uploadMultipart(app.t, app.alice, name, mediaBytes('image/png', 100, 1))).json(),
    );
    const second = ZStorageObject.parse(
      (await uploadMultipart(app.t, app.alice, name, mediaBytes('image/png', 200, 2))).json(),
    );
    expect(BigInt(second.generation)).toBeGreaterThan(BigInt(first.generation));
    expect(second.metageneration).toBe('1');
    expect(second.downloadTokens).not.toBe(first.downloadTokens);
    const stale = await app.t.request({ method: 'GET', url: mediaUrl(name, first.downloadTokens) });
    expect(stale.statusCode).toBe(403);
    const fresh = await app.t.request({
      method: 'GET',
      url: mediaUrl(name, second.downloadTokens),
    });
    expect(fresh.rawPayload.equals(mediaBytes('image/png', 200, 2))).toBe(true);

    const patch = (payload: Record<string, unknown>) => patchMetadata(app.alice, name, payload);
    const patched = await patch({
      cacheControl: 'private, max-age=0',
      contentLanguage: 'en',
      metadata: { a: '1', b: '2' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      metageneration: '2',
      generation: second.generation,
      cacheControl: 'private, max-age=0',
      metadata: { a: '1', b: '2' },
    });
    const removed = await patch({ metadata: { a: null }, contentType: 'image/png' });
    expect(removed.json()).toMatchObject({
      metageneration: '3',
      metadata: { b: '2' },
      contentType: 'image/png',
    });
    const media = await app.t.request({
      method: 'GET',
      url: mediaUrl(name, second.downloadTokens),
    });
    expect(media.headers).toMatchObject({
      'cache-control': 'private, max-age=0',
      'content-type': 'image/png',
      'content-language': 'en',
    });
    expect((await patch({ contentType: 'text/html' })).statusCode).toBe(415);
    expect((await patch({ cacheControl: 'x\r\nSet-Cookie: a=b' })).statusCode).toBe(400);
    expect((await patch({ owner: 'me' })).statusCode).toBe(400);
  });
});
