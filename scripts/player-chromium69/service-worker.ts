// The service worker journey: it registers, controls /tv and answers media from the cache.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { newPage, type TBrowser, type TJourneyPage } from './driver';
import { baseUrl, check, root } from './harness';

/** What a media cache file is (TManifestMedia's fields the cache reads). */
interface TMediaFile {
  contentId: string;
  kind: 'image';
  contentType: string;
  url: string;
  sizeBytes: number;
  md5: string;
  durationMs: null;
}

interface TPrepared {
  ok: boolean;
}

/** The media cache module as the page sees it once the bundle ran (features/cache/media-cache.ts). */
interface TMediaCacheModule {
  openMediaCache(): Promise<{
    prepare(
      files: TMediaFile[],
      options?: { signal: AbortSignal; onProgress: (status: { problem: string | null }) => void },
    ): Promise<TPrepared>;
    urlOf(file: TMediaFile): string | null;
    cleanup(keep: TMediaFile[]): Promise<number>;
    storage(): Promise<{ quotaBytes: number; persisted: boolean }>;
  }>;
}

declare global {
  interface Window {
    screenlineMediaCache: TMediaCacheModule;
  }
}

/**
 * features/cache/media-cache.ts itself in 69 (the app does not load it until playback is wired):
 * bundled for Chromium 68 by esbuild and added to the page, it downloads a real file from the
 * server (the player's favicon, whose MD5 is computed here), streams it through spark-md5 into a
 * temp entry, promotes it, and the service worker plays it back from its URL; a file with a
 * wrong MD5 is never promoted and leaves no temp entry.
 */
export async function checkMediaCacheModule(page: TJourneyPage): Promise<void> {
  const bundle = await esbuild.build({
    entryPoints: [path.join(root, 'apps/player/src/features/cache/media-cache.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'screenlineMediaCache',
    target: 'chrome68',
    write: false,
    logLevel: 'silent',
  });
  // Run through the protocol: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(
    `${bundle.outputFiles[0]?.text ?? ''};window.screenlineMediaCache=screenlineMediaCache;`,
  );
  const favicon = fs.readFileSync(path.join(root, 'apps/player/dist/favicon.svg'));
  const md5 = crypto.createHash('md5').update(favicon).digest('base64');
  const file = (contentId: string, checksum: string): TMediaFile => ({
    contentId,
    kind: 'image',
    contentType: 'image/svg+xml',
    url: '/tv/favicon.svg',
    sizeBytes: favicon.length,
    md5: checksum,
    durationMs: null,
  });
  const wrongMd5 = crypto.createHash('md5').update('other bytes').digest('base64');
  const seen = await page.evaluate(
    async (good, bad) => {
      const cache = await window.screenlineMediaCache.openMediaCache();
      const ok = await cache.prepare([good]);
      const url = cache.urlOf(good);
      const played = url ? await (await fetch(url)).text() : null;
      // The wrong checksum: stopped after its first failure (it would retry for ever).
      const controller = new AbortController();
      const problems: string[] = [];
      const refused = await cache.prepare([bad], {
        signal: controller.signal,
        onProgress: (status) => {
          if (status.problem) {
            problems.push(status.problem);
            controller.abort();
          }
        },
      });
      const entries = (await (await caches.open('screenline-tv-media')).keys()).map(
        (request) => new URL(request.url).pathname,
      );
      const removed = await cache.cleanup([]);
      return {
        ok,
        url,
        played,
        refused,
        problems,
        badUrl: cache.urlOf(bad),
        entries,
        removed,
        storage: await cache.storage(),
      };
    },
    file('favicon', md5),
    file('bad', wrongMd5),
  );
  const key = md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  check(
    'media cache module: downloads, checks the MD5 while streaming, promotes, and the worker plays it',
    seen.ok.ok === true &&
      seen.url === `/tv/media/${key}` &&
      seen.played === favicon.toString('utf8'),
    JSON.stringify({ ok: seen.ok, url: seen.url, played: seen.played?.slice(0, 40) }),
  );
  check(
    'media cache module: a wrong MD5 is never promoted and leaves no temp; cleanup removes the rest',
    seen.refused.ok === false &&
      seen.problems[0] === 'The file bad did not match its checksum.' &&
      seen.badUrl === null &&
      seen.entries.join('|') === `/tv/media/${key}` &&
      seen.removed === 1,
    JSON.stringify(seen),
  );
  check(
    'media cache module: storage() reports usage and quota',
    seen.storage.quotaBytes > 0 && typeof seen.storage.persisted === 'boolean',
    JSON.stringify(seen.storage),
  );
}

/**
 * The service worker in 69 (issue 8 items 5–6), in a browser with a fresh profile: it registers for /tv and
 * controls the page; media are answered from the media cache, whole and by Range (206), and a
 * temp entry never is; what the media cache uses is there (a streamed body put in Cache Storage,
 * `tee()`, `navigator.storage`). The playback journey (checkPlayback) takes the network away.
 */
export async function checkServiceWorker(browser: TBrowser): Promise<void> {
  const page = await newPage(browser);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  const registered = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 15_000 })
    .then(() =>
      page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        return {
          scope: new URL(ready.scope).pathname,
          script: ready.active ? new URL(ready.active.scriptURL).pathname : null,
        };
      }),
    )
    .catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  check(
    'service worker: registers for /tv (/tv/sw.js) and controls the page',
    'scope' in registered && registered.scope === '/tv' && registered.script === '/tv/sw.js',
    JSON.stringify(registered),
  );
  await checkMediaCacheModule(page);

  const key = 'AAAAAAAAAAAAAAAAAAAAAA';
  const media = await page.evaluate(async (k: string) => {
    const bytes = new TextEncoder().encode('0123456789abcdef');
    // Written as the media cache writes a download: a streamed body, one branch of a tee().
    const [toCache, other] = new Response(bytes).body!.tee();
    void other.cancel();
    const cache = await caches.open('screenline-tv-media');
    await cache.put(
      `/tv/media/${k}`,
      new Response(toCache, {
        headers: { 'content-type': 'video/mp4', 'content-length': '16', 'accept-ranges': 'bytes' },
      }),
    );
    await cache.put(`/tv/media/tmp/${k}`, new Response(bytes));
    const whole = await fetch(`/tv/media/${k}`);
    const part = await fetch(`/tv/media/${k}`, { headers: { range: 'bytes=4-7' } });
    const temp = await fetch(`/tv/media/tmp/${k}`);
    const storage = navigator.storage;
    return {
      whole: `${whole.status} ${await whole.text()}`,
      part: `${part.status} ${part.headers.get('content-range')} ${await part.text()}`,
      temp: temp.status,
      storage: Boolean(
        storage &&
        typeof storage.estimate === 'function' &&
        typeof storage.persist === 'function' &&
        typeof storage.persisted === 'function',
      ),
      quota: storage ? (await storage.estimate()).quota : null,
    };
  }, key);
  check(
    'service worker: media from the media cache, whole (200) and by Range (206); a temp never',
    media.whole === '200 0123456789abcdef' &&
      media.part === '206 bytes 4-7/16 4567' &&
      media.temp === 404,
    JSON.stringify(media),
  );
  check(
    'media cache: a streamed body is kept by Cache Storage; navigator.storage estimate/persist/persisted',
    media.storage && (media.quota ?? 0) > 0,
    JSON.stringify(media),
  );

  check('service worker: no page error', problems.length === 0, problems.join('; '));
  await page.close();
}
