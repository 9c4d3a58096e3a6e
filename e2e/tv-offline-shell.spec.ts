import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as esbuild from 'esbuild';

/* The TV player's service worker (issue 8 items 5–6): after one load online it controls /tv, a
   reload with no network still starts the player, and media are answered from the media cache
   with Range support. */

const TV_VIEWPORT = { width: 1920, height: 1080 };

async function expectPlayerShown(tv: Page) {
  await expect(tv.getByRole('heading', { name: 'Screenline TV' })).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/** What a fetch from the page answers: its status, or 'failed' when no answer came. */
const statusOf = (tv: Page, url: string, headers: Record<string, string> = {}) =>
  tv.evaluate(
    ([u, h]) =>
      fetch(u, { headers: h }).then(
        (r) => r.status,
        () => 'failed' as const,
      ),
    [url, headers] as const,
  );

test('the service worker controls /tv, and a reload with no network still starts the player', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: TV_VIEWPORT });
  const tv = await context.newPage();
  // The address a TV is set up with (the web app's "Connect a TV"), without the slash.
  await tv.goto('/tv');
  await expectPlayerShown(tv);

  // Registered for /tv, active, and controlling this page already (clients.claim()).
  const registration = await tv.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
  });
  expect(new URL(registration.scope).pathname).toBe('/tv');
  expect(new URL(registration.script ?? 'http://x/').pathname).toBe('/tv/sw.js');
  await tv.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  // The worker's own requests are offline too: a file it has not kept cannot be fetched.
  expect(await statusOf(tv, '/tv/assets/not-built.js')).toBe('failed');
  expect(await statusOf(tv, '/api/health')).toBe('failed');

  for (const path of ['/tv', '/tv/', '/tv/setup']) {
    await tv.goto(path);
    await expectPlayerShown(tv);
  }
  await tv.reload();
  await expectPlayerShown(tv);
  expect(await tv.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.close();
});

test('media are answered from the media cache only, whole or by Range, never from the network', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: TV_VIEWPORT });
  const tv = await context.newPage();
  await tv.goto('/tv/');
  await tv.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const key = 'AAAAAAAAAAAAAAAAAAAAAA';
  // Not cached: 404 from the worker, whatever the server has.
  expect(await statusOf(tv, `/tv/media/${key}`)).toBe(404);

  // An entry as features/cache/media-cache.ts writes it.
  await tv.evaluate(async (k) => {
    const cache = await caches.open('screenline-tv-media');
    const bytes = new TextEncoder().encode('0123456789abcdef');
    await cache.put(
      `/tv/media/${k}`,
      new Response(bytes, {
        headers: { 'content-type': 'video/mp4', 'content-length': '16', 'accept-ranges': 'bytes' },
      }),
    );
  }, key);

  const answers = await tv.evaluate(async (k) => {
    const whole = await fetch(`/tv/media/${k}`);
    const part = await fetch(`/tv/media/${k}`, { headers: { range: 'bytes=4-7' } });
    const open = await fetch(`/tv/media/${k}`, { headers: { range: 'bytes=10-' } });
    return {
      whole: {
        status: whole.status,
        type: whole.headers.get('content-type'),
        body: await whole.text(),
      },
      part: {
        status: part.status,
        range: part.headers.get('content-range'),
        length: part.headers.get('content-length'),
        body: await part.text(),
      },
      open: {
        status: open.status,
        range: open.headers.get('content-range'),
        body: await open.text(),
      },
      // A 206 is never stored: the cache holds the one whole entry.
      entries: (await (await caches.open('screenline-tv-media')).keys()).map(
        (r) => new URL(r.url).pathname,
      ),
    };
  }, key);
  expect(answers).toEqual({
    whole: { status: 200, type: 'video/mp4', body: '0123456789abcdef' },
    part: { status: 206, range: 'bytes 4-7/16', length: '4', body: '4567' },
    open: { status: 206, range: 'bytes 10-15/16', body: 'abcdef' },
    entries: [`/tv/media/${key}`],
  });

  // A download in progress is never played.
  expect(await statusOf(tv, `/tv/media/tmp/${key}`)).toBe(404);
  await context.close();
});

test('the media cache module downloads a real file, checks it while streaming, and the worker plays it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: TV_VIEWPORT });
  const tv = await context.newPage();
  await tv.goto('/tv/');
  await tv.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // features/cache/media-cache.ts as it is (playback does not load it yet), run in the page
  // through the protocol (the page's Content-Security-Policy refuses inline scripts).
  const root = path.resolve(import.meta.dirname, '..');
  const bundle = await esbuild.build({
    entryPoints: [path.join(root, 'apps/player/src/features/cache/media-cache.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'screenlineMediaCache',
    write: false,
    logLevel: 'silent',
  });
  await tv.evaluate(
    `${bundle.outputFiles[0]!.text};window.screenlineMediaCache=screenlineMediaCache;`,
  );
  const favicon = fs.readFileSync(path.join(root, 'apps/player/dist/favicon.svg'));
  const md5 = createHash('md5').update(favicon).digest('base64');
  const file = (contentId: string, checksum: string) => ({
    contentId,
    kind: 'image' as const,
    contentType: 'image/svg+xml',
    url: '/tv/favicon.svg',
    sizeBytes: favicon.length,
    md5: checksum,
    durationMs: null,
  });
  type TFile = ReturnType<typeof file>;
  type TCache = {
    prepare(
      media: TFile[],
      options?: { signal?: AbortSignal; onProgress?: (s: { problem: string | null }) => void },
    ): Promise<{ ok: boolean }>;
    urlOf(media: TFile): string | null;
  };
  const seen = await tv.evaluate(
    async ([good, bad]) => {
      const module = (
        window as unknown as { screenlineMediaCache: { openMediaCache(): Promise<TCache> } }
      ).screenlineMediaCache;
      const cache = await module.openMediaCache();
      const ok = await cache.prepare([good]);
      const url = cache.urlOf(good);
      const played = url ? await (await fetch(url)).text() : null;
      const controller = new AbortController();
      const problems: string[] = [];
      await cache.prepare([bad], {
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
      return { ok, url, played, problems, badUrl: cache.urlOf(bad), entries };
    },
    [file('favicon', md5), file('bad', createHash('md5').update('x').digest('base64'))] as const,
  );
  const key = md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  expect(seen).toEqual({
    ok: { ok: true },
    url: `/tv/media/${key}`,
    played: favicon.toString('utf8'),
    problems: ['The file bad did not match its checksum.'],
    badUrl: null,
    entries: [`/tv/media/${key}`],
  });
  await context.close();
});
