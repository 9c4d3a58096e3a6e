// The playback journey: files cached, the loop played, plays and heartbeats sent, offline play.
import fs from 'node:fs';
import path from 'node:path';
import { api, playsOf, SAMPLES, seedPlayback } from './api';
import { newPage, type TBrowser, type TJourneyPage } from './driver';
import { answered, baseUrl, check, LOOK_AGAIN_MS, pause, poll, shoot, shots } from './harness';
import { EXPECTED } from './expected';

/** What the front layer of the stage showed at one moment (`installStageSampler`). */
export interface TStageFrame {
  at: number;
  cause: 'timer' | 'change';
  /** The idle screen ("Waiting for content") is over the stage. */
  idle: boolean;
  kind: 'none' | 'image' | 'video' | 'placeholder';
  /** Drawn: an image decoded, a video with a frame. */
  shown: boolean;
  /** A creative's QR code card over the item. */
  overlay: { label: string | null; width: number; right: number; bottom: number } | null;
  /** Which <img> (the stage makes a new one for every start of an image item). */
  element?: number;
  src?: string;
  naturalWidth?: number;
  currentTime?: number;
  muted?: boolean;
  paused?: boolean;
}

declare global {
  interface Window {
    __tvFrames?: TStageFrame[];
    __tvSampleCount?: number;
  }
}

/** An <img> the sampler has numbered. */
type TSampledImage = HTMLImageElement & { __tvSampleId?: number };

/**
 * Runs in the page from its first script on (evaluateOnNewDocument): what the front layer of the
 * stage shows (the layer the DOM stage raised to z-index 2), five times a second and at every
 * change of the page (a MutationObserver on styles, sources and elements: a layer raised, an
 * element added or removed), so a blank moment between two items is caught however short.
 */
export function installStageSampler(): void {
  // Runs in 69: no `?.`, no `??`. Its inner function needs `newPage`'s `__name` (driver.ts).
  const frames: TStageFrame[] = [];
  window.__tvFrames = frames;
  const sample = (cause: TStageFrame['cause']) => {
    const layers = [...document.querySelectorAll<HTMLElement>('[data-playback-slot]')];
    const front = layers.find((layer) => layer.style.zIndex === '2');
    const frame: TStageFrame = {
      at: Date.now(),
      cause,
      idle: document.querySelector('[data-testid="idle-screen"]') !== null,
      kind: 'none',
      shown: false,
      overlay: null,
    };
    if (front) {
      // A creative's QR code (the DOM stage's overlay card) over what the front layer shows.
      const card = front.querySelector('[data-playback-overlay]');
      const code = card ? card.querySelector('svg[aria-label]') : null;
      if (card) {
        const rect = card.getBoundingClientRect();
        frame.overlay = {
          label: code ? code.getAttribute('aria-label') : null,
          width: rect.width,
          right: rect.right,
          bottom: rect.bottom,
        };
      }
      const image = front.querySelector<TSampledImage>('img');
      const video = [...front.querySelectorAll('video')].find(
        (element) => element.style.display !== 'none' && element.getAttribute('src'),
      );
      if (image) {
        frame.kind = 'image';
        // Which <img> this is: the stage makes a new one for every start of an image item.
        if (!image.__tvSampleId) {
          window.__tvSampleCount = (window.__tvSampleCount || 0) + 1;
          image.__tvSampleId = window.__tvSampleCount;
        }
        frame.element = image.__tvSampleId;
        frame.src = new URL(image.src).pathname;
        frame.naturalWidth = image.naturalWidth;
        frame.shown = image.complete && image.naturalWidth > 0;
      } else if (video) {
        frame.kind = 'video';
        frame.src = new URL(video.src).pathname;
        frame.currentTime = video.currentTime;
        frame.muted = video.muted;
        frame.paused = video.paused;
        frame.shown = video.readyState >= 2;
      } else if (front.querySelector('[data-playback-placeholder]')) {
        frame.kind = 'placeholder';
        frame.shown = true;
      }
    }
    frames.push(frame);
  };
  setInterval(() => sample('timer'), 200);
  new MutationObserver(() => sample('change')).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['style', 'src'],
  });
}

