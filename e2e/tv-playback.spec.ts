import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { BASE_URL, createAccount } from './support/app';
import {
  SAMPLE_CLIP,
  SAMPLE_IMAGE,
  addToLibrary,
  createPlaylist,
  createScreen,
  openSetUpTv,
  registerTv,
  type TScreen,
  type TTvDevice,
} from './support/tv';

/* The TV playing its ad space (issue 8): a set-up TV downloads and checks its files, plays the
   server's timeline from its cache, follows a schedule change pushed over the event stream, goes
   on across a schedule boundary and a reload with no network, sends its plays exactly once when
   the network returns, and never plays a file whose bytes do not match their MD5. The e2e server
   polls and syncs every 5 s (playwright.config.ts). Screenshots of the TV playing go to each
   test's output folder, or to E2E_TV_SHOTS when set. */

const LANDSCAPE = { width: 1920, height: 1080 };
const PORTRAIT = { width: 1080, height: 1920 };
/** Where a screenshot goes: E2E_TV_SHOTS when set, else the test's output folder. */
const shot = (name: string) =>
  process.env.E2E_TV_SHOTS
    ? path.join(process.env.E2E_TV_SHOTS, name)
    : test.info().outputPath(name);
const ORIGIN = { origin: BASE_URL };
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const LONDON = 'Europe/London';

/** The media cache's URL of a file: `/tv/media/<MD5 as base64url>` (lib/tv-caches.ts). */
function mediaPath(file: string): string {
  const md5 = crypto
    .createHash('md5')
    .update(fs.readFileSync(path.join(FIXTURES, file)))
    .digest('base64');
  return `/tv/media/${md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`;
}
const IMAGE_PATH = mediaPath(SAMPLE_IMAGE.file);
const CLIP_PATH = mediaPath(SAMPLE_CLIP.file);

type TFront =
  | { kind: 'image'; src: string; loaded: boolean }
  | { kind: 'video'; src: string; muted: boolean; time: number; ready: boolean }
  | { kind: 'empty' }
  | null;

/**
 * What the front layer of the stage (packages/playback/dom-stage.ts: the slot with z-index 2)
 * shows. Runs in the page; also the sampler's body, so it is a plain function.
 */
function readFront(): TFront {
  const layers = Array.from(document.querySelectorAll<HTMLElement>('[data-playback-slot]'));
  const front = layers.find((layer) => layer.style.zIndex === '2');
  if (!front) return null;
  const video = front.querySelector('video');
  if (video && video.style.display !== 'none' && video.getAttribute('src')) {
    return {
      kind: 'video',
      src: new URL(video.src).pathname,
      muted: video.muted,
      time: video.currentTime,
      ready: video.readyState >= 2,
    };
  }
  const image = front.querySelector('img');
  if (image) {
    return {
      kind: 'image',
      src: new URL(image.src).pathname,
      loaded: image.complete && image.naturalWidth > 0,
    };
  }
  return { kind: 'empty' };
}

const frontOf = (tv: Page) => tv.evaluate(readFront);

/** Samples the front layer every 40 ms into `window.__frontSamples`. */
async function startSampling(tv: Page): Promise<void> {
  await tv.evaluate(`(() => {
    const read = ${readFront.toString()};
    window.__frontSamples = [];
    setInterval(() => window.__frontSamples.push(read()), 40);
  })()`);
}

const samplesOf = (tv: Page) =>
  tv.evaluate(() => (window as unknown as { __frontSamples: TFront[] }).__frontSamples);

/** Waits until the front layer shows `src` (an image loaded, or a video playing). */
async function expectFront(tv: Page, src: string, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const front = await frontOf(tv);
        if (front?.kind === 'image') return front.loaded ? front.src : `${front.src} (loading)`;
        if (front?.kind === 'video') return front.ready ? front.src : `${front.src} (loading)`;
        return front?.kind ?? 'no front layer';
      },
      { timeout },
    )
    .toBe(src);
}

/** An owner (its own account, signed in in its own context) with an image and a clip. */
async function seedOwner(browser: Browser) {
  const owner = await browser.newContext();
  const request = owner.request;
  await createAccount(request, { role: 'advertiser' });
  const image = await addToLibrary(request, 'Autumn poster', SAMPLE_IMAGE);
  const clip = await addToLibrary(request, 'Counter clip', SAMPLE_CLIP);
  return { owner, request, image, clip };
}

