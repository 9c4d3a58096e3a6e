// help:screenshots' output: the workbench (a blank page outside the app's CSP that encodes WebP
// with Chromium's own encoder and records the videos), the screenshots of a settled page cropped
// to its main column, and the files written to the help centre's assets with their pixel sizes
// (sizes.json, for the help pages' width and height attributes).
/* global document, Image -- evaluate() runs in the browser. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assets, sleep } from './setup.mjs';

const require = createRequire(import.meta.url);

/** A blank page, outside the app's CSP, that turns PNGs into WebP and records videos. */
export let workbench;

/** The pixel size of every WebP written, for the help pages' width and height attributes. */
const sizesFile = path.join(assets, 'sizes.json');
const sizes = existsSync(sizesFile) ? JSON.parse(readFileSync(sizesFile, 'utf8')) : {};
let lastName = '';

export async function webp(file, png, options) {
  lastName = file;
  write(file, await toWebp(png, options));
}

async function toWebp(png, { maxWidth = 1200, quality = 0.82 } = {}) {
  const base64 = await workbench.evaluate(
    async ({ data, maxWidth, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const scale = Math.min(1, maxWidth / image.naturalWidth);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return {
        data: canvas.toDataURL('image/webp', quality).split(',')[1] ?? '',
        width: canvas.width,
        height: canvas.height,
      };
    },
    { data: png.toString('base64'), maxWidth, quality },
  );
  const bytes = Buffer.from(base64.data, 'base64');
  sizes[lastName] = { width: base64.width, height: base64.height };
  return bytes;
}

export const written = [];
export function write(file, bytes) {
  writeFileSync(path.join(assets, file), bytes);
  written.push(`${file} (${Math.round(bytes.length / 1024)} KB)`);
}

/** Waits until the page has settled: no spinner, no "Loading" status, fonts and images in. */
export async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[role="status"][aria-label^="Loading"], .animate-spin') &&
        Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await sleep(400);
}

/** A screenshot of the page's main column (or `selector`), at most one screen high. */
export async function shoot(
  page,
  file,
  { selector = 'main', maxHeight = 900, maxWidth = 1200 } = {},
) {
  await settle(page);
  const box = await page.locator(selector).first().boundingBox();
  const viewport = page.viewportSize();
  const clip = box
    ? {
        x: Math.max(0, box.x),
        y: Math.max(0, box.y),
        width: Math.min(box.width, viewport.width - Math.max(0, box.x)),
        height: Math.min(box.height, maxHeight, viewport.height - Math.max(0, box.y)),
      }
    : undefined;
  const png = await page.screenshot({ type: 'png', clip });
  await webp(file, png, { maxWidth });
}

/** Opens the workbench in `browser`, with fix-webm-duration loaded for the recorder. */
export async function openWorkbench(browser) {
  workbench = await (await browser.newContext()).newPage();
  await workbench.setContent('<!doctype html><title>workbench</title><body></body>');
  await workbench.addScriptTag({
    content: readFileSync(require.resolve('fix-webm-duration'), 'utf8'),
  });
}

/** Writes sizes.json, its keys sorted. */
export function writeSizes() {
  const sorted = Object.fromEntries(
    Object.keys(sizes)
      .sort()
      .map((key) => [key, sizes[key]]),
  );
  writeFileSync(sizesFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