/** The stage's frames as the page samples them, collected in Node across reloads. */
export function stageFrames(page: TJourneyPage) {
  const frames: TStageFrame[] = [];
  const drain = async () => {
    const fresh = await page.evaluate(() => (window.__tvFrames ? window.__tvFrames.splice(0) : []));
    frames.push(...fresh);
  };
  return {
    frames,
    /** The index of the first frame from `from` on that `isWanted` accepts, or -1 at the deadline. */
    async waitFor(
      isWanted: (frame: TStageFrame) => boolean,
      { from = frames.length, timeoutMs = 15_000 }: { from?: number; timeoutMs?: number } = {},
    ): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await drain().catch(() => undefined);
        const index = frames.findIndex((frame, i) => i >= from && isWanted(frame));
        if (index !== -1 || Date.now() > deadline) return index;
        await pause(LOOK_AGAIN_MS);
      }
    },
    async collect(ms: number): Promise<TStageFrame[]> {
      const from = frames.length;
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        await drain().catch(() => undefined);
        await pause(250);
      }
      await drain().catch(() => undefined);
      return frames.slice(from);
    },
  };
}

export const isMedia = (frame: TStageFrame): boolean =>
  frame.src !== undefined && frame.src.startsWith('/tv/media/');

/** The image on screen: drawn in the front layer, the idle screen gone. */
export const isImageShown = (frame: TStageFrame): boolean =>
  frame.kind === 'image' && frame.shown && !frame.idle && isMedia(frame);

export const isVideoShown = (frame: TStageFrame): boolean =>
  frame.kind === 'video' && frame.shown && !frame.idle && isMedia(frame);

/** Blank: nothing in front, a front layer not yet drawn, or the idle screen over the stage. */
export const blanks = (frames: TStageFrame[]): TStageFrame[] =>
  frames.filter((frame) => frame.idle || !frame.shown);

/** The order of what was shown, runs of one kind collapsed: "image video image". */
export const sequence = (frames: TStageFrame[]): string =>
  frames
    .map((frame) => frame.kind)
    .filter((kind, index, all) => index === 0 || all[index - 1] !== kind)
    .join(' ');

export const describeBlanks = (frames: TStageFrame[]): string =>
  JSON.stringify(blanks(frames).slice(0, 3)) + ` (${blanks(frames).length} of ${frames.length})`;

/**
 * The front video's current frame, drawn on a canvas in the page: its mean brightness (0–255) and
 * a PNG of it. Headless Chromium 69 leaves videos out of page screenshots (the frame decodes, as
 * this shows, but the capture has a black layer), so this file is the one to look at.
 */
