import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TTestApp } from '../../test/harness';
import { objectUrl, signUpForStorage, uploadMultipart } from '../../test/storage-helpers';

// Built apps as the build leaves them: brotli and gzip files beside index.html and each asset
// (vite-plugin-compression2), and a stray source map that must never be served.
const INDEX = `<!doctype html><title>web</title>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => ${JSON.stringify('y'.repeat(3000))});`;

async function writeBuilt(file: string, content: string, precompressed = true) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  if (!precompressed) return;
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
}

/** A 32×32 24-bit BMP: an image type mime-db calls compressible, so only the route keeps it plain. */
function bmp(): Buffer {
  const width = 32;
  const pixels = width * width * 3;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(width, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels, 34);
  return Buffer.concat([header, Buffer.alloc(pixels, 0x7f)]);
}

describe('compression and hosting of the built apps', () => {
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-built-'));
    await writeBuilt(path.join(dist, 'web/index.html'), INDEX);
    await writeBuilt(path.join(dist, 'web/assets/app-1234.js'), SCRIPT);
    await writeBuilt(path.join(dist, 'player/index.html'), '<!doctype html><title>tv</title>');
    await writeBuilt(path.join(dist, 'player/assets/tv-1234.js'), SCRIPT);
    await writeBuilt(path.join(dist, 'player/sw.js'), SERVICE_WORKER);
    await writeBuilt(path.join(dist, 'player/assets/tv-1234.js.map'), '{"version":3}', false);
    await writeBuilt(path.join(dist, 'player/tv.map'), '{"version":3}', false);
    t = await createTestApp('pglite', {
      WEB_DIST: path.join(dist, 'web'),
      PLAYER_DIST: path.join(dist, 'player'),
      STORAGE_ALLOWED_TYPES: 'image/bmp,image/png',
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.request({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends index.html brotli or gzip as the browser accepts, plain otherwise, with Vary', async () => {
    const br = await get('/signin', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(INDEX);
  });

  it('sends a built asset precompressed with Vary and its year-long cache, plain without Accept-Encoding', async () => {
    for (const url of ['/assets/app-1234.js', '/tv/assets/tv-1234.js']) {
      const br = await get(url, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it("never lets a browser store the player's entry page, while the web app's is revalidated", async () => {
    for (const url of ['/tv', '/tv/', '/tv/setup?from=menu', '/tv/index.html']) {
      for (const acceptEncoding of ['br', undefined]) {
        const res = await get(url, acceptEncoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
    for (const url of ['/', '/signin', '/index.html']) {
      expect((await get(url, 'br')).headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/tv/assets/tv-1234.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it("serves the player's pages with Referrer-Policy same-origin, so Chromium 68/69 send their Origin on sign-in; the web app's keep no-referrer", async () => {
    // Under no-referrer, Chromium 69 sends `Origin: null` on the TV's own sign-in POST and Better
    // Auth refuses it (issue 18 item 8); same-origin gives nothing to other sites either.
    for (const url of ['/tv', '/tv/', '/tv/setup?from=menu', '/tv/index.html']) {
      for (const acceptEncoding of ['br', undefined]) {
        const res = await get(url, acceptEncoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['referrer-policy'], url).toBe('same-origin');
      }
    }
    expect((await get('/tv/sw.js', 'br')).headers['referrer-policy']).toBe('same-origin');
    for (const url of ['/', '/signin', '/index.html', '/api/health']) {
      expect((await get(url, 'br')).headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it("serves the player's service worker as JavaScript, revalidated each time, allowed the /tv scope", async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get('/tv/sw.js', acceptEncoding);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(
        /^(text|application)\/javascript; charset=utf-8$/i,
      );
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/tv');
      const payload =
        acceptEncoding === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : acceptEncoding === 'gzip'
            ? zlib.gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(res.headers['content-encoding']).toBe(acceptEncoding);
      expect(payload.toString()).toBe(SERVICE_WORKER);
    }
    // Only the player's worker is allowed a wider scope.
    expect((await get('/tv/assets/tv-1234.js')).headers['service-worker-allowed']).toBeUndefined();
  });

  it('answers a missing service worker 404, never the entry page a browser would refuse as a script', async () => {
    for (const suffix of ['', '.br', '.gz']) await fs.rm(path.join(dist, `player/sw.js${suffix}`));
    const res = await get('/tv/sw.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('reads index.html once per process', async () => {
    await fs.writeFile(path.join(dist, 'web/index.html'), 'changed on disk');
    expect((await get('/somewhere')).body).toBe(INDEX);
  });

  it('never serves a source map', async () => {
    for (const url of ['/tv/assets/tv-1234.js.map', '/tv/tv.map']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('version');
    }
  });

  it('compresses a large JSON response', async () => {
    const res = await get('/api/docs/json', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const document = z
      .object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
      .parse(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()));
    expect(Object.keys(document.paths)).toContain('/api/v1/me');
  });

  it('leaves a small JSON response and storage media as they are', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();

    const user = await signUpForStorage(t);
    const name = `users/${user.userId}/picture.bmp`;
    const data = bmp();
    expect((await uploadMultipart(t, user, name, data, 'image/bmp')).statusCode).toBe(200);
    const media = await t.request({
      method: 'GET',
      url: `${objectUrl(name)}?alt=media`,
      headers: { authorization: user.authorization, 'accept-encoding': 'br, gzip' },
    });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-encoding']).toBeUndefined();
    expect(Number(media.headers['content-length'])).toBe(data.length);
    expect(media.rawPayload.equals(data)).toBe(true);
  });
});
