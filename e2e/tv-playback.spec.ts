import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from './support/app';
import { createPlaylist, createScreen, registerTv } from './support/tv';
import {
  CLIP_PATH,
  IMAGE_PATH,
  LANDSCAPE,
  LONDON,
  PORTRAIT,
  expectFront,
  frontOf,
  isOnline,
  localParts,
  openTv,
  samplesOf,
  seedOwner,
  shot,
  startSampling,
} from './support/tv-stage';

/* The TV playing its ad space (issue 8): a set-up TV downloads and checks its files, plays the
   server's timeline from its cache, follows a schedule change pushed over the event stream, and
   goes on across a schedule boundary and a reload with no network. What it reports back (its
   plays, a file that failed its check) is e2e/tv-reporting.spec.ts. The e2e server polls and
   syncs every 5 s (playwright.config.ts); helpers in e2e/support/tv-stage.ts. */

const ORIGIN = { origin: BASE_URL };
/** The TV's event stream (features/sync/content-sync.ts). */
const EVENTS_PATH = '/api/v1/player/events';

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
  let streamOpened: Promise<unknown> = Promise.resolve();
  const { tv, skipped } = await openTv(
    browser,
    screen,
    device,
    LANDSCAPE,
    async (page, context) => {
      // The server subscribes the TV to changes before it answers the stream's request.
      streamOpened = page.waitForResponse(
        (response) => response.url().endsWith(EVENTS_PATH) && response.status() === 200,
      );
      // Only the event stream may bring the change: the TV is told to poll once an hour.
      await context.route('**/api/v1/player/manifest', async (route) => {
        const response = await route.fetch();
        if (response.status() !== 200) return route.fulfill({ response });
        const manifest = (await response.json()) as { settings: { pollIntervalSeconds: number } };
        manifest.settings.pollIntervalSeconds = 3600;
        return route.fulfill({ response, json: manifest });
      });
    },
  );
  await expectFront(tv, IMAGE_PATH);
  await tv.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  // The poll of start-up is behind us, and the event stream is open: a change now is pushed.
  await streamOpened;

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