export async function videoFrame(page: TJourneyPage, name: string): Promise<number | null> {
  const frame = await page.evaluate(() => {
    const front = [...document.querySelectorAll<HTMLElement>('[data-playback-slot]')].find(
      (layer) => layer.style.zIndex === '2',
    );
    const video = front ? front.querySelector('video') : null;
    if (!video || video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(video, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    return { brightness: sum / (data.length / 4), png: canvas.toDataURL('image/png') };
  });
  if (!frame) return null;
  const file = path.join(shots, `tv-chromium69-${name}.png`);
  fs.writeFileSync(file, Buffer.from(frame.png.split(',')[1] ?? '', 'base64'));
  console.log(`    video frame: ${file}`);
  return frame.brightness;
}

/**
 * The playback journey in 69 (issue 8), without pairing: a TV set up for an ad space playing
 * [image 3 s, clip] downloads both files into the media cache, shows the image, plays the clip,
 * loops, never leaving the screen blank; its plays and heartbeat reach the server; with the
 * server gone it plays on and a reload plays from the cache; when the server is back the plays
 * recorded meanwhile arrive, none twice. Then the portrait space. Stops and restarts the server.
 */
export async function checkPlayback(
  browser: TBrowser,
  {
    stopServer,
    restartServer,
  }: { stopServer: () => Promise<void>; restartServer: () => Promise<void> },
): Promise<void> {
  const seed = await seedPlayback();
  const page = await newPage(browser);
  const problems: string[] = [];
  let isServerDown = false;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (isServerDown || message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved: string) => {
    if (!window.localStorage.getItem('screenline.tv.device')) {
      window.localStorage.setItem('screenline.tv.device', saved);
    }
  }, JSON.stringify(seed.landscape));
  await page.evaluateOnNewDocument(installStageSampler);
  await page.setViewport({ width: 1920, height: 1080 });
  const stage = stageFrames(page);
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });

  const expectedEntries = seed.keys.map((key) => `/tv/media/${key}`).sort();
  const cached = await poll(
    () =>
      page.evaluate(async () =>
        (await (await caches.open('screenline-tv-media')).keys())
          .map((request) => new URL(request.url).pathname)
          .sort(),
      ),
    (entries) => entries.join('|') === expectedEntries.join('|'),
    30_000,
  );
  check(
    'playback: both files downloaded into the media cache (Cache Storage), under their MD5',
    Array.isArray(cached) && cached.join('|') === expectedEntries.join('|'),
    JSON.stringify({ cached, expectedEntries }),
  );

  const firstImage = await stage.waitFor(isImageShown, { from: 0, timeoutMs: 30_000 });
  const imageFrame = stage.frames[firstImage];
  check(
    'playback: the image shows in the front layer from the cache (/tv/media/…, naturalWidth > 0)',
    imageFrame !== undefined && imageFrame.naturalWidth === SAMPLES.image.width,
    JSON.stringify(stage.frames.slice(-3)),
  );
  if (firstImage === -1) {
    await page.close();
    return;
  }
  await shoot(page, 'playback-image-1920x1080');

  const videoStart = await stage.waitFor(
    (frame) => isVideoShown(frame) && (frame.currentTime ?? 0) > 0,
    {
      from: firstImage,
      timeoutMs: EXPECTED.playback.imageSeconds * 1000 + 10_000,
    },
  );
  const videoLater = await stage.waitFor(
    (frame) =>
      isVideoShown(frame) &&
      (frame.currentTime ?? 0) >= (stage.frames[videoStart]?.currentTime ?? Infinity) + 0.4,
    { from: videoStart, timeoutMs: 5_000 },
  );
  const playing = stage.frames[videoLater];
  const brightness = videoLater === -1 ? null : await videoFrame(page, 'video-frame-1920x1080');
  check(
    'playback: then the clip plays in front (/tv/media/…, muted, currentTime advancing, a frame drawn)',
    videoStart !== -1 &&
      playing !== undefined &&
      playing.muted === true &&
      playing.paused === false &&
      brightness !== null &&
      brightness > 10,
    JSON.stringify({ frames: stage.frames.slice(-3), brightness }),
  );
  if (videoLater !== -1) await shoot(page, 'playback-video-1920x1080');
  const loop = await stage.waitFor(isImageShown, {
    from: Math.max(videoLater, 0),
    timeoutMs: 10_000,
  });
  const journey = stage.frames.slice(firstImage, loop + 1);
  check(
    'playback: back to the image (the loop), the front layer never blank between items',
    loop !== -1 && sequence(journey) === 'image video image' && blanks(journey).length === 0,
    `${sequence(journey)}; blank: ${describeBlanks(journey)}`,
  );

  const { owner } = seed;
  const spaceId = seed.landscape.adSpace.id;
  const [polledPlays, polledSpace] = await Promise.all([
    poll(
      () => playsOf(owner, spaceId),
      (seen) => seen.count >= 2,
      20_000,
    ),
    poll(
      () => api.getAdSpace(owner, spaceId),
      (space) => space.player?.cache.filesReady === 2,
      20_000,
    ),
  ]);
  const plays = answered(polledPlays);
  check(
    'proof of play: the plays reach the server (GET …/plays counts ≥ 2, CSV ids unique)',
    plays !== undefined &&
      plays.count >= 2 &&
      plays.ids.length === plays.count &&
      new Set(plays.ids).size === plays.count,
    JSON.stringify(polledPlays),
  );
  const player = answered(polledSpace)?.player;
  check(
    'heartbeat: the ad space shows its player, cache 2 of 2 files ready',
    player?.cache.filesReady === 2 &&
      player.cache.filesNeeded === 2 &&
      player.cache.problem === null,
    JSON.stringify(player ?? polledSpace),
  );

  // The network goes for real: page.setOfflineMode() in 69 does not reach the worker's fetches.
  const before = await playsOf(owner, spaceId);
  isServerDown = true;
  await stopServer();
  // The worker's own requests must fail too, or what follows proves nothing.
  const probe = await page.evaluate(() =>
    fetch('/tv/assets/not-built.js').then(
      (r) => r.status,
      () => 'failed',
    ),
  );
  const offline = await stage.collect(EXPECTED.playback.offlineSeconds * 1000);
  const offlineTimes = offline.filter(isVideoShown).map((frame) => frame.currentTime ?? 0);
  check(
    `offline: with the server gone, playback goes on for ${EXPECTED.playback.offlineSeconds} s, never blank`,
    probe === 'failed' &&
      /image video image|video image video/.test(sequence(offline)) &&
      blanks(offline).length === 0 &&
      Math.max(...offlineTimes) > Math.min(...offlineTimes),
    `probe ${probe}; ${sequence(offline)}; blank: ${describeBlanks(offline)}`,
  );

  await page.reload({ waitUntil: 'load' }).catch(() => undefined);
  const afterReload = await stage.waitFor(isImageShown, { timeoutMs: 20_000 });
  check(
    'offline: a reload still starts the player and plays the image from the cache',
    afterReload !== -1,
    JSON.stringify(stage.frames.slice(-3)),
  );
  await shoot(page, 'offline-reload-1920x1080');
  // The reload's first item has played, so at least one play waits on the TV.
  await stage.waitFor(isVideoShown, { from: Math.max(afterReload, 0), timeoutMs: 10_000 });

  await restartServer();
  isServerDown = false;
  const polledAfter = await poll(
    () => playsOf(owner, spaceId),
    (seen) => seen.count >= before.count + 3,
    45_000,
  );
  const after = answered(polledAfter) ?? { count: 0, ids: [] };
  const kept = before.ids.every((id) => after.ids.includes(id));
  console.log(
    `    plays on the server: ${plays?.count} first, ${before.count} when it stopped, ${after.count} after it returned`,
  );
  check(
    'offline: the server back, the plays recorded meanwhile arrive (count grows, no id twice)',
    after.count >= before.count + 3 &&
      after.ids.length === after.count &&
      new Set(after.ids).size === after.ids.length &&
      kept,
    JSON.stringify({
      before: before.count,
      after: after.count,
      unique: new Set(after.ids).size,
      kept,
      error: answered(polledAfter) ? undefined : polledAfter,
    }),
  );

  // The portrait ad space on the same TV: its device saved, the screen turned.
  await page.evaluate((saved: string) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(seed.portrait));
  await page.setViewport({ width: 1080, height: 1920 });
  await page.reload({ waitUntil: 'load' });
  const portraitImage = await stage.waitFor(isImageShown, { timeoutMs: 20_000 });
  const portraitBox = await page.evaluate(() => {
    const rect = document.querySelector('[data-testid="stage"]')!.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  });
  if (portraitImage !== -1) await shoot(page, 'playback-image-1080x1920');
  const portraitVideo = await stage.waitFor(
    (frame) => isVideoShown(frame) && (frame.currentTime ?? 0) > 0,
    {
      from: Math.max(portraitImage, 0),
      timeoutMs: EXPECTED.playback.imageSeconds * 1000 + 5_000,
    },
  );
  const portraitBrightness =
    portraitVideo === -1 ? null : await videoFrame(page, 'video-frame-1080x1920');
  if (portraitVideo !== -1) await shoot(page, 'playback-video-1080x1920');
  check(
    'portrait 1080×1920: the stage fills the screen, the image then the clip play',
    portraitImage !== -1 &&
      portraitVideo !== -1 &&
      portraitBox.width === 1080 &&
      portraitBox.height === 1920 &&
      portraitBrightness !== null &&
      portraitBrightness > 10 &&
      blanks(stage.frames.slice(portraitImage, portraitVideo + 1)).length === 0,
    JSON.stringify({ portraitImage, portraitVideo, portraitBox, portraitBrightness }),
  );
  check('playback: no page, console or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}
