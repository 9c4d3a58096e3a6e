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
/* global document, window, Image, MediaRecorder -- evaluate() runs in the browser. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createOTP } from '@better-auth/utils/otp';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const assets = path.join(root, 'apps/web/src/features/help/assets');
const port = Number(process.env.HELP_SHOTS_PORT ?? 3211);
const origin = 'http://screenline.example';
const only = process.env.HELP_SHOTS_ONLY?.split(',');

/** The demo's sign-ins (DEMO_USERS, DEMO_PASSWORD in apps/server/src/demo/accounts.ts); overridable as email:password. */
function account(variable, fallback) {
  const given = process.env[variable];
  if (!given) return fallback;
  const at = given.indexOf(':');
  return { email: given.slice(0, at), password: given.slice(at + 1) };
}
const OWNER = account('HELP_SHOTS_OWNER', {
  email: 'owner@demo.screenline.example',
  password: 'screenline-demo',
});
const BUYER = account('HELP_SHOTS_BUYER', {
  email: 'buyer@demo.screenline.example',
  password: 'screenline-demo',
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// 1. Build
if (process.env.HELP_SHOTS_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
for (const dist of ['apps/web/dist/index.html', 'apps/player/dist/index.html']) {
  if (!existsSync(path.join(root, dist))) throw new Error(`${dist} is missing: run npm run build`);
}

// 2. Server
const dataDir = mkdtempSync(path.join(tmpdir(), 'screenline-help-shots-'));
const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/server.ts'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      AUTH_RATE_LIMIT: 'false',
      DEMO: process.env.DEMO ?? '1',
    },
  },
);
let serverLog = '';
server.stdout.on('data', (chunk) => (serverLog += chunk));
server.stderr.on('data', (chunk) => (serverLog += chunk));
const serverExited = new Promise((resolve) => server.on('exit', resolve));

async function waitForServer() {
  const deadline = Date.now() + 480_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverLog}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(
    `The server did not start within 8 minutes (the demo seeds first):\n${serverLog}`,
  );
}

async function stopServer() {
  if (server.exitCode === null) server.kill('SIGTERM');
  await Promise.race([serverExited, sleep(15_000)]);
  rmSync(dataDir, { recursive: true, force: true });
}

// 3. Browser helpers
let browser;

async function newContext(viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('themeMode', 'light');
    window.sessionStorage.setItem('devBannerDismissed', '1');
  });
  return context;
}

/**
 * A request from a page of the app, so it goes where Chromium maps screenline.example and
 * carries the browser's own Origin (the CSRF rule) and the context's cookies.
 */
async function call(context, method, urlPath, body) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/help`);
    return await page.evaluate(
      async ({ method, urlPath, body }) => {
        const response = await fetch(urlPath, {
          method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        return { ok: response.ok, status: response.status, text };
      },
      { method, urlPath, body },
    );
  } finally {
    await page.close();
  }
}

/** The demo's published two-factor key (DEMO_TOTP_SECRET in apps/server/src/demo/accounts.ts). */
const DEMO_TOTP_SECRET = 'screenline-demo-two-factor-2026!';

async function signIn(context, { email, password }) {
  const answer = await call(context, 'POST', '/api/auth/sign-in/email', { email, password });
  if (!answer.ok) throw new Error(`Sign-in of ${email} failed: ${answer.status} ${answer.text}`);
  // The demo's screen owner has two-factor sign-in on: the second step with the demo's key.
  if (JSON.parse(answer.text).twoFactorRedirect) {
    const code = await createOTP(DEMO_TOTP_SECRET).totp();
    const verified = await call(context, 'POST', '/api/auth/two-factor/verify-totp', { code });
    if (!verified.ok) {
      throw new Error(`Two-factor step of ${email} failed: ${verified.status} ${verified.text}`);
    }
  }
}

async function api(context, urlPath) {
  const answer = await call(context, 'GET', urlPath);
  if (!answer.ok) throw new Error(`GET ${urlPath}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text);
}

/**
 * Without the demo (DEMO=0), the two accounts are made here, empty: the pictures then show the
 * pages' empty states. With the demo they exist and this does nothing.
 */
