import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStorageObject, ZStorageUsage } from '@screenline/shared/storage';
import { storageObject, uploadSession } from '../../db/schema/index';
import { BACKENDS, createTestApp, ORIGIN, PASSWORD, type TTestApp } from '../../../test/harness';
import {
  md5Base64,
  mediaBytes,
  objectUrl,
  patternBytes,
  sendCommand,
  sessionPath,
  signUpForStorage,
  startResumable,
  type TStorageUser,
  uploadMultipart,
  uploadResumable,
  uploadUrl,
} from '../../../test/storage-helpers';
import { createMeRepository } from '../me/me.repository';

const MIB = 1024 * 1024;
const KIB = 1024;

describe.each(BACKENDS)('storage service on %s', (backend) => {
  let t: TTestApp;
  let alice: TStorageUser;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      STORAGE_QUOTA_BYTES: String(20 * MIB),
      STORAGE_MAX_OBJECT_BYTES: String(16 * MIB),
    });
    alice = await signUpForStorage(t);
  });
  afterAll(() => t.close());

  const own = (user: TStorageUser, file: string) => `users/${user.userId}/${file}`;
  const mediaUrl = (name: string, token: string) =>
    `${objectUrl(name)}?alt=media&token=${encodeURIComponent(token)}`;
  const patchMetadata = (user: TStorageUser, name: string, payload: Record<string, unknown>) =>
    t.request({
      method: 'PATCH',
      url: objectUrl(name),
      headers: { authorization: user.authorization },
      payload,
    });
  const getMetadata = (user: Pick<TStorageUser, 'authorization'> | null, name: string) =>
    t.request({
      method: 'GET',
      url: objectUrl(name),
      headers: user ? { authorization: user.authorization } : {},
    });

  it('stores a small file with a multipart upload, describes it, serves it and deletes it', async () => {
    const name = own(alice, 'content/logo one.png');
    const data = mediaBytes('image/png', 3000, 11);
    const res = await uploadMultipart(t, alice, name, data, 'image/png', {
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

    const again = await getMetadata(alice, name);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(meta);

    const media = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
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

    const deleted = await t.request({
      method: 'DELETE',
      url: objectUrl(name),
      headers: { authorization: alice.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await getMetadata(alice, name)).statusCode).toBe(404);
    const media404 = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(media404.statusCode).toBe(404);
    expect(media404.json()).toMatchObject({ error: { code: 'not-found' } });
    const twice = await t.request({
      method: 'DELETE',
      url: objectUrl(name),
      headers: { authorization: alice.authorization },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('takes the token as Bearer or Firebase and answers 401 without a valid one', async () => {
    const name = own(alice, 'auth.png');
    const data = mediaBytes('image/png', 100);
    expect((await uploadMultipart(t, alice, name, data)).statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${alice.token}` };
    expect((await getMetadata(bearer, name)).statusCode).toBe(200);

    const [header, payload, signature] = alice.token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer not-a-jwt',
      `Basic ${alice.token}`,
      `Firebase ${forged}`,
    ]) {
      const res = await t.request({
        method: 'GET',
        url: objectUrl(name),
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    // A session cookie is not a storage token.
    const withCookie = await t.request({
      method: 'GET',
      url: objectUrl(name),
      cookie: alice.cookie,
    });
    expect(withCookie.statusCode).toBe(401);
    const upload = await uploadMultipart(t, { authorization: 'Bearer x' }, name, data);
    expect(upload.statusCode).toBe(401);
    const start = await startResumable(t, { authorization: '' }, name, 10);
    expect(start.statusCode).toBe(401);
  });

  it('runs a resumable upload: start, query, chunks, finalize, and refuses bad offsets and sizes', async () => {
    const name = own(alice, 'content/clip.mp4');
    const data = mediaBytes('video/mp4', 700 * KIB, 3);
    const start = await startResumable(t, alice, name, data.length, 'video/mp4', {
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
      const res = await sendCommand(t, alice, session, 'query');
      expect(res.statusCode).toBe(200);
      return {
        received: Number(res.headers['x-goog-upload-size-received']),
        status: res.headers['x-goog-upload-status'],
      };
    };
    expect(await query()).toEqual({ received: 0, status: 'active' });

    const first = await sendCommand(t, alice, session, 'upload', 0, data.subarray(0, 256 * KIB));
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-goog-upload-status']).toBe('active');
    expect(await query()).toEqual({ received: 256 * KIB, status: 'active' });

    // A chunk at the wrong offset: 400 and the size the server holds.
    const wrongOffset = await sendCommand(
      t,
      alice,
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
      t,
      alice,
      session,
      'upload',
      256 * KIB,
      Buffer.alloc(data.length),
    );
    expect(tooLong.statusCode).toBe(400);

    // Finalizing short of the declared size (SPEC §8: server file wrong size).
    const early = await sendCommand(t, alice, session, 'finalize', 256 * KIB);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: { code: 'wrong-size' } });
    expect(await query()).toEqual({ received: 256 * KIB, status: 'active' });

    const second = await sendCommand(
      t,
      alice,
      session,
      'upload',
      256 * KIB,
      data.subarray(256 * KIB, 512 * KIB),
    );
    expect(second.statusCode).toBe(200);
    const last = await sendCommand(
      t,
      alice,
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
    const repeated = await sendCommand(t, alice, session, 'finalize', data.length);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(meta);
    const after = await sendCommand(t, alice, session, 'upload', data.length, Buffer.from('x'));
    expect(after.statusCode).toBe(400);

    const media = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(md5Base64(media.rawPayload)).toBe(md5Base64(data));
  });

  it('finalizes with an empty finalize command after the last upload, and cancels sessions', async () => {
    const name = own(alice, 'split-finalize.webm');
    const data = mediaBytes('video/webm', 300 * KIB, 5);
    const session = sessionPath(await startResumable(t, alice, name, data.length, 'video/webm'));
    expect((await sendCommand(t, alice, session, 'upload', 0, data)).statusCode).toBe(200);
    const done = await sendCommand(t, alice, session, 'finalize', data.length);
    expect(done.statusCode).toBe(200);
    expect(ZStorageObject.parse(done.json()).md5Hash).toBe(md5Base64(data));
    // A cancel that arrives after the finalize (a client that paused while its last chunk was
    // in flight) cancels nothing: it says final, and the object is there for its owner to delete.
    const late = await sendCommand(t, alice, session, 'cancel');
    expect(late.statusCode).toBe(200);
    expect(late.headers['x-goog-upload-status']).toBe('final');
    expect((await getMetadata(alice, name)).statusCode).toBe(200);

    const other = sessionPath(await startResumable(t, alice, own(alice, 'gone.mp4'), 1000));
    expect((await sendCommand(t, alice, other, 'upload', 0, Buffer.alloc(10))).statusCode).toBe(
      200,
    );
    const cancel = await sendCommand(t, alice, other, 'cancel');
    expect(cancel.statusCode).toBe(200);
    const query = await sendCommand(t, alice, other, 'query');
    expect(query.statusCode).toBe(404);
    expect(query.json()).toMatchObject({ error: { code: 'not-found' } });
    expect((await getMetadata(alice, own(alice, 'gone.mp4'))).statusCode).toBe(404);

    const unknown = await sendCommand(
      t,
      alice,
      '/v0/b/screenline/o?upload_id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&upload_protocol=resumable',
      'query',
    );
    expect(unknown.statusCode).toBe(404);
    const badCommand = await sendCommand(t, alice, session, 'explode');
    expect(badCommand.statusCode).toBe(400);
  });

  it('gives every write a new, larger generation and token; PATCH bumps the metageneration', async () => {
    const name = own(alice, 'versions.png');
    const first = ZStorageObject.parse(
      (await uploadMultipart(t, alice, name, mediaBytes('image/png', 100, 1))).json(),
    );
    const second = ZStorageObject.parse(
      (await uploadMultipart(t, alice, name, mediaBytes('image/png', 200, 2))).json(),
    );
    expect(BigInt(second.generation)).toBeGreaterThan(BigInt(first.generation));
    expect(second.metageneration).toBe('1');
    expect(second.downloadTokens).not.toBe(first.downloadTokens);
    const stale = await t.request({ method: 'GET', url: mediaUrl(name, first.downloadTokens) });
    expect(stale.statusCode).toBe(403);
    const fresh = await t.request({ method: 'GET', url: mediaUrl(name, second.downloadTokens) });
    expect(fresh.rawPayload.equals(mediaBytes('image/png', 200, 2))).toBe(true);

    const patch = (payload: Record<string, unknown>) => patchMetadata(alice, name, payload);
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
    const media = await t.request({ method: 'GET', url: mediaUrl(name, second.downloadTokens) });
    expect(media.headers).toMatchObject({
      'cache-control': 'private, max-age=0',
      'content-type': 'image/png',
      'content-language': 'en',
    });
    expect((await patch({ contentType: 'text/html' })).statusCode).toBe(415);
    expect((await patch({ cacheControl: 'x\r\nSet-Cookie: a=b' })).statusCode).toBe(400);
    expect((await patch({ owner: 'me' })).statusCode).toBe(400);
  });

  it('V5.2.2 checks the first bytes of every upload against the declared type (415, nothing stored)', async () => {
    const png = await fs.readFile(fixture('sample-image.png'));
    const webm = await fs.readFile(fixture('sample-clip.webm'));
    const text = Buffer.from('<html><script>alert(1)</script></html>\n'.repeat(200));
    const refused = async (res: { statusCode: number; json: () => unknown }, name: string) => {
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
      expect((await getMetadata(alice, name)).statusCode, name).toBe(404);
    };
    const blobsBefore = await listBlobs(t.dataDir);

    // Multipart: a PNG declared as a video, text declared as a PNG.
    const asVideo = own(alice, 'sniff/png-as.mp4');
    await refused(await uploadMultipart(t, alice, asVideo, png, 'video/mp4'), asVideo);
    const asImage = own(alice, 'sniff/text-as.png');
    await refused(await uploadMultipart(t, alice, asImage, text, 'image/png'), asImage);

    // Resumable: refused on the first chunk, and the session with its bytes is gone.
    const early = own(alice, 'sniff/early.mp4');
    const session = sessionPath(await startResumable(t, alice, early, png.length, 'video/mp4'));
    const first = await sendCommand(t, alice, session, 'upload', 0, png.subarray(0, 64 * KIB));
    await refused(first, early);
    expect((await sendCommand(t, alice, session, 'query')).statusCode).toBe(404);
    // A first chunk too short to tell: refused at finalize instead, before the object exists.
    const late = own(alice, 'sniff/late.webm');
    const lateSession = sessionPath(
      await startResumable(t, alice, late, text.length, 'video/webm'),
    );
    expect(
      (await sendCommand(t, alice, lateSession, 'upload', 0, text.subarray(0, 10))).statusCode,
    ).toBe(200);
    await refused(
      await sendCommand(t, alice, lateSession, 'upload, finalize', 10, text.subarray(10)),
      late,
    );
    expect((await sendCommand(t, alice, lateSession, 'query')).statusCode).toBe(404);
    expect(await listBlobs(t.dataDir)).toEqual(blobsBefore);
    const sessionFiles = await fs.readdir(path.join(t.dataDir, 'storage', 'sessions'));
    for (const url of [session, lateSession]) {
      const id = new URL(url, 'http://x').searchParams.get('upload_id');
      expect(sessionFiles).not.toContain(`${id}.part`);
    }

    // Real files of their declared type pass, whichever way they come.
    const image = own(alice, 'sniff/real.png');
    expect((await uploadMultipart(t, alice, image, png, 'image/png')).statusCode).toBe(200);
    const clip = own(alice, 'sniff/real.webm');
    const stored = await uploadResumable(t, alice, clip, webm, 'video/webm', [4 * KIB]);
    expect(stored.md5Hash).toBe(md5Base64(webm));

    // Changing the type by PATCH is checked against the stored bytes.
    const patch = await t.request({
      method: 'PATCH',
      url: objectUrl(image),
      headers: { authorization: alice.authorization },
      payload: { contentType: 'video/mp4' },
    });
    expect(patch.statusCode).toBe(415);
    expect(ZStorageObject.parse((await getMetadata(alice, image)).json())).toMatchObject({
      contentType: 'image/png',
      metageneration: '1',
    });
  });

  it('V5.4.1 lets owners set only an attachment filename and the server’s cache policy as headers', async () => {
    const name = own(alice, 'headers/menu.png');
    const data = mediaBytes('image/png', 400, 31);
    for (const extra of [
      { cacheControl: 'public, max-age=31536000' },
      { cacheControl: 'no-cache' },
      { contentDisposition: 'inline' },
      { contentDisposition: 'inline; filename="menu.html"' },
      { contentDisposition: 'attachment; filename="a.png"; size=1' },
      { contentDisposition: 'form-data; name="x"' },
    ]) {
      const multipart = await uploadMultipart(t, alice, name, data, 'image/png', extra);
      expect(multipart.statusCode, JSON.stringify(extra)).toBe(400);
      expect(multipart.json()).toMatchObject({ error: { code: 'bad-request' } });
      const start = await startResumable(t, alice, name, data.length, 'image/png', extra);
      expect(start.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await getMetadata(alice, name)).statusCode).toBe(404);

    const meta = ZStorageObject.parse(
      (
        await uploadMultipart(t, alice, name, data, 'image/png', {
          cacheControl: 'Private,  max-age=0',
          contentDisposition: 'attachment; filename="menu.png"; filename*=UTF-8\'\'men%C3%BC.png',
        })
      ).json(),
    );
    const download = () => t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect((await download()).headers).toMatchObject({
      'cache-control': 'private, max-age=0',
      'content-disposition': 'attachment; filename="menu.png"; filename*=UTF-8\'\'men%C3%BC.png',
      'x-content-type-options': 'nosniff',
    });

    const patch = (payload: Record<string, unknown>) => patchMetadata(alice, name, payload);
    expect((await patch({ cacheControl: 'public, max-age=60' })).statusCode).toBe(400);
    expect((await patch({ contentDisposition: 'inline' })).statusCode).toBe(400);
    expect((await patch({ contentDisposition: null })).statusCode).toBe(200);
    expect((await download()).headers['content-disposition']).toBe('inline');

    // Values stored before these rules are not served.
    await t.app.deps.db
      .update(storageObject)
      .set({ cacheControl: 'public, max-age=31536000', contentDisposition: 'inline; x=1' })
      .where(eq(storageObject.name, name));
    expect((await download()).headers).toMatchObject({
      'cache-control': 'private, max-age=0',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
  });

  it('serves ranges and answers conditional requests', async () => {
    const name = own(alice, 'range.mp4');
    const data = mediaBytes('video/mp4', 1000, 9);
    const meta = ZStorageObject.parse(
      (await uploadMultipart(t, alice, name, data, 'video/mp4')).json(),
    );
    const get = (headers: Record<string, string>) =>
      t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens), headers });

    const part = await get({ range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(990))).toBe(true);

    const open = await get({ range: 'bytes=995-' });
    expect(open.headers['content-range']).toBe('bytes 995-999/1000');

    const outside = await get({ range: 'bytes=1000-' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expect(outside.json()).toMatchObject({ error: { code: 'range-not-satisfiable' } });

    const cached = await get({ 'if-none-match': `"${meta.md5Hash}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    const changed = await get({ range: 'bytes=0-9', 'if-range': '"old-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(1000);

    const head = await t.request({ method: 'HEAD', url: mediaUrl(name, meta.downloadTokens) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers.etag).toBe(`"${meta.md5Hash}"`);
    expect(head.rawPayload.length).toBe(0);
    const headRange = await t.request({
      method: 'HEAD',
      url: mediaUrl(name, meta.downloadTokens),
      headers: { range: 'bytes=0-9' },
    });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('10');

    // The owner may read the bytes with their own token instead of a download token.
    const owner = await t.request({
      method: 'GET',
      url: `${objectUrl(name)}?alt=media`,
      headers: { authorization: alice.authorization, range: 'bytes=0-0' },
    });
    expect(owner.statusCode).toBe(206);
    expect(owner.rawPayload[0]).toBe(data[0]);
  });

  it("refuses another user's objects with 403, except bytes for a download token holder", async () => {
    const bob = await signUpForStorage(t);
    const name = own(alice, 'private.png');
    const data = mediaBytes('image/png', 50);
    const meta = ZStorageObject.parse((await uploadMultipart(t, alice, name, data)).json());
    const asBob = { authorization: bob.authorization };

    expect((await getMetadata(bob, name)).statusCode).toBe(403);
    expect((await getMetadata(bob, name)).json()).toMatchObject({ error: { code: 'forbidden' } });
    const bytesWithoutToken = await t.request({
      method: 'GET',
      url: `${objectUrl(name)}?alt=media`,
      headers: asBob,
    });
    expect(bytesWithoutToken.statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: `${objectUrl(name)}?alt=media` });
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await t.request({ method: 'GET', url: mediaUrl(name, bob.userId) });
    expect(wrongToken.statusCode).toBe(403);
    const withToken = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(withToken.statusCode).toBe(200);

    expect(
      (await t.request({ method: 'DELETE', url: objectUrl(name), headers: asBob })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: objectUrl(name),
          headers: asBob,
          payload: { contentLanguage: 'en' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await uploadMultipart(t, bob, name, data)).statusCode).toBe(403);
    expect((await startResumable(t, bob, name, 10)).statusCode).toBe(403);
    expect((await uploadMultipart(t, bob, 'public/a.png', data)).statusCode).toBe(403);
    expect((await uploadMultipart(t, bob, `users/${bob.userId}`, data)).statusCode).toBe(403);

    const session = sessionPath(await startResumable(t, alice, own(alice, 'session.mp4'), 10));
    expect((await sendCommand(t, bob, session, 'query')).statusCode).toBe(403);
    expect((await sendCommand(t, bob, session, 'upload', 0, Buffer.alloc(10))).statusCode).toBe(
      403,
    );

    // A super-user reads any metadata, but writes only their own.
    await createMeRepository(t.app.deps.db).setSuperUser(bob.email, true);
    expect((await getMetadata(bob, name)).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: objectUrl(name), headers: asBob })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for missing objects and other buckets', async () => {
    const name = own(alice, 'never-uploaded.png');
    expect((await getMetadata(alice, name)).statusCode).toBe(404);
    expect((await getMetadata(alice, name)).json()).toMatchObject({
      error: { code: 'not-found' },
    });
    expect(
      (await t.request({ method: 'GET', url: `${objectUrl(name)}?alt=media&token=x` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: objectUrl(name),
          headers: { authorization: alice.authorization },
        })
      ).statusCode,
    ).toBe(404);
    const otherBucket = await t.request({
      method: 'GET',
      url: objectUrl(name, 'another-bucket'),
      headers: { authorization: alice.authorization },
    });
    expect(otherBucket.statusCode).toBe(404);
    const uploadElsewhere = await t.request({
      method: 'POST',
      url: `/v0/b/another-bucket/o?name=${encodeURIComponent(name)}`,
      headers: {
        authorization: alice.authorization,
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': '1',
      },
    });
    expect(uploadElsewhere.statusCode).toBe(404);
  });

  it('refuses root operations and bad names with 400', async () => {
    const headers = { authorization: alice.authorization };
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const res = await t.request({
        method,
        url: '/v0/b/screenline/o/',
        headers,
        ...(method === 'PATCH' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'bad-request' } });
    }
    expect(
      (await t.request({ method: 'GET', url: '/v0/b/screenline/o', headers })).statusCode,
    ).toBe(400);
    expect((await uploadMultipart(t, alice, '', patternBytes(5))).statusCode).toBe(400);
    expect((await startResumable(t, alice, '', 5)).statusCode).toBe(400);

    const base = `users/${alice.userId}`;
    for (const name of [
      `${base}/../../etc/passwd`,
      `${base}/a/../b.png`,
      `${base}/./a.png`,
      `/${base}/a.png`,
      `${base}//a.png`,
      `${base}/a\u0000.png`,
      `${base}/a\n.png`,
      `${base}\\a.png`,
      `${base}/${'x'.repeat(1100)}`,
    ]) {
      const label = JSON.stringify(name.slice(0, 60));
      expect((await getMetadata(alice, name)).statusCode, label).toBe(400);
      expect((await uploadMultipart(t, alice, name, patternBytes(5))).statusCode, label).toBe(400);
      expect((await startResumable(t, alice, name, 5)).statusCode, label).toBe(400);
    }
    // Bytes that are not UTF-8 never reach the service.
    const raw = await t.request({ method: 'GET', url: '/v0/b/screenline/o/a%E9', headers });
    expect(raw.statusCode).toBe(400);
  });

  it('V5.2.1 V5.2.2 refuses types off the allowlist (415) and files over the size limit (413)', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream']) {
      const multipart = await uploadMultipart(t, alice, own(alice, 'x.bin'), patternBytes(5), type);
      expect(multipart.statusCode, type).toBe(415);
      expect(multipart.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
      expect((await startResumable(t, alice, own(alice, 'x.bin'), 5, type)).statusCode).toBe(415);
    }
    const big = await startResumable(t, alice, own(alice, 'huge.mp4'), 16 * MIB + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: 'payload-too-large' } });
    const notANumber = await t.request({
      method: 'POST',
      url: uploadUrl(own(alice, 'x.mp4')),
      headers: {
        authorization: alice.authorization,
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': 'lots',
        'x-goog-upload-header-content-type': 'video/mp4',
      },
    });
    expect(notANumber.statusCode).toBe(400);
    const tooBigForMultipart = await uploadMultipart(
      t,
      alice,
      own(alice, 'multi.png'),
      Buffer.alloc(8 * MIB + 1),
    );
    expect(tooBigForMultipart.statusCode).toBe(413);
    const malformed = await t.request({
      method: 'POST',
      url: uploadUrl(own(alice, 'm.png')),
      headers: {
        authorization: alice.authorization,
        'x-goog-upload-protocol': 'multipart',
        'content-type': 'multipart/related; boundary=zzz',
      },
      payload: 'not multipart at all',
    });
    expect(malformed.statusCode).toBe(400);
    const noProtocol = await t.request({
      method: 'POST',
      url: uploadUrl(own(alice, 'm.png')),
      headers: { authorization: alice.authorization },
      payload: 'x',
    });
    expect(noProtocol.statusCode).toBe(400);
  });

  it('counts finished files and open sessions against the quota (402)', async () => {
    const carol = await signUpForStorage(t);
    const started = await startResumable(t, carol, own(carol, 'big.mp4'), 15 * MIB);
    expect(started.statusCode).toBe(200);
    const over = await startResumable(t, carol, own(carol, 'second.mp4'), 6 * MIB);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ error: { code: 'quota-exceeded' } });
    expect(
      (await uploadMultipart(t, carol, own(carol, 'small.png'), mediaBytes('image/png', MIB)))
        .statusCode,
    ).toBe(200);
    const overMultipart = await uploadMultipart(
      t,
      carol,
      own(carol, 'small2.png'),
      mediaBytes('image/png', 5 * MIB),
    );
    expect(overMultipart.statusCode).toBe(402);
    // Replacing a file counts only the new size.
    expect(
      (await uploadMultipart(t, carol, own(carol, 'small.png'), mediaBytes('image/png', 2 * MIB)))
        .statusCode,
    ).toBe(200);
    expect((await sendCommand(t, carol, sessionPath(started), 'cancel')).statusCode).toBe(200);
    expect((await startResumable(t, carol, own(carol, 'second.mp4'), 6 * MIB)).statusCode).toBe(
      200,
    );
  });

  it('holds the quota when small uploads race each other', async () => {
    const dave = await signUpForStorage(t);
    // Six 4 MiB files at once against a 20 MiB quota: each passes the early check alone.
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        uploadMultipart(t, dave, own(dave, `race-${i}.png`), mediaBytes('image/png', 4 * MIB, i)),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 402]);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(refused.json()).toMatchObject({ error: { code: 'quota-exceeded' } });
  });

  it('ends racing uploads to one name with one whole object and no stray bytes', async () => {
    const name = own(alice, 'race.mp4');
    const versions = [1, 2, 3].map((seed) => mediaBytes('video/mp4', 600 * KIB + seed, seed));
    // Three resumable sessions, their chunks interleaved, finalized at the same moment.
    const sessions = await Promise.all(
      versions.map(async (data) => sessionPath(await startResumable(t, alice, name, data.length))),
    );
    for (let offset = 0; offset < 512 * KIB; offset += 256 * KIB) {
      await Promise.all(
        sessions.map((session, i) =>
          sendCommand(
            t,
            alice,
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
          t,
          alice,
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
    await Promise.all(small.map((data) => uploadMultipart(t, alice, name, data, 'video/mp4')));

    const meta = ZStorageObject.parse((await getMetadata(alice, name)).json());
    const media = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    const candidates = [...versions, ...small].map(md5Base64);
    expect(candidates).toContain(md5Base64(media.rawPayload));
    expect(md5Base64(media.rawPayload)).toBe(meta.md5Hash);
    expect(String(media.rawPayload.length)).toBe(meta.size);

    // Only the winner's blob is left on disk.
    const [row] = await t.app.deps.db
      .select()
      .from(storageObject)
      .where(eq(storageObject.name, name));
    const blobs = await listBlobs(t.dataDir);
    expect(blobs).toContain(row!.blobKey);
    const rows = await t.app.deps.db.select({ key: storageObject.blobKey }).from(storageObject);
    expect(blobs.filter((key) => !rows.some((r) => r.key === key))).toEqual([]);
  });

  it("deletes a user's files and upload sessions with the account", async () => {
    const dave = await signUpForStorage(t);
    const a = ZStorageObject.parse(
      (await uploadMultipart(t, dave, own(dave, 'a.png'), mediaBytes('image/png', 100))).json(),
    );
    await uploadResumable(t, dave, own(dave, 'b.mp4'), mediaBytes('video/mp4', 300 * KIB));
    const open = sessionPath(await startResumable(t, dave, own(dave, 'c.mp4'), 1000));
    expect((await sendCommand(t, dave, open, 'upload', 0, Buffer.alloc(100))).statusCode).toBe(200);
    const keys = (
      await t.app.deps.db
        .select({ key: storageObject.blobKey })
        .from(storageObject)
        .where(eq(storageObject.ownerId, dave.userId))
    ).map((row) => row.key);
    expect(keys).toHaveLength(2);

    const deleted = await t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      cookie: dave.cookie,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    const objects = await t.app.deps.db
      .select()
      .from(storageObject)
      .where(eq(storageObject.ownerId, dave.userId));
    const sessions = await t.app.deps.db
      .select()
      .from(uploadSession)
      .where(eq(uploadSession.ownerId, dave.userId));
    expect([objects, sessions]).toEqual([[], []]);
    const blobs = await listBlobs(t.dataDir);
    expect(keys.filter((key) => blobs.includes(key))).toEqual([]);
    const sessionFiles = await fs.readdir(path.join(t.dataDir, 'storage', 'sessions'));
    expect(sessionFiles.filter((file) => open.includes(file.replace('.part', '')))).toEqual([]);
    const link = await t.request({
      method: 'GET',
      url: mediaUrl(own(dave, 'a.png'), a.downloadTokens),
    });
    expect(link.statusCode).toBe(404);
    // The deleted user's token still verifies for a few minutes, but cannot store anything.
    expect(
      (await uploadMultipart(t, dave, own(dave, 'late.png'), patternBytes(5))).statusCode,
    ).toBe(401);
  });

  it('leaves no bytes on disk when a session is cancelled or expires', async () => {
    const sessionsDir = path.join(t.dataDir, 'storage', 'sessions');
    const partFile = (url: string) =>
      `${new URL(url, 'http://x').searchParams.get('upload_id') ?? ''}.part`;
    const data = mediaBytes('video/mp4', 2 * MIB, 41);
    const begin = async (file: string) => {
      const url = sessionPath(await startResumable(t, alice, own(alice, file), data.length));
      const chunk = await sendCommand(t, alice, url, 'upload', 0, data.subarray(0, MIB));
      expect(chunk.statusCode).toBe(200);
      expect(await fs.readdir(sessionsDir)).toContain(partFile(url));
      return url;
    };

    const cancelled = await begin('cancel-me.mp4');
    expect((await sendCommand(t, alice, cancelled, 'cancel')).statusCode).toBe(200);
    expect(await fs.readdir(sessionsDir)).not.toContain(partFile(cancelled));

    const expired = await begin('expire-me.mp4');
    await t.app.deps.storage.expireSessions(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await fs.readdir(sessionsDir)).not.toContain(partFile(expired));
    expect((await sendCommand(t, alice, expired, 'query')).statusCode).toBe(404);
  });

  it('removes abandoned sessions after they expire', async () => {
    const session = sessionPath(await startResumable(t, alice, own(alice, 'abandoned.mp4'), 1000));
    expect((await sendCommand(t, alice, session, 'upload', 0, Buffer.alloc(10))).statusCode).toBe(
      200,
    );
    const removed = await t.app.deps.storage.expireSessions(
      new Date(Date.now() + 8 * 24 * 60 * 60 * 1000),
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await sendCommand(t, alice, session, 'query')).statusCode).toBe(404);
  });

  it('tells each signed-in user their own storage use and quota (GET /api/v1/storage/usage)', async () => {
    const usage = async (user: TStorageUser | null) => {
      const res = await t.request({
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
    const withToken = await t.request({
      method: 'GET',
      url: '/api/v1/storage/usage',
      headers: { authorization: alice.authorization },
    });
    expect(withToken.statusCode).toBe(401);

    const [erin, frank] = [await signUpForStorage(t), await signUpForStorage(t)];
    expect(ZStorageUsage.parse((await usage(erin)).body)).toEqual({
      usedBytes: 0,
      quotaBytes: 20 * MIB,
    });
    const file = mediaBytes('image/png', 3000, 5);
    expect((await uploadMultipart(t, erin, own(erin, 'a.png'), file)).statusCode).toBe(200);
    expect((await startResumable(t, erin, own(erin, 'b.mp4'), 5000)).statusCode).toBe(200);
    expect(ZStorageUsage.parse((await usage(erin)).body).usedBytes).toBe(8000);
    expect(ZStorageUsage.parse((await usage(frank)).body).usedBytes).toBe(0);
    expect((await uploadMultipart(t, frank, own(frank, 'c.png'), file)).statusCode).toBe(200);
    expect(ZStorageUsage.parse((await usage(frank)).body).usedBytes).toBe(3000);
    expect(ZStorageUsage.parse((await usage(erin)).body).usedBytes).toBe(8000);
  });

  it('reports the storage in the health check', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ checks: { storage: true } });
  });
});

function fixture(file: string): string {
  return fileURLToPath(new URL(`../../../../../e2e/fixtures/${file}`, import.meta.url));
}

async function listBlobs(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'storage', 'objects');
  const shards = await fs.readdir(root).catch(() => []);
  const nested = await Promise.all(shards.map((shard) => fs.readdir(path.join(root, shard))));
  return nested.flat();
}
