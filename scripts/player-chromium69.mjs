#!/usr/bin/env node
// The built TV player in a real Chromium 69 (Tizen 5.5; the closest to LG webOS 2020's 68), the
// oldest browser it must run in (STACK.md "Old Chromium"). Starts the server on a fresh embedded
// database, opens /tv at 1920×1080 and 1080×1920 through puppeteer-core 1.7.0 and checks that
// the page loads with no script or console error, renders, has its styles applied (elements with
// real sizes, computed styles), has the polyfills it needs, shows the sign-in screen (a QR code of
// real size, the pairing code), reaches its controls by the arrow keys and is served `no-store`;
// then a phone (this script, over HTTP) approves the code and the TV must sign in by polling and
// come to setup: "No Ad Spaces Found" with its QR code, Refresh after ad spaces were added, the
// list chosen from and Continue pressed by the keyboard alone, playback's idle screen, and a reload
// that goes straight back to it. Then, in a fresh profile, the service worker: it registers and
// controls /tv, answers media from the media cache with Range support, and a reload with the
// network gone still starts the player. Saves a screenshot of each layout and of each screen.
// `npm test` runs it after the build.
//
//   npm run build -w @screenline/player && node scripts/player-chromium69.mjs [--json=<file>]
//
// PLAYER69_PORT (default 3110) is the server's port; PLAYER69_SHOTS (default a temp directory)
// where the screenshots go. The browser and driver come from scripts/chromium69.mjs.
/* global window, document, getComputedStyle, caches -- page.evaluate runs in the browser. */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ensureChromium69 } from './chromium69.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PLAYER69_PORT ?? 3110);
const baseUrl = `http://127.0.0.1:${port}`;
const shots = process.env.PLAYER69_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'player69-'));
fs.mkdirSync(shots, { recursive: true });
const jsonOut = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);

/** What the player's first screen (sign-in, issue 8) must show. Update with the screen. */
const EXPECTED = {
  heading: 'Screenline TV',
  control: 'Sign in',
  /** Reached from nothing focused by ArrowDown, one press each: the sign-in form top to bottom. */
  keyboardPath: ['tv-email', 'tv-password', 'Sign in'],
  /** The pairing code as the TV shows it. */
  codePattern: /^[A-Z2-9]{4}-[A-Z2-9]{4}$/,
  /** The QR code must be big enough to scan from a few metres (26rem less its padding). */
  minQrSize: 380,
  /** Styles that only apply when the stylesheet was understood. */
  bodyBackground: 'rgb(11, 15, 25)',
  controlBackground: 'rgb(79, 70, 229)',
  headingFontSize: '48px',
  logoSize: 64,
  /** Setup (issue 8 item 4). */
  setup: {
    empty: 'No Ad Spaces Found',
    /** The ad spaces the phone adds, as the TV lists them (by name). */
    spaces: ['Door screen', 'Window screen'],
    location: 'Harbour, Springfield',
    continue: 'Continue to Player',
    minQrSize: 300,
  },
};

const LAYOUTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
];

const results = [];
function check(name, isOk, detail = '') {
  results.push({ name, isOk });
  console.log(`  ${isOk ? '✓' : '✗'} ${name}${isOk || !detail ? '' : `: ${detail}`}`);
}