async function ensureAccount(account, role) {
  const context = await browser.newContext();
  const signedIn = await call(context, 'POST', '/api/auth/sign-in/email', account);
  if (!signedIn.ok) {
    const name = role === 'advertiser' ? 'Sam Owner' : 'Alex Buyer';
    const signedUp = await call(context, 'POST', '/api/auth/sign-up/email', { ...account, name });
    if (!signedUp.ok) throw new Error(`Sign-up of ${account.email}: ${signedUp.status}`);
    // Sign-up makes no session: sign in next.
    const afterSignUp = await call(context, 'POST', '/api/auth/sign-in/email', account);
    if (!afterSignUp.ok) throw new Error(`Sign-in of ${account.email}: ${afterSignUp.status}`);
    const me = await call(context, 'PATCH', '/api/v1/me', { role, company: `${name} Ltd` });
    if (!me.ok) throw new Error(`Role of ${account.email}: ${me.status} ${me.text}`);
    console.log(`help:screenshots: made ${account.email} (${role}), without demo data`);
  }
  await context.close();
}

/** A blank page, outside the app's CSP, that turns PNGs into WebP and records videos. */
let workbench;

/** The pixel size of every WebP written, for the help pages' width and height attributes. */
const sizesFile = path.join(assets, 'sizes.json');
const sizes = existsSync(sizesFile) ? JSON.parse(readFileSync(sizesFile, 'utf8')) : {};
let lastName = '';

