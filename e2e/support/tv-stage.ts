import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount } from './app';
import {
  SAMPLE_CLIP,
  SAMPLE_IMAGE,
  addToLibrary,
  openSetUpTv,
  type TScreen,
  type TTvDevice,
} from './tv';

/* What the TV journeys (e2e/tv-playback.spec.ts, e2e/tv-reporting.spec.ts) share: an owner with
   an image and a clip, the TV opened in its own context, and reading the playback stage's front
   layer. Screenshots of the TV playing go to each test's output folder, or to E2E_TV_SHOTS when
   set. */

export const LANDSCAPE = { width: 1920, height: 1080 };
export const PORTRAIT = { width: 1080, height: 1920 };
/** Where a screenshot goes: E2E_TV_SHOTS when set, else the test's output folder. */
export const shot = (name: string) =>
  process.env.E2E_TV_SHOTS
    ? path.join(process.env.E2E_TV_SHOTS, name)
    : test.info().outputPath(name);
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
export const LONDON = 'Europe/London';

/** The media cache's URL of a file: `/tv/media/<MD5 as base64url>` (lib/tv-caches.ts). */
function mediaPath(file: string): string {
  const md5 = crypto
    .createHash('md5')
    .update(fs.readFileSync(path.join(FIXTURES, file)))
    .digest('base64');
  return `/tv/media/${md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`;
}
export const IMAGE_PATH = mediaPath(SAMPLE_IMAGE.file);
export const CLIP_PATH = mediaPath(SAMPLE_CLIP.file);

export type TFront =
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

export const frontOf = (tv: Page) => tv.evaluate(readFront);

/** Samples the front layer every 40 ms into `window.__frontSamples`. */
export async function startSampling(tv: Page): Promise<void> {
  await tv.evaluate(`(() => {
    const read = ${readFront.toString()};
    window.__frontSamples = [];
    setInterval(() => window.__frontSamples.push(read()), 40);
  })()`);
}

export const samplesOf = (tv: Page) =>
  tv.evaluate(() => (window as unknown as { __frontSamples: TFront[] }).__frontSamples);

/** Waits until the front layer shows `src` (an image loaded, or a video playing). */
export async function expectFront(tv: Page, src: string, timeout = 15_000): Promise<void> {
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
export async function seedOwner(browser: Browser) {
  const owner = await browser.newContext();
  const request = owner.request;
  await createAccount(request, { role: 'advertiser' });
  const image = await addToLibrary(request, 'Autumn poster', SAMPLE_IMAGE);
  const clip = await addToLibrary(request, 'Counter clip', SAMPLE_CLIP);
  return { owner, request, image, clip };
}

export async function openTv(
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
export function localParts(instant: number, timeZone: string): { day: string; time: string } {
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

/** Whether the page can reach the server (the context's offline mode reaches the worker too). */
export const isOnline = (tv: Page) =>
  tv.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
