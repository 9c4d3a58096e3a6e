#!/usr/bin/env node
// npm run help:screenshots: retakes every screenshot and video of the help centre
// (apps/web/src/features/help/assets/) from the real app.
//
// What it does, in order:
//  1. `npm run build` (the web app and the TV player), unless HELP_SHOTS_SKIP_BUILD=1 says the
//     builds in apps/*/dist are current. The pictures show the built apps, not the sources.
//  2. Starts the real server (apps/server/src/server.ts) on a temporary DATA_DIR with DEMO=1, so
//     the demo's accounts and data are seeded (apps/server/src/demo/seed.ts), on HELP_SHOTS_PORT (3211),
//     with PUBLIC_URL=http://screenline.example: Chromium maps that name to the server, so the
//     pictures show a neutral address and every request carries the right Origin.
//  3. Signs in as the demo's screen owner and ad buyer (HELP_SHOTS_OWNER / HELP_SHOTS_BUYER as
//     email:password override them), shoots each page at 1440×900 in the light theme, cropped to
//     the page's main column, and writes WebP files (Chromium's own encoder, through a canvas).
//  4. Records two videos, WebM (VP9) with WebVTT captions and a JSON list of the steps that the
//     help pages show as text: the introduction walkthrough (screen owner, then ad buyer) and the
//     TV sign-in demo (the player at /tv: password sign-in, setup, playback).
//     Playwright's own recordVideo needs its ffmpeg download, which this machine cannot fetch;
//     the recorder here is Chromium alone: the page's CDP screencast frames are painted on a
//     canvas in a second page whose MediaRecorder encodes them in real time, and
//     fix-webm-duration writes the duration MediaRecorder leaves out (so the video can seek).
//  5. Stops the server (SIGTERM) and deletes the DATA_DIR.
//
// Chromium: /usr/bin/chromium (scripts/chromium.mjs); Playwright never downloads a browser.
//
// The parts live in scripts/help-screenshots/: setup.mjs (settings, accounts), server.mjs (build,
// server), browser.mjs (Chromium, contexts, API calls), assets.mjs (workbench, WebP, files),
// recorder.mjs (videos), pages.mjs (still pictures) and walkthroughs.mjs (the videos' journeys, the
// TV).
import path from 'node:path';
import { openWorkbench, writeSizes, written } from './help-screenshots/assets.mjs';
import { browser, ensureAccount, launchBrowser } from './help-screenshots/browser.mjs';
import { buyerPages, ownerPages } from './help-screenshots/pages.mjs';
import { buildApps, startServer } from './help-screenshots/server.mjs';
import { assets, BUYER, only, OWNER, root } from './help-screenshots/setup.mjs';
import { introWalkthrough, tvPages } from './help-screenshots/walkthroughs.mjs';

buildApps();
const { waitForServer, stopServer } = startServer();

const jobs = { ownerPages, buyerPages, introWalkthrough, tvPages };

try {
  await waitForServer();
  await launchBrowser();
  await ensureAccount(OWNER, 'advertiser');
  await ensureAccount(BUYER, 'publisher');
  await openWorkbench(browser);
  for (const [name, job] of Object.entries(jobs)) {
    if (only && !only.includes(name)) continue;
    console.log(`help:screenshots: ${name}…`);
    await job();
  }
  writeSizes();
  console.log(
    `help:screenshots wrote to ${path.relative(root, assets)}:\n  ${written.join('\n  ')}`,
  );
} finally {
  await browser?.close();
  await stopServer();
}
