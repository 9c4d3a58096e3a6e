import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './harness';
import { TINY_PNG } from './media-samples';
import { objectUrl, signUpForStorage, type TStorageUser, uploadMultipart } from './storage-helpers';

/** TINY_PNG whose header claims `width`×`height` pixels (with the IHDR checksum made right). */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('upload safety', () => {
  let t: TTestApp;
  let user: TStorageUser;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    user = await signUpForStorage(t);
  });
  afterAll(() => t.close());

  it('V5.2.1 refuses a pixel flood: a small PNG whose header declares 60000×60000 pixels (413, nothing kept)', async () => {
    const name = `users/${user.userId}/content/flood.png`;
    const res = await uploadMultipart(t, user, name, pngClaiming(60_000, 60_000), 'image/png');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload-too-large' } });
    const kept = await t.request({
      method: 'GET',
      url: objectUrl(name),
      headers: { authorization: user.authorization },
    });
    expect(kept.statusCode).toBe(404);
    // A large but sane image passes.
    const fine = `users/${user.userId}/content/4k.png`;
    const ok = await uploadMultipart(t, user, fine, pngClaiming(3840, 2160), 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