async function waitForHealth(server, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within 60 s`);
}

function startServer(dataDir) {
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/server.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT: 'false',
        // The pairing journey waits for the TV's poll: poll every second.
        PAIRING_POLL_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  return server;
}

async function checkLayout(browser, layout) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every 4xx as "Failed to load resource"; the response handler below judges
    // each of them by its URL.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    // RFC 8628: the TV's poll is answered 400 authorization_pending until a phone approves.
    const isPendingPoll =
      response.status() === 400 && response.url().endsWith('/api/auth/device/token');
    if (response.status() >= 400 && !isPendingPoll) {
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  await page.setViewport({ width: layout.width, height: layout.height });
  const response = await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('h1', { timeout: 10_000 }).catch(() => undefined);
  // The pairing code comes from the server after the first render.
  await page
    .waitForSelector('[data-testid="pairing-code"]', { timeout: 10_000 })
    .catch(() => undefined);

  const seen = await page.evaluate(
    (expected) => {
      const box = (element) => {
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return { width: rect.width, height: rect.height, top: rect.top, left: rect.left };
      };
      const heading = document.querySelector('h1');
      const control = [...document.querySelectorAll('a, button')].find(
        (element) => element.textContent.trim() === expected.control,
      );
      const logo = document.querySelector('[data-testid="logo"]');
      const qr = document.querySelector('[data-testid="pairing-qr"]');
      const code = document.querySelector('[data-testid="pairing-code"]');
      return {
        qrBox: box(qr),
        qrCells: qr ? qr.querySelectorAll('path').length : 0,
        code: code ? code.textContent.trim() : null,
        codeFontSize: code ? getComputedStyle(code).fontSize : null,
        userAgent: navigator.userAgent,
        heading: heading ? heading.textContent.trim() : null,
        headingFontSize: heading ? getComputedStyle(heading).fontSize : null,
        hasControl: Boolean(control),
        controlBackground: control ? getComputedStyle(control).backgroundColor : null,
        controlBox: box(control),
        logoBox: box(logo),
        bodyBackground: getComputedStyle(document.body).backgroundColor,
        viewport: { width: window.innerWidth, height: window.innerHeight },
        polyfills: {
          globalThis: typeof window.globalThis === 'object',
          fromEntries: typeof Object.fromEntries === 'function',
          queueMicrotask: typeof window.queueMicrotask === 'function',
        },
      };
    },
    { control: EXPECTED.control },
  );

  // A remote control moves focus with the arrow keys: each press lands on the next control.
  const focusPath = [];
  for (let step = 0; step < EXPECTED.keyboardPath.length; step += 1) {
    await page.keyboard.press('ArrowDown');
    focusPath.push(
      await page.evaluate(() => {
        const active = document.activeElement;
        const style = active ? getComputedStyle(active) : null;
        return {
          name: active ? active.id || active.textContent.trim() : null,
          outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : null,
        };
      }),
    );
  }

  const file = path.join(
    shots,
    `tv-chromium69-${layout.name}-${layout.width}x${layout.height}.png`,
  );
  await page.screenshot({ path: file });
  await page.close();

  const label = `${layout.name} ${layout.width}×${layout.height}`;
  const inView = (b) =>
    b !== null &&
    b.top >= 0 &&
    b.left >= 0 &&
    b.top + b.height <= layout.height &&
    b.left + b.width <= layout.width;
  check(
    `${label}: /tv answers 200 in ${seen.userAgent.match(/Chrome\/[\d.]+/)?.[0]}`,
    response.status() === 200,
    `HTTP ${response.status()}`,
  );
  check(`${label}: no page, console or network error`, problems.length === 0, problems.join('; '));
  check(
    `${label}: heading "${EXPECTED.heading}"`,
    seen.heading === EXPECTED.heading,
    `found ${JSON.stringify(seen.heading)}`,
  );
  check(
    `${label}: control "${EXPECTED.control}" is on screen`,
    seen.hasControl && inView(seen.controlBox),
    JSON.stringify(seen.controlBox),
  );
  check(
    `${label}: logo is ${EXPECTED.logoSize}×${EXPECTED.logoSize} px`,
    seen.logoBox?.width === EXPECTED.logoSize && seen.logoBox?.height === EXPECTED.logoSize,
    JSON.stringify(seen.logoBox),
  );
  check(
    `${label}: computed styles applied (page and control background, heading size)`,
    seen.bodyBackground === EXPECTED.bodyBackground &&
      seen.controlBackground === EXPECTED.controlBackground &&
      seen.headingFontSize === EXPECTED.headingFontSize,
    `body ${seen.bodyBackground}, control ${seen.controlBackground}, heading ${seen.headingFontSize}`,
  );
  check(
    `${label}: viewport is the TV's`,
    seen.viewport.width === layout.width && seen.viewport.height === layout.height,
    JSON.stringify(seen.viewport),
  );
  check(
    `${label}: polyfills present (globalThis, Object.fromEntries, queueMicrotask)`,
    Object.values(seen.polyfills).every(Boolean),
    JSON.stringify(seen.polyfills),
  );
  check(
    `${label}: ArrowDown walks ${EXPECTED.keyboardPath.join(' → ')}, each with a visible ring`,
    focusPath.map((f) => f.name).join('|') === EXPECTED.keyboardPath.join('|') &&
      focusPath.every((f) => f.outline === 'solid 4px'),
    JSON.stringify(focusPath),
  );
  check(
    `${label}: QR code on screen, at least ${EXPECTED.minQrSize} px square`,
    seen.qrCells > 0 &&
      inView(seen.qrBox) &&
      seen.qrBox.width >= EXPECTED.minQrSize &&
      Math.abs(seen.qrBox.width - seen.qrBox.height) < 1,
    JSON.stringify(seen.qrBox),
  );
  check(
    `${label}: pairing code shown in large text`,
    EXPECTED.codePattern.test(seen.code ?? '') && parseFloat(seen.codeFontSize) >= 64,
    `${JSON.stringify(seen.code)} at ${seen.codeFontSize}`,
  );
  console.log(`    screenshot: ${file}`);
  return response;
}

