#!/usr/bin/env node
// Retakes the TV sign-in screenshot of /help/tv/sign-in
// (apps/web/src/features/help/assets/tv-sign-in.webp) from a running server with the player
// built (`npm run build -w @screenline/player`). Start the server with
// PUBLIC_URL=http://screenline.example so the picture shows a neutral address, then:
//   node scripts/tv-help-screenshot.mjs http://127.0.0.1:3205
// Chromium resolves screenline.example to that server. The page is shot at 1920×1080 and
// encoded by Chromium itself as a 1280×720 WebP (no image tool needed).
/* global document, Image -- page.evaluate runs in the browser. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';

const server = new URL(process.argv[2] ?? 'http://127.0.0.1:3000');
const out = fileURLToPath(
  new URL('../apps/web/src/features/help/assets/tv-sign-in.webp', import.meta.url),
);

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [`--host-resolver-rules=MAP screenline.example ${server.host}`],
});
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto('http://screenline.example/tv');
  // Wait for the pairing code ("ABCD-EFGH") and its QR code.
  await page.waitForFunction(() => /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/.test(document.body.innerText));
  await page.waitForSelector('svg path');
  const png = await page.screenshot({ type: 'png' });
  const webp = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', 0.85).split(',')[1] ?? '';
  }, png.toString('base64'));
  writeFileSync(out, Buffer.from(webp, 'base64'));
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
}