async function openTv(
  browser: Browser,
  screen: TScreen,
  device: TTvDevice,
  viewport = LANDSCAPE,
  beforeOpen?: (tv: Page, context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; tv: Page; skipped: string[] }> {
  const context = await browser.newContext({ viewport });
  const tv = await context.newPage();
  // Items the engine skipped (features/playback logs each): a file that would not load or play.
  const skipped: string[] = [];
  tv.on('console', (message) => {
    if (message.text().startsWith('Playback skipped item')) skipped.push(message.text());
  });
  await beforeOpen?.(tv, context);
  await openSetUpTv(tv, screen, device);
  return { context, tv, skipped };
}

/** The local date and HH:mm of an instant in a zone. */
function localParts(instant: number, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

async function addScheduleEntry(
  request: APIRequestContext,
  entry: {
    adSpaceId: string;
    playlistId: string;
    firstDay: string;
    startTime: string;
    endTime: string;
  },
): Promise<void> {
  const response = await request.post('/api/v1/schedule-entries', {
    headers: ORIGIN,
    data: { ...entry, weekdays: [1, 2, 3, 4, 5, 6, 7], priority: 50 },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Whether the page can reach the server (the context's offline mode reaches the worker too). */
const isOnline = (tv: Page) =>
  tv.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );

test('an image and a video play in turn from the cache, with no blank screen between them', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { request, image, clip } = await seedOwner(browser);
  const playlistId = await createPlaylist(request, 'Lobby loop', [
    { content: image, kind: 'image', durationSeconds: 2 },
    { content: clip, kind: 'video' },
  ]);
  const screen = await createScreen(request, { defaultPlaylistId: playlistId });
  const device = await registerTv(request, screen);
  const { tv, skipped } = await openTv(browser, screen, device);

  await expect(tv.getByTestId('idle-screen')).toBeVisible();
  await startSampling(tv);
  // The image from the media cache, decoded; the idle screen gives way to it.
  await expectFront(tv, IMAGE_PATH);
  await expect(tv.getByTestId('idle-screen')).toBeHidden();
  await tv.screenshot({ path: shot('tv-playing-image-1920x1080.png') });

  // Then the clip: muted, its time advancing.
  await expectFront(tv, CLIP_PATH, 10_000);
  const first = await frontOf(tv);
  expect(first).toMatchObject({ kind: 'video', muted: true });
  await expect
    .poll(async () => {
      const now = await frontOf(tv);
      return now?.kind === 'video' ? now.time : -1;
    })
    .toBeGreaterThan((first as { time: number }).time + 0.3);
  await tv.screenshot({ path: shot('tv-playing-video-1920x1080.png') });

  // And the image again once the clip ended.
  await expectFront(tv, IMAGE_PATH, 10_000);

  // From the first item on, every sample showed a decoded image or a video with a frame.
  const samples = await samplesOf(tv);
  const shown = samples.slice(samples.findIndex((sample) => sample !== null));
  const blank = shown.filter(
    (sample) =>
      !((sample?.kind === 'image' && sample.loaded) || (sample?.kind === 'video' && sample.ready)),
  );
  expect(blank, 'samples with nothing on the front layer').toEqual([]);
  const order = shown
    .map((sample) => (sample as { src: string }).src)
    .filter((src, index, all) => index === 0 || all[index - 1] !== src);
  expect(order.slice(0, 3)).toEqual([IMAGE_PATH, CLIP_PATH, IMAGE_PATH]);
  // Each played at its first attempt (on the first start the worker must control the page first).
  expect(skipped).toEqual([]);
});

test('a schedule entry the owner adds is pushed to the TV, which switches without a reload', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { request, image, clip } = await seedOwner(browser);
  const posters = await createPlaylist(request, 'Posters', [
    { content: image, kind: 'image', durationSeconds: 30 },
  ]);
  const clips = await createPlaylist(request, 'Clips', [{ content: clip, kind: 'video' }]);
  const screen = await createScreen(request, { defaultPlaylistId: posters });
  const device = await registerTv(request, screen);
  const { tv, skipped } = await openTv(browser, screen, device, LANDSCAPE, async (_tv, context) => {
    // Only the event stream may bring the change: the TV is told to poll once an hour.
    await context.route('**/api/v1/player/manifest', async (route) => {
      const response = await route.fetch();
      if (response.status() !== 200) return route.fulfill({ response });
      const manifest = (await response.json()) as { settings: { pollIntervalSeconds: number } };
      manifest.settings.pollIntervalSeconds = 3600;
      return route.fulfill({ response, json: manifest });
    });
  });
  await expectFront(tv, IMAGE_PATH);
  await tv.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  // The poll of start-up is behind us; give the event stream a moment to be open.
  await tv.waitForTimeout(1_000);

  const now = Date.now();
  const { day } = localParts(now - 24 * 60 * 60 * 1000, LONDON);
  // From yesterday on, every day, start equal to end: the whole day (docs/schedule.md).
  await addScheduleEntry(request, {
    adSpaceId: screen.adSpaceId,
    playlistId: clips,
    firstDay: day,
    startTime: '00:00',
    endTime: '00:00',
  });
  const pushed = Date.now();
  await expectFront(tv, CLIP_PATH, 8_000);
  console.log(`schedule change on screen after ${Date.now() - pushed} ms`);
  expect(
    await tv.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  expect(skipped).toEqual([]);
});

test('offline across a schedule boundary, the TV plays the scheduled playlist from its cache', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { request, image, clip } = await seedOwner(browser);
  const posters = await createPlaylist(request, 'Posters', [
    { content: image, kind: 'image', durationSeconds: 5 },
  ]);
  const clips = await createPlaylist(request, 'Clips', [{ content: clip, kind: 'video' }]);
  const screen = await createScreen(request, { defaultPlaylistId: posters, timeZone: LONDON });
  // The clips start at the top of a minute two to three minutes from now, for half an hour.
  const boundary = Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 60_000;
  const start = localParts(boundary, LONDON);
  await addScheduleEntry(request, {
    adSpaceId: screen.adSpaceId,
    playlistId: clips,
    firstDay: start.day,
    startTime: start.time,
    endTime: localParts(boundary + 30 * 60_000, LONDON).time,
  });
  const device = await registerTv(request, screen);
  const { context, tv } = await openTv(browser, screen, device, LANDSCAPE, (page) =>
    // The page's clock runs from now and can be moved forward; the server's is real.
    page.clock.install(),
  );

  await expectFront(tv, IMAGE_PATH);
  // Both playlists' files are in the cache before the network goes.
  await expect
    .poll(() =>
      tv.evaluate(async () =>
        (await (await caches.open('screenline-tv-media')).keys()).map(
          (request) => new URL(request.url).pathname,
        ),
      ),
    )
    .toEqual(expect.arrayContaining([IMAGE_PATH, CLIP_PATH]));

  await context.setOffline(true);
  expect(await isOnline(tv)).toBe(false);
  const pageNow = await tv.evaluate(() => Date.now());
  expect(pageNow).toBeLessThan(boundary);
  await expectFront(tv, IMAGE_PATH, 2_000);

  await tv.clock.fastForward(boundary - pageNow + 1_000);
  await expectFront(tv, CLIP_PATH, 10_000);
  expect(await isOnline(tv)).toBe(false);
});

test('a TV reloaded with no network starts again and plays from its cache (portrait)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { request, image, clip } = await seedOwner(browser);
  const playlistId = await createPlaylist(request, 'Loop', [
    { content: image, kind: 'image', durationSeconds: 2 },
    { content: clip, kind: 'video' },
  ]);
  const screen = await createScreen(request, {
    name: 'Entrance portrait',
    defaultPlaylistId: playlistId,
    orientation: 'portrait',
  });
  const device = await registerTv(request, screen);
  const { context, tv, skipped } = await openTv(browser, screen, device, PORTRAIT);

  await expectFront(tv, IMAGE_PATH);
  await tv.screenshot({ path: shot('tv-playing-image-1080x1920.png') });
  await expectFront(tv, CLIP_PATH, 10_000);
  await tv.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await tv.reload();
  expect(await isOnline(tv)).toBe(false);
  // The worker served /tv; the saved manifest's files are all cached, so it plays at once.
  await expectFront(tv, IMAGE_PATH);
  await expect(tv.getByTestId('idle-screen')).toBeHidden();
  await expectFront(tv, CLIP_PATH, 10_000);
  await tv.screenshot({ path: shot('tv-playing-video-offline-1080x1920.png') });
  expect(skipped).toEqual([]);
});

type TPlayRecord = { id: string; state: 'open' | 'done' };

/** The plays the TV holds in IndexedDB (features/proof-of-play/play-store.ts). */
const playsOnTv = (tv: Page) =>
  tv.evaluate(
    () =>
      new Promise<TPlayRecord[]>((resolve, reject) => {
        const open = indexedDB.open('screenline-plays');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('plays').objectStore('plays').getAll();
          all.onsuccess = () => {
            resolve((all.result as TPlayRecord[]).map(({ id, state }) => ({ id, state })));
            db.close();
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
  );

/** Yesterday and today at the location (London): a run across midnight counts every play. */
function playsRange(): string {
  const now = Date.now();
  const from = localParts(now - 24 * 60 * 60 * 1000, LONDON).day;
  return `from=${from}&to=${localParts(now, LONDON).day}`;
}

async function playsCsvIds(request: APIRequestContext, adSpaceId: string): Promise<string[]> {
  const response = await request.get(`/api/v1/ad-spaces/${adSpaceId}/plays?${playsRange()}`, {
    headers: { accept: 'text/csv' },
  });
  expect(response.status()).toBe(200);
  const [header, ...rows] = (await response.text()).split('\r\n').filter(Boolean);
  expect(header?.split(',')[0]).toBe('id');
  return rows.map((row) => row.split(',')[0]!);
}

async function playsCount(request: APIRequestContext, adSpaceId: string): Promise<number> {
  const response = await request.get(`/api/v1/ad-spaces/${adSpaceId}/plays?${playsRange()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totals: { plays: number } }).totals.plays;
}

test('plays recorded offline reach the owner exactly once after the network returns', async ({
  browser,
}) => {
  test.setTimeout(75_000);
  const { request, image } = await seedOwner(browser);
  const playlistId = await createPlaylist(request, 'Quick posters', [
    { content: image, kind: 'image', durationSeconds: 1 },
  ]);
  const screen = await createScreen(request, { defaultPlaylistId: playlistId, timeZone: LONDON });
  const device = await registerTv(request, screen);
  const { context, tv } = await openTv(browser, screen, device);
  await expectFront(tv, IMAGE_PATH);

  // Online, plays arrive within a sync interval (5 s here).
  await expect
    .poll(() => playsCount(request, screen.adSpaceId), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await context.setOffline(true);
  // A one-second image that repeats is one play; what ends offline is kept on the TV.
  await tv.waitForTimeout(7_000);
  const offline = (await playsOnTv(tv)).filter((play) => play.state === 'done');
  expect(offline.length).toBeGreaterThanOrEqual(2);
  const heldIds = offline.map((play) => play.id);
  expect(await playsCsvIds(request, screen.adSpaceId)).not.toEqual(
    expect.arrayContaining([heldIds[0]]),
  );

  await context.setOffline(false);
  // The window's online event sends them at once; each id once on the server, none left behind.
  await expect
    .poll(
      async () => {
        const ids = await playsCsvIds(request, screen.adSpaceId);
        return heldIds.filter((id) => ids.includes(id)).length;
      },
      { timeout: 15_000 },
    )
    .toBe(heldIds.length);
  await expect
    .poll(async () => (await playsOnTv(tv)).filter((play) => heldIds.includes(play.id)).length)
    .toBe(0);

  // Two more sync rounds change nothing about them.
  await tv.waitForTimeout(11_000);
  await context.close();
  const ids = await playsCsvIds(request, screen.adSpaceId);
  expect(new Set(ids).size, 'no id twice in the CSV').toBe(ids.length);
  for (const id of heldIds) expect(ids.filter((other) => other === id)).toHaveLength(1);
  expect(await playsCount(request, screen.adSpaceId)).toBe(ids.length);
});

test('a file whose bytes do not match its MD5 is never played, and the owner sees why', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, request, image, clip } = await seedOwner(browser);
  const playlistId = await createPlaylist(request, 'Loop', [
    { content: image, kind: 'image', durationSeconds: 2 },
    { content: clip, kind: 'video' },
  ]);
  const screen = await createScreen(request, {
    name: 'Checked screen',
    defaultPlaylistId: playlistId,
  });
  const device = await registerTv(request, screen);
  let altered = 0;
  const { tv } = await openTv(browser, screen, device, LANDSCAPE, async (_tv, context) => {
    // The clip's download, one byte changed: same size, another MD5.
    await context.route(
      (url) => decodeURIComponent(url.pathname).includes(clip.objectPath),
      async (route) => {
        const response = await route.fetch();
        const body = Buffer.from(await response.body());
        const middle = body.length >> 1;
        body.writeUInt8(body.readUInt8(middle) ^ 0xff, middle);
        altered += 1;
        return route.fulfill({ response, body });
      },
    );
  });
  await startSampling(tv);

  const problem = `The file ${clip.id} did not match its checksum.`;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/ad-spaces/${screen.adSpaceId}`);
        const space = (await response.json()) as { player: { cache: { problem: string } } | null };
        return space.player?.cache.problem ?? null;
      },
      { timeout: 20_000 },
    )
    .toBe(problem);
  expect(altered).toBeGreaterThan(0);

  // The manifest is not applied: the idle screen stays and nothing reaches the stage.
  await expect(tv.getByTestId('idle-screen')).toBeVisible();
  const cached = await tv.evaluate(async () =>
    (await (await caches.open('screenline-tv-media')).keys()).map(
      (request) => new URL(request.url).pathname,
    ),
  );
  expect(cached).not.toContain(CLIP_PATH);
  const samples = await samplesOf(tv);
  expect(samples.length).toBeGreaterThan(10);
  expect(samples.filter((sample) => sample !== null)).toEqual([]);

  // The ad spaces page shows it with the space.
  const page = await owner.newPage();
  await page.goto('/advertiser/ad-spaces');
  await expect(page.getByText(problem).first()).toBeVisible();
  await page.screenshot({ path: shot('ad-spaces-checksum-problem.png') });
});