async function webp(file, png, options) {
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

const written = [];
function write(file, bytes) {
  writeFileSync(path.join(assets, file), bytes);
  written.push(`${file} (${Math.round(bytes.length / 1024)} KB)`);
}

/** Waits until the page has settled: no spinner, no "Loading" status, fonts and images in. */
async function settle(page) {
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
async function shoot(page, file, { selector = 'main', maxHeight = 900, maxWidth = 1200 } = {}) {
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

/**
 * Records `page` (CDP screencast) into a WebM made by MediaRecorder in the workbench. Captions
 * are collected with `step(text)`; `stop(name)` writes name.webm, name.vtt and name.json.
 */
async function startRecording(page, { width, height }) {
  await workbench.evaluate(
    ({ width, height }) => {
      document.body.innerHTML = '';
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      document.body.append(canvas);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      const recorder = new MediaRecorder(canvas.captureStream(15), {
        mimeType: 'video/webm;codecs=vp9',
        videoBitsPerSecond: 450_000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const startedAt = performance.now();
      recorder.start(1000);
      window.paint = async (data) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${data}`;
        await image.decode();
        context.drawImage(image, 0, 0, width, height);
      };
      window.finish = () =>
        new Promise((resolve) => {
          recorder.onstop = async () => {
            const duration = performance.now() - startedAt;
            const blob = await window.ysFixWebmDuration(
              new Blob(chunks, { type: 'video/webm' }),
              duration,
              { logger: false },
            );
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let binary = '';
            for (let i = 0; i < bytes.length; i += 0x8000) {
              binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            }
            resolve(btoa(binary));
          };
          recorder.stop();
        });
    },
    { width, height },
  );
  const startedAt = Date.now();
  const steps = [];
  let cdp;
  const attach = async (target) => {
    if (cdp) await cdp.send('Page.stopScreencast').catch(() => undefined);
    cdp = await target.context().newCDPSession(target);
    const session = cdp;
    session.on('Page.screencastFrame', ({ data, sessionId }) => {
      session.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      workbench.evaluate((frame) => window.paint(frame), data).catch(() => undefined);
    });
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: width,
      maxHeight: height,
    });
  };
  await attach(page);
  return {
    /** Follow another page from now on (the next part of the same video). */
    attach,
    step(text) {
      steps.push({ at: Date.now() - startedAt, text });
    },
    async stop(name) {
      await sleep(1500);
      await cdp.send('Page.stopScreencast').catch(() => undefined);
      const end = Date.now() - startedAt;
      const base64 = await workbench.evaluate(() => window.finish());
      write(`${name}.webm`, Buffer.from(base64, 'base64'));
      const stamp = (ms) => {
        const s = ms / 1000;
        const hh = String(Math.floor(s / 3600)).padStart(2, '0');
        const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
        const ss = (s % 60).toFixed(3).padStart(6, '0');
        return `${hh}:${mm}:${ss}`;
      };
      const cues = steps.map(
        (step, index) =>
          `${index + 1}\n${stamp(step.at)} --> ${stamp(steps[index + 1]?.at ?? end)}\n${step.text}\n`,
      );
      write(`${name}.vtt`, Buffer.from(`WEBVTT\n\n${cues.join('\n')}`));
      write(
        `${name}.json`,
        Buffer.from(
          `${JSON.stringify({ width, height, seconds: Math.round(end / 1000), steps: steps.map((s) => s.text) }, null, 2)}\n`,
        ),
      );
    },
  };
}

/** Clicks a link of the dashboard's sidebar (the way a person moves around). */
async function openFromSidebar(page, name) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await settle(page);
}

// The jobs
async function ownerPages() {
  const context = await newContext();
  await signIn(context, OWNER);
  const page = await context.newPage();
  await page.goto(`${origin}/advertiser/dashboard`);
  await shoot(page, 'screen-owner-dashboard.webp');
  await page.goto(`${origin}/advertiser/locations`);
  await shoot(page, 'locations.webp');
  await page.goto(`${origin}/advertiser/ad-spaces`);
  await shoot(page, 'ad-spaces.webp');
  const playlists = await api(context, '/api/v1/playlists');
  const items = playlists.items ?? playlists;
  const playlist = items.find((p) => p.items?.some((i) => i.type === 'adSlot')) ?? items[0];
  if (playlist) {
    await page.goto(`${origin}/advertiser/playlists/edit/${playlist.id}`);
    await shoot(page, 'playlist-editor.webp');
  }
  await page.goto(`${origin}/advertiser/schedule`);
  await shoot(page, 'schedule.webp');
  await page.goto(`${origin}/advertiser/monetize`);
  await shoot(page, 'monetize.webp');
  await page.goto(`${origin}/advertiser/monetize/approvals`);
  await shoot(page, 'campaign-approvals.webp');
  await page.goto(`${origin}/content`);
  await shoot(page, 'content.webp');
  await page.goto(`${origin}/profile`);
  await shoot(page, 'profile.webp');
  await context.close();
}

async function buyerPages() {
  const context = await newContext();
  await signIn(context, BUYER);
  const page = await context.newPage();
  await page.goto(`${origin}/publisher/dashboard`);
  await shoot(page, 'ad-buyer-dashboard.webp');
  await page.goto(`${origin}/publisher/ad-campaigns`);
  await shoot(page, 'ad-campaigns.webp');
  await page.goto(`${origin}/publisher/ad-campaigns/new`);
  await shoot(page, 'campaign-wizard.webp');
  const campaigns = await api(context, '/api/v1/campaigns');
  const list = campaigns.items ?? campaigns;
  const running = list.find((c) => c.status === 'active') ?? list[0];
  if (running) {
    await page.goto(`${origin}/publisher/ad-campaigns/view/${running.id}/results`);
    await page.waitForSelector('svg.recharts-surface', { timeout: 15_000 }).catch(() => undefined);
    await shoot(page, 'campaign-results.webp');
  }
  await page.goto(`${origin}/wallet`);
  await shoot(page, 'wallet.webp');
  await context.close();
}

async function introWalkthrough() {
  const owner = await newContext();
  await signIn(owner, OWNER);
  const buyer = await newContext();
  await signIn(buyer, BUYER);
  const page = await owner.newPage();
  await page.goto(`${origin}/advertiser/dashboard`);
  await settle(page);
  const video = await startRecording(page, { width: 960, height: 600 });
  video.step(
    'A screen owner’s dashboard: the set-up steps, earnings and every screen at a glance.',
  );
  await sleep(2200);
  await openFromSidebar(page, 'Locations');
  video.step('Locations: each venue with its address, time zone and audience estimate.');
  await sleep(2000);
  await openFromSidebar(page, 'Ad spaces');
  video.step('Ad spaces: one row per screen, with its TV’s status and what it plays now.');
  await sleep(2200);
  await openFromSidebar(page, 'Playlists');
  video.step('Playlists: loops of images, videos and ad slots for paid campaigns.');
  await sleep(2000);
  await openFromSidebar(page, 'Schedule');
  video.step('Schedule: which playlist plays on which screen, by date, weekday and time.');
  await sleep(2200);
  await openFromSidebar(page, 'Monetize');
  video.step('Monetize: open a screen’s ad slots to paid campaigns at a floor price.');
  await sleep(2200);

  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`${origin}/publisher/dashboard`);
  await settle(buyerPage);
  await video.attach(buyerPage);
  video.step('An ad buyer’s dashboard: active campaigns, balance, spend and impressions.');
  await sleep(2200);
  await openFromSidebar(buyerPage, 'Ad campaigns');
  video.step('Ad campaigns: every campaign with its status, budget and spend.');
  await sleep(2000);
  // A campaign's name opens its overview; its Results tab the figures.
  const campaign = buyerPage.getByRole('main').getByRole('table').getByRole('link').first();
  if (await campaign.count()) {
    await campaign.click();
    await buyerPage.getByRole('link', { name: 'Results', exact: true }).click();
    await buyerPage
      .waitForSelector('svg.recharts-surface', { timeout: 15_000 })
      .catch(() => undefined);
    await settle(buyerPage);
    video.step('Results: impressions, spend and QR scans by day and by screen.');
    await sleep(3000);
  }
  await openFromSidebar(buyerPage, 'Wallet');
  video.step('Wallet: top-ups, money held for campaigns, and every movement.');
  await sleep(2200);
  await video.stop('intro-walkthrough');
  await owner.close();
  await buyer.close();
}

async function tvPages() {
  // The TV: 1920×1080, as a TV's browser shows it.
  const tv = await newContext({ width: 1920, height: 1080 });
  const screen = await tv.newPage();
  await screen.goto(`${origin}/tv`);
  await screen.waitForFunction(() => /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/.test(document.body.innerText));
  await screen.waitForSelector('svg path');
  await sleep(500);
  await webp('tv-sign-in.webp', await screen.screenshot({ type: 'png' }), { maxWidth: 1280 });

  // The phone side of pairing: /pair with the TV's code, as the QR code opens it.
  const code = await screen.evaluate(
    () => /\b([A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(document.body.innerText)?.[1] ?? '',
  );
  const phone = await newContext({ width: 390, height: 844 });
  await signIn(phone, OWNER);
  const pair = await phone.newPage();
  await pair.goto(`${origin}/pair?code=${encodeURIComponent(code)}`);
  await pair.getByRole('button', { name: 'Link this TV' }).waitFor({ timeout: 15_000 });
  await shoot(pair, 'tv-pair-phone.webp', { selector: 'body', maxHeight: 844, maxWidth: 390 });
  await phone.close();

  // The demo video: password sign-in, setup, playback.
  const video = await startRecording(screen, { width: 960, height: 540 });
  video.step('The TV player at /tv: sign in with email, or scan the QR code with a phone.');
  await sleep(3000);
  video.step('Type the account’s email and password with the remote, then choose Sign in.');
  await screen.locator('#tv-email').pressSequentially(OWNER.email, { delay: 45 });
  await screen.locator('#tv-password').pressSequentially(OWNER.password, { delay: 45 });
  await sleep(600);
  await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
  const list = screen.getByRole('radiogroup');
  const none = screen.getByText('No Ad Spaces Found');
  await list.or(none).first().waitFor({ timeout: 20_000 });
  if (await none.isVisible()) {
    // Only without the demo: the account has no ad space to choose.
    video.step('With no ad spaces, the TV says No Ad Spaces Found and shows a QR code.');
    await sleep(3000);
    await shoot(screen, 'tv-setup.webp', { selector: 'body', maxHeight: 1080, maxWidth: 1280 });
    await video.stop('tv-sign-in-demo');
    await tv.close();
    return;
  }
  video.step('Setup lists the account’s ad spaces, each with its location.');
  await sleep(3000);
  await shoot(screen, 'tv-setup.webp', { selector: 'body', maxHeight: 1080, maxWidth: 1280 });
  video.step('Choose the ad space this screen belongs to; Continue to Player is enabled.');
  await screen.getByRole('radio').first().click();
  await sleep(2000);
  video.step('Continue to Player saves the choice; the TV downloads its content and plays.');
  await screen.getByRole('button', { name: 'Continue to Player' }).click();
  await sleep(9000);
  await webp('tv-player.webp', await screen.screenshot({ type: 'png' }), { maxWidth: 1280 });
  await video.stop('tv-sign-in-demo');
  await tv.close();
}

const jobs = { ownerPages, buyerPages, introWalkthrough, tvPages };

try {
  await waitForServer();
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      `--host-resolver-rules=MAP screenline.example 127.0.0.1:${port}`,
      // The player's cache (Cache Storage, service worker) needs a secure context.
      `--unsafely-treat-insecure-origin-as-secure=${origin}`,
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
  await ensureAccount(OWNER, 'advertiser');
  await ensureAccount(BUYER, 'publisher');
  workbench = await (await browser.newContext()).newPage();
  await workbench.setContent('<!doctype html><title>workbench</title><body></body>');
  await workbench.addScriptTag({
    content: readFileSync(require.resolve('fix-webm-duration'), 'utf8'),
  });
  for (const [name, job] of Object.entries(jobs)) {
    if (only && !only.includes(name)) continue;
    console.log(`help:screenshots: ${name}…`);
    await job();
  }
  const sorted = Object.fromEntries(
    Object.keys(sizes)
      .sort()
      .map((key) => [key, sizes[key]]),
  );
  writeFileSync(sizesFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(
    `help:screenshots wrote to ${path.relative(root, assets)}:\n  ${written.join('\n  ')}`,
  );
} finally {
  await browser?.close();
  await stopServer();
}