/** A phone's side of pairing, from Node: sign up as a screen owner, claim the code, approve it. */
async function approveFromPhone(userCode) {
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const email = `tv69-${Date.now()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'TV check' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const owner = { ...headers, cookie };
  await call('PATCH', '/api/v1/me', owner, { role: 'advertiser' });
  const claim = await fetch(`${baseUrl}/api/auth/device?user_code=${userCode}`, { headers: owner });
  if (!claim.ok) throw new Error(`claiming the code answered ${claim.status}`);
  await call('POST', '/api/auth/device/approve', owner, { userCode });
  return { email, owner };
}

async function call(method, url, headers, body) {
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The owner adds a location and the expected ad spaces on the web (here, over HTTP). */
async function addAdSpaces(owner) {
  const place = await call('POST', '/api/v1/locations', owner, {
    name: 'Harbour',
    address: { line: '1 Quay', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  for (const name of [...EXPECTED.setup.spaces].reverse()) {
    await call('POST', '/api/v1/ad-spaces', owner, {
      name,
      locationId: place.id,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
    });
  }
}

/** What has the focus: its id, or its text; and whether the focus ring is drawn. */
const focused = (page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const style = active ? getComputedStyle(active) : null;
    return {
      name: active ? active.id || active.textContent.trim() : null,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : null,
    };
  });

async function shoot(page, name) {
  const file = path.join(shots, `tv-chromium69-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`    screenshot: ${file}`);
}

/**
 * The QR journey in 69, then setup by keyboard: a phone approves, the TV signs in by polling and
 * says "No Ad Spaces Found" with a QR code; the owner adds ad spaces, Refresh (focused) lists
 * them; Enter chooses the first, the arrows reach Continue, Enter saves and playback starts (the
 * idle screen: nothing is scheduled); a reload goes straight back to it, and Back opens the menu.
 */
