// The storage service's checks of what is stored and served: the first bytes against the declared
// type, the headers an owner may set, ranges and conditional requests, the type allowlist and size
// limit.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZStorageObject } from '@screenline/shared/storage';
import { storageObject } from '../../db/schema/index';
import { BACKENDS } from '../../../test/harness';
import {
  md5Base64,
  mediaBytes,
  objectUrl,
  patternBytes,
  sendCommand,
  sessionPath,
  startResumable,
  uploadMultipart,
  uploadResumable,
  uploadUrl,
} from '../../../test/storage-helpers';
import { useStorageApp, MIB, KIB, fixture, listBlobs } from '../../../test/storage-app';

describe.each(BACKENDS)('storage service on %s', (backend) => {
  const app = useStorageApp(backend);
  const { own, mediaUrl, patchMetadata, getMetadata } = app;

  it('V5.2.2 checks the first bytes of every upload against the declared type (415, nothing stored)', async () => {
    const png = await fs.readFile(fixture('sample-image.png'));
    const webm = await fs.readFile(fixture('sample-clip.webm'));
    const text = Buffer.from('<html><script>alert(1)</script></html>\n'.repeat(200));
    const refused = async (res: { statusCode: number; json: () => unknown }, name: string) => {
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
      expect((await getMetadata(app.alice, name)).statusCode, name).toBe(404);
    };
    const blobsBefore = await listBlobs(app.t.dataDir);

    // Multipart: a PNG declared as a video, text declared as a PNG.
    const asVideo = own(app.alice, 'sniff/png-as.mp4');
    await refused(await uploadMultipart(app.t, app.alice, asVideo, png, 'video/mp4'), asVideo);
    const asImage = own(app.alice, 'sniff/text-as.png');
    await refused(await uploadMultipart(app.t, app.alice, asImage, text, 'image/png'), asImage);

    // Resumable: refused on the first chunk, and the session with its bytes is gone.
    const early = own(app.alice, 'sniff/early.mp4');
    const session = sessionPath(
      await startResumable(app.t, app.alice, early, png.length, 'video/mp4'),
    );
    const first = await sendCommand(
      app.t,
      app.alice,
      session,
      'upload',
      0,
      png.subarray(0, 64 * KIB),
    );
    await refused(first, early);
    expect((await sendCommand(app.t, app.alice, session, 'query')).statusCode).toBe(404);
    // A first chunk too short to tell: refused at finalize instead, before the object exists.
    const late = own(app.alice, 'sniff/late.webm');
    const lateSession = sessionPath(
      await startResumable(app.t, app.alice, late, text.length, 'video/webm'),
    );
    expect(
      (await sendCommand(app.t, app.alice, lateSession, 'upload', 0, text.subarray(0, 10)))
        .statusCode,
    ).toBe(200);
    await refused(
      await sendCommand(app.t, app.alice, lateSession, 'upload, finalize', 10, text.subarray(10)),
      late,
    );
    expect((await sendCommand(app.t, app.alice, lateSession, 'query')).statusCode).toBe(404);
    expect(await listBlobs(app.t.dataDir)).toEqual(blobsBefore);
    const sessionFiles = await fs.readdir(path.join(app.t.dataDir, 'storage', 'sessions'));
    for (const url of [session, lateSession]) {
      const id = new URL(url, 'http://x').searchParams.get('upload_id');
      expect(sessionFiles).not.toContain(`${id}.part`);
    }

    // Real files of their declared type pass, whichever way they come.
    const image = own(app.alice, 'sniff/real.png');
    expect((await uploadMultipart(app.t, app.alice, image, png, 'image/png')).statusCode).toBe(200);
    const clip = own(app.alice, 'sniff/real.webm');
    const stored = await uploadResumable(app.t, app.alice, clip, webm, 'video/webm', [4 * KIB]);
    expect(stored.md5Hash).toBe(md5Base64(webm));

    // Changing the type by PATCH is checked against the stored bytes.
    const patch = await app.t.request({
      method: 'PATCH',
      url: objectUrl(image),
      headers: { authorization: app.alice.authorization },
      payload: { contentType: 'video/mp4' },
    });
    expect(patch.statusCode).toBe(415);
    expect(ZStorageObject.parse((await getMetadata(app.alice, image)).json())).toMatchObject({
      contentType: 'image/png',
      metageneration: '1',
    });
  });

  it('V5.4.1 lets owners set only an attachment filename and the server’s cache policy as headers', async () => {
    const name = own(app.alice, 'headers/menu.png');
    const data = mediaBytes('image/png', 400, 31);
    for (const extra of [
      { cacheControl: 'public, max-age=31536000' },
      { cacheControl: 'no-cache' },
      { contentDisposition: 'inline' },
      { contentDisposition: 'inline; filename="menu.html"' },
      { contentDisposition: 'attachment; filename="a.png"; size=1' },
      { contentDisposition: 'form-data; name="x"' },
    ]) {
      const multipart = await uploadMultipart(app.t, app.alice, name, data, 'image/png', extra);
      expect(multipart.statusCode, JSON.stringify(extra)).toBe(400);
      expect(multipart.json()).toMatchObject({ error: { code: 'bad-request' } });
      const start = await startResumable(app.t, app.alice, name, data.length, 'image/png', extra);
      expect(start.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await getMetadata(app.alice, name)).statusCode).toBe(404);

    const meta = ZStorageObject.parse(
      (
        await uploadMultipart(app.t, app.alice, name, data, 'image/png', {
          cacheControl: 'Private,  max-age=0',
          contentDisposition: 'attachment; filename="menu.png"; filename*=UTF-8\'\'men%C3%BC.png',
        })
      ).json(),
    );
    const download = () =>
      app.t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect((await download()).headers).toMatchObject({
      'cache-control': 'private, max-age=0',
      'content-disposition': 'attachment; filename="menu.png"; filename*=UTF-8\'\'men%C3%BC.png',
      'x-content-type-options': 'nosniff',
    });

    const patch = (payload: Record<string, unknown>) => patchMetadata(app.alice, name, payload);
    expect((await patch({ cacheControl: 'public, max-age=60' })).statusCode).toBe(400);
    expect((await patch({ contentDisposition: 'inline' })).statusCode).toBe(400);
    expect((await patch({ contentDisposition: null })).statusCode).toBe(200);
    expect((await download()).headers['content-disposition']).toBe('inline');

    // Values stored before these rules are not served.
    await app.t.app.deps.db
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
    const name = own(app.alice, 'range.mp4');
    const data = mediaBytes('video/mp4', 1000, 9);
    const meta = ZStorageObject.parse(
      (await uploadMultipart(app.t, app.alice, name, data, 'video/mp4')).json(),
    );
    const get = (headers: Record<string, string>) =>
      app.t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens), headers });

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

    const head = await app.t.request({ method: 'HEAD', url: mediaUrl(name, meta.downloadTokens) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers.etag).toBe(`"${meta.md5Hash}"`);
    expect(head.rawPayload.length).toBe(0);
    const headRange = await app.t.request({
      method: 'HEAD',
      url: mediaUrl(name, meta.downloadTokens),
      headers: { range: 'bytes=0-9' },
    });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('10');

    // The owner may read the bytes with their own token instead of a download token.
    const owner = await app.t.request({
      method: 'GET',
      url: `${objectUrl(name)}?alt=media`,
      headers: { authorization: app.alice.authorization, range: 'bytes=0-0' },
    });
    expect(owner.statusCode).toBe(206);
    expect(owner.rawPayload[0]).toBe(data[0]);
  });

  it('V5.2.1 V5.2.2 refuses types off the allowlist (415) and files over the size limit (413)', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream']) {
      const multipart = await uploadMultipart(
        app.t,
        app.alice,
        own(app.alice, 'x.bin'),
        patternBytes(5),
        type,
      );
      expect(multipart.statusCode, type).toBe(415);
      expect(multipart.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
      expect(
        (await startResumable(app.t, app.alice, own(app.alice, 'x.bin'), 5, type)).statusCode,
      ).toBe(415);
    }
    const big = await startResumable(app.t, app.alice, own(app.alice, 'huge.mp4'), 16 * MIB + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: 'payload-too-large' } });
    const notANumber = await app.t.request({
      method: 'POST',
      url: uploadUrl(own(app.alice, 'x.mp4')),
      headers: {
        authorization: app.alice.authorization,
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': 'lots',
        'x-goog-upload-header-content-type': 'video/mp4',
      },
    });
    expect(notANumber.statusCode).toBe(400);
    const tooBigForMultipart = await uploadMultipart(
      app.t,
      app.alice,
      own(app.alice, 'multi.png'),
      Buffer.alloc(8 * MIB + 1),
    );
    expect(tooBigForMultipart.statusCode).toBe(413);
    const malformed = await app.t.request({
      method: 'POST',
      url: uploadUrl(own(app.alice, 'm.png')),
      headers: {
        authorization: app.alice.authorization,
        'x-goog-upload-protocol': 'multipart',
        'content-type': 'multipart/related; boundary=zzz',
      },
      payload: 'not multipart at all',
    });
    expect(malformed.statusCode).toBe(400);
    const noProtocol = await app.t.request({
      method: 'POST',
      url: uploadUrl(own(app.alice, 'm.png')),
      headers: { authorization: app.alice.authorization },
      payload: 'x',
    });
    expect(noProtocol.statusCode).toBe(400);
  });
});