async function checkPairingAndSetup(browser) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const isPendingPoll =
      response.status() === 400 && response.url().endsWith('/api/auth/device/token');
    if (response.status() >= 400 && !isPendingPoll) {
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="pairing-code"]', { timeout: 10_000 });
  const code = await page.evaluate(
    () => document.querySelector('[data-testid="pairing-code"]').textContent,
  );
  const { email, owner } = await approveFromPhone(code.replace('-', ''));
  const signedIn = await page
    .waitForSelector('[data-testid="signed-in"]', { timeout: 15_000 })
    .then(() =>
      page.evaluate(() => document.querySelector('[data-testid="signed-in"]').textContent),
    )
    .catch(() => null);
  check(
    'pairing: after a phone approves, the TV signs in by polling and comes to setup',
    signedIn === `Signed in as ${email}`,
    JSON.stringify(signedIn),
  );

  // No ad spaces yet: the heading, a QR code of the web's ad spaces page, Refresh focused.
  const empty = await page
    .waitForSelector('#empty-title', { timeout: 10_000 })
    .then(() =>
      page.evaluate(() => {
        const qr = document.querySelector('[data-testid="ad-spaces-qr"]');
        const rect = qr ? qr.getBoundingClientRect() : null;
        return {
          heading: document.querySelector('#empty-title').textContent,
          qrLabel: qr ? qr.getAttribute('aria-label') : null,
          qrWidth: rect ? rect.width : 0,
          qrBottom: rect ? rect.bottom : Infinity,
          focused: document.activeElement ? document.activeElement.textContent : null,
        };
      }),
    )
    .catch(() => null);
  check(
    `setup: "${EXPECTED.setup.empty}" with a QR code of the ad spaces page and Refresh focused`,
    empty !== null &&
      empty.heading === EXPECTED.setup.empty &&
      empty.qrWidth >= EXPECTED.setup.minQrSize &&
      empty.qrBottom <= 1080 &&
      empty.focused === 'Refresh',
    JSON.stringify(empty),
  );
  await shoot(page, 'setup-empty-1920x1080');

  await addAdSpaces(owner);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="radio"]', { timeout: 10_000 }).catch(() => undefined);
  const listed = await page.evaluate(() =>
    [...document.querySelectorAll('[role="radio"]')].map((option) => option.textContent),
  );
  const continueDisabled = () =>
    page.evaluate(
      (label) =>
        [...document.querySelectorAll('button')].find((b) => b.textContent === label).disabled,
      EXPECTED.setup.continue,
    );
  const disabledBefore = await continueDisabled().catch(() => null);
  check(
    'setup: Refresh lists the ad spaces with their location; Continue is disabled until one is chosen',
    listed.join('|') ===
      EXPECTED.setup.spaces.map((name) => `${name}${EXPECTED.setup.location}`).join('|') &&
      disabledBefore === true,
    `${JSON.stringify(listed)}, Continue disabled: ${disabledBefore}`,
  );
  const first = await focused(page);
  await page.keyboard.press('ArrowRight');
  const second = await focused(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const disabledAfter = await continueDisabled().catch(() => null);
  check(
    'setup: the first ad space has the focus, arrows move between them with a ring, Enter chooses',
    first.name === `${EXPECTED.setup.spaces[0]}${EXPECTED.setup.location}` &&
      second.name === `${EXPECTED.setup.spaces[1]}${EXPECTED.setup.location}` &&
      first.outline === 'solid 4px' &&
      second.outline === 'solid 4px' &&
      disabledAfter === false,
    JSON.stringify({ first, second, disabledAfter }),
  );
  await shoot(page, 'setup-list-1920x1080');
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'setup-list-1080x1920');
  await page.setViewport({ width: 1920, height: 1080 });

  // Down to the footer, then right until Continue has the focus.
  await page.keyboard.press('ArrowDown');
  for (let step = 0; step < 3 && (await focused(page)).name !== EXPECTED.setup.continue; step += 1)
    await page.keyboard.press('ArrowRight');
  const onContinue = await focused(page);
  check(
    'setup: ArrowDown, then ArrowRight reach Continue to Player with a ring',
    onContinue.name === EXPECTED.setup.continue && onContinue.outline === 'solid 4px',
    JSON.stringify(onContinue),
  );
  await page.keyboard.press('Enter');
  // The TV now plays its ad space: nothing is scheduled, so its idle screen names it.
  const idleText = () =>
    page
      .waitForSelector('[data-testid="idle-screen"]', { timeout: 10_000 })
      .then(() =>
        page.evaluate(() => document.querySelector('[data-testid="idle-screen"]').textContent),
      )
      .catch(() => null);
  const expectedSpace = `${EXPECTED.setup.spaces[0]} · ${EXPECTED.setup.location}`;
  const idle = await idleText();
  check(
    'setup: Continue starts playback, the idle screen naming the ad space',
    idle !== null && idle.includes(expectedSpace),
    JSON.stringify(idle),
  );
  await shoot(page, 'idle-1920x1080');

  // Not networkidle0: the player keeps its event stream open.
  await page.reload({ waitUntil: 'load' });
  const afterReload = await idleText();
  await page.keyboard.press('Escape');
  await page
    .waitForSelector('[role="dialog"][aria-label="Menu"]', { timeout: 5_000 })
    .catch(() => null);
  const focusInMenu = await focused(page);
  check(
    'setup: a reload goes straight back to playback (device kept in localStorage); Back opens the menu on Change ad space',
    afterReload !== null &&
      afterReload.includes(expectedSpace) &&
      focusInMenu.name === 'Change ad space',
    JSON.stringify({ afterReload, focusInMenu }),
  );
  await shoot(page, 'menu-1920x1080');
  await page.keyboard.press('Escape');
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'idle-1080x1920');
  check('pairing and setup: no page or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/**
 * features/cache/media-cache.ts itself in 69 (the app does not load it until playback is wired):
 * bundled for Chromium 68 by esbuild and added to the page, it downloads a real file from the
 * server (the player's favicon, whose MD5 is computed here), streams it through spark-md5 into a
 * temp entry, promotes it, and the service worker plays it back from its URL; a file with a
 * wrong MD5 is never promoted and leaves no temp entry.
 */
async function checkMediaCacheModule(page) {
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
    `${bundle.outputFiles[0].text};window.screenlineMediaCache=screenlineMediaCache;`,
  );
  const favicon = fs.readFileSync(path.join(root, 'apps/player/dist/favicon.svg'));
  const md5 = crypto.createHash('md5').update(favicon).digest('base64');
  const file = (contentId, checksum) => ({
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
      const problems = [];
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
 * `tee()`, `navigator.storage`); and with the server stopped a reload still starts the player.
 * Runs last: it stops the server.
 */
async function checkServiceWorker(browser, stopServer) {
  const page = await browser.newPage();
  const problems = [];
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
    .catch((error) => ({ error: error.message }));
  check(
    'service worker: registers for /tv (/tv/sw.js) and controls the page',
    registered.scope === '/tv' && registered.script === '/tv/sw.js',
    JSON.stringify(registered),
  );
  await checkMediaCacheModule(page);

  const key = 'AAAAAAAAAAAAAAAAAAAAAA';
  const media = await page.evaluate(async (k) => {
    const bytes = new TextEncoder().encode('0123456789abcdef');
    // Written as the media cache writes a download: a streamed body, one branch of a tee().
    const [toCache, other] = new Response(bytes).body.tee();
    other.cancel();
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
    media.storage && media.quota > 0,
    JSON.stringify(media),
  );

  // The network goes for real: page.setOfflineMode() in 69 does not reach the worker's fetches.
  await stopServer();
  // The worker's own requests must fail too, or the reload below proves nothing.
  const probe = await page.evaluate(() =>
    fetch('/tv/assets/not-built.js').then(
      (r) => r.status,
      () => 'failed',
    ),
  );
  await page.reload({ waitUntil: 'load' }).catch(() => undefined);
  const offline = await page
    .waitForSelector('h1', { timeout: 10_000 })
    .then(() => page.evaluate(() => document.querySelector('h1').textContent.trim()))
    .catch(() => null);
  check(
    'service worker: with the server gone, a reload still starts the player',
    probe === 'failed' && offline === EXPECTED.heading,
    JSON.stringify({ probe, offline }),
  );
  await shoot(page, 'offline-reload-1920x1080');
  check('service worker: no page error', problems.length === 0, problems.join('; '));
  await page.close();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'player69-data-'));
let server;
let browser;
try {
  if (!fs.existsSync(path.join(root, 'apps/player/dist/index.html'))) {
    throw new Error('the player is not built: run `npm run build -w @screenline/player` first');
  }
  const { executablePath, puppeteer, args } = ensureChromium69();
  server = startServer(dataDir);
  await waitForHealth(server);
  browser = await puppeteer.launch({ executablePath, args });
  console.log(`${await browser.version()} against ${baseUrl}/tv`);
  for (const layout of LAYOUTS) {
    const response = await checkLayout(browser, layout);
    if (layout === LAYOUTS[0]) {
      // An old TV must never keep a stale entry point.
      const cacheControl = response.headers()['cache-control'];
      check('/tv HTML is served no-store', cacheControl === 'no-store', cacheControl);
    }
  }
  await checkPairingAndSetup(browser);
  // A fresh profile (each launch has its own): no worker or device from the checks above.
  await browser.close();
  browser = await puppeteer.launch({ executablePath, args });
  await checkServiceWorker(browser, async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  });
} catch (error) {
  check('the Chromium 69 check ran', false, error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const passed = results.filter((r) => r.isOk).length;
const failed = results.length - passed;
console.log(`Chromium 69 player: ${passed} passed, ${failed} failed`);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exitCode = failed > 0 ? 1 : 0;
