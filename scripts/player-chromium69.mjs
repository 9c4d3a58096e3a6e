#!/usr/bin/env node
// The built TV player in a real Chromium 69 (Tizen 5.5; the closest to LG webOS 2020's 68), the
// oldest browser it must run in (STACK.md "Old Chromium"). Starts the server on a fresh embedded
// database, opens /tv at 1920×1080 and 1080×1920 through puppeteer-core 1.7.0 and checks that
// the page loads with no script or console error, renders, has its styles applied (elements with
// real sizes, computed styles), has the polyfills it needs, shows the sign-in screen (a QR code of
// real size, the pairing code), reaches its controls by the arrow keys and is served `no-store`;
// then a phone (this script, over HTTP) approves the code and the TV must sign in by polling and
// come to setup: "No Ad Spaces Found" with its QR code, Refresh after ad spaces were added, the
// list chosen from and Continue pressed by the keyboard alone, the playing screen (idle, "Waiting
// for content": the space has nothing to play), and a reload that goes straight back to it. Then
// password sign-in by the keyboard, in a fresh profile at 1920×1080 and again at 1280×720: a wrong
// password says so, the right one comes to setup (/tv served `Referrer-Policy: same-origin`, so
// 69 sends its Origin). Then, in a fresh profile, the service worker: it registers and controls /tv, answers media from the
// media cache with Range support. Then, in another fresh profile, the playback journey without
// pairing (seeded over HTTP: a real PNG and WebM clip uploaded, a playlist [image 3 s, clip], an
// ad space, a registered TV): the files land in the media cache, the image shows, the clip plays,
// the loop comes back, the front layer never blank; plays and a heartbeat reach the server; with
// the server stopped playback goes on and a reload plays from the cache; restarted, the plays
// recorded meanwhile arrive, none twice; then a portrait space. Last, in a fresh profile again,
// the marketplace journey (seeded over HTTP with a super-user from SUPER_USER_EMAILS: a monetized
// space playing [poster, ad slot, poster], a buyer's funded campaign on it): approved, its
// creative plays in the slot with its QR code (gone on the next item), the heartbeat reports it
// ready, the play is billed by the settlement worker behind the upload (issue 17: every play the
// TV sent passes the arrival rules, offered by the manifest it was sent, within its slot, one at
// a time; the check waits until nothing is settling and reads the verdicts), the ledger audit is
// clean; paused, with a house ad set, the slot plays the house ad without a QR code. Then the
// commands journey (issue 23): identify shown and acknowledged, a screenshot uploaded, a takeover
// message shown, acknowledged and ended. Then the power schedule (issue 23): on hours that leave
// now off turn the playing TV black (a black cover over the whole screen) and nothing starts;
// removed, it plays again. Saves a screenshot of each layout and of each screen
// (and, as headless 69 leaves videos out of screenshots, the clip's decoded frame). `npm test`
// runs it after the build; about 2 min 5 s.
//
//   npm run build -w @screenline/player && node scripts/player-chromium69.mjs [--json=<file>]
//
// PLAYER69_PORT (default 3110) is the server's port; PLAYER69_SHOTS (default a temp directory)
// where the screenshots go; PLAYER69_ONLY (comma-separated: layouts, pairing, password,
// service-worker, playback, marketplace, commands, power) runs only those journeys. The browser and driver come from scripts/chromium69.mjs.
/* global window, document, getComputedStyle, caches, MutationObserver, HTMLInputElement -- page.evaluate runs in the browser. */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import * as esbuild from 'esbuild';
import { ensureChromium69 } from './chromium69.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PLAYER69_PORT ?? 3110);
const baseUrl = `http://127.0.0.1:${port}`;
const shots = process.env.PLAYER69_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'player69-'));
fs.mkdirSync(shots, { recursive: true });
const jsonOut = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
/** PLAYER69_ONLY=password,pairing runs only those journeys (while working on one); default all. */
const only = process.env.PLAYER69_ONLY?.split(',').map((name) => name.trim());
const runs = (journey) => !only || only.includes(journey);

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
    spaces: ['Bar screen', 'Door screen', 'Till screen', 'Window screen'],
    /** The space a TV is set up for over HTTP first: its card says so, choosing it asks. */
    hasTv: 'Door screen',
    location: 'Harbour, Springfield',
    continue: 'Continue to Player',
    minQrSize: 300,
    /** After Continue: the playing screen, idle for a space without a playlist. */
    idle: {
      title: 'Waiting for content',
      status: 'Nothing is scheduled for this ad space now.',
    },
  },
  /** The playback journey: the playlist [image, clip] and how long the server stays away. */
  playback: { imageSeconds: 3, offlineSeconds: 10 },
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

/** PLAYER69_START_SECONDS (default 150): how long the server may take to start (a loaded machine). */
const startMs = Number(process.env.PLAYER69_START_SECONDS ?? 150) * 1000;

async function waitForHealth(server, deadline = Date.now() + startMs) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${startMs / 1000} s`);
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
        // The playback journey waits for the manifest, heartbeats and plays: the shortest intervals.
        PLAYER_POLL_INTERVAL_SECONDS: '5',
        PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS: '5',
        // The marketplace journey's super-user (approves the monetization, top-up and campaign).
        SUPER_USER_EMAILS: SUPER_USER_EMAIL,
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
  // Every console error counts, Chromium's "Failed to load resource" for a 4xx included: the
  // pairing poll's "not yet" comes as 202 (issue 21, lows: it logged an error every poll).
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  const polls = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/device/token')) polls.push(response.status());
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.setViewport({ width: layout.width, height: layout.height });
  const response = await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('h1', { timeout: 10_000 }).catch(() => undefined);
  // The pairing code comes from the server after the first render.
  await page
    .waitForSelector('[data-testid="pairing-code"]', { timeout: 10_000 })
    .catch(() => undefined);
  // The poll runs every second here: a few of them, waiting.
  await new Promise((resolve) => setTimeout(resolve, 3_500));

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
    `${label}: the pairing poll waits on 202 answers, not errors (issue 21)`,
    polls.length >= 2 && polls.every((status) => status === 202),
    JSON.stringify(polls),
  );
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

/** A screen owner signs up on the web (here, over HTTP): headers with the session cookie. */
async function signUpOwner(prefix) {
  const { email, session } = await signUp(`${prefix}-${Date.now()}@example.com`, 'advertiser');
  return { email, owner: session };
}

/** Someone signs up with `email` and picks `role` (advertiser: screen owner; publisher: ad buyer). */
async function signUp(email, role) {
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const answer = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'TV check' }),
  });
  if (!answer.ok) throw new Error(`sign-up answered ${answer.status}`);
  // Sign-up makes no session: sign in next.
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = { ...headers, cookie };
  await call('PATCH', '/api/v1/me', session, { role });
  return { email, session };
}

/**
 * Turns two-factor sign-in on, as a super-user must before acting as one (issue 18 item 4): the
 * password, then a first code from the secret in the otpauth:// URI. Answers the new session.
 */
async function withTwoFactor(session) {
  const enabled = await call('POST', '/api/auth/two-factor/enable', session, {
    password: 'correct-horse-battery',
  });
  const encoded = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  const secret = new TextDecoder().decode(base32.decode(encoded));
  const code = await createOTP(secret).hotp(Math.floor(Date.now() / 30_000));
  const verified = await fetch(`${baseUrl}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers: session,
    body: JSON.stringify({ code }),
  });
  if (!verified.ok) throw new Error(`two-factor verify answered ${verified.status}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...session, cookie };
}

/** A phone's side of pairing, from Node: sign up as a screen owner, claim the code, approve it. */
async function approveFromPhone(userCode) {
  const { email, owner } = await signUpOwner('tv69');
  const claim = await fetch(`${baseUrl}/api/auth/device?user_code=${userCode}`, { headers: owner });
  if (!claim.ok) throw new Error(`claiming the code answered ${claim.status}`);
  await call('POST', '/api/auth/device/approve', owner, { userCode });
  return { email, owner };
}

/** The open confirmation dialog's title and the focused control's text, or null when none is open. */
function openDialog(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="alertdialog"]');
    return dialog
      ? {
          title: dialog.querySelector('h2').textContent,
          focused: document.activeElement ? document.activeElement.textContent : null,
        }
      : null;
  });
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
 * them; Enter chooses the first, the arrows reach Continue, Enter saves; a reload goes straight
 * back to the playing screen (idle: the space has no playlist).
 */
async function checkPairingAndSetup(browser) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
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
  // Another TV of the owner's already plays one of them (issue 21 item 4).
  const { items: spaces } = await call('GET', '/api/v1/player/ad-spaces', owner);
  await call('POST', '/api/v1/player/devices', owner, {
    deviceKey: `other-tv-${Date.now()}`,
    adSpaceId: spaces.find((space) => space.name === EXPECTED.setup.hasTv).id,
    userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
    appVersion: '0.1.0',
  });
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="radio"]', { timeout: 10_000 }).catch(() => undefined);
  const listed = await page.evaluate(() =>
    [...document.querySelectorAll('[role="radio"]')].map((option) =>
      option.textContent.replace(/Has a TV · last seen .*$/, ''),
    ),
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
  const card = (index) => `${EXPECTED.setup.spaces[index]}${EXPECTED.setup.location}`;
  check(
    'setup: the first ad space has the focus, arrows move between them with a ring, Enter chooses',
    first.name === card(0) &&
      second.name.startsWith(card(1)) &&
      first.outline === 'solid 4px' &&
      second.outline === 'solid 4px' &&
      disabledAfter === false,
    JSON.stringify({ first, second, disabledAfter }),
  );

  // Issue 21 item 4: the fourth card is alone on the second row. Right from it goes nowhere
  // (it jumped diagonally to a card of the first row), Up goes to the card above it.
  const chosenName = () =>
    page.evaluate(() => {
      const chosen = document.querySelector('[role="radio"][aria-checked="true"]');
      // Without the tick the chosen card shows.
      return chosen ? chosen.textContent.replace(/^✓/, '') : null;
    });
  await page.keyboard.press('ArrowDown');
  const fourth = await focused(page);
  await page.keyboard.press('ArrowRight');
  const stillFourth = await focused(page);
  await page.keyboard.press('ArrowUp');
  const backUp = await focused(page);
  check(
    'setup: Down to the lone card of the second row; Right stays on it (no diagonal jump); Up returns',
    fourth.name === card(3) &&
      stillFourth.name === card(3) &&
      backUp.name.replace(/^✓/, '') === card(0),
    JSON.stringify({ fourth, stillFourth, backUp }),
  );

  // The space with a TV says so, and choosing it asks first: Back keeps the choice as it was,
  // "Play it here too" takes it.
  const hasTvLine = await page.evaluate(() => {
    const line = document.querySelector('[data-testid="has-tv"]');
    return line
      ? { text: line.textContent, card: line.closest('[role="radio"]').textContent }
      : null;
  });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const asked = await openDialog(page);
  await shoot(page, 'setup-has-tv-1920x1080');
  await page.keyboard.press('Escape');
  const afterBack = { dialog: await page.$('[role="alertdialog"]'), chosen: await chosenName() };
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const afterConfirm = { dialog: await page.$('[role="alertdialog"]'), chosen: await chosenName() };
  check(
    `setup: "${EXPECTED.setup.hasTv}" says it has a TV; OK asks (Cancel focused), Back keeps the choice, "Play it here too" takes it`,
    hasTvLine !== null &&
      /^Has a TV · last seen (just now|1 minute ago)$/.test(hasTvLine.text) &&
      hasTvLine.card.startsWith(EXPECTED.setup.hasTv) &&
      asked !== null &&
      asked.title === `${EXPECTED.setup.hasTv} already has a TV` &&
      asked.focused === 'Cancel' &&
      afterBack.dialog === null &&
      afterBack.chosen === card(0) &&
      afterConfirm.dialog === null &&
      afterConfirm.chosen !== null &&
      afterConfirm.chosen.startsWith(card(1)),
    JSON.stringify({
      hasTvLine,
      asked,
      afterBack: afterBack.chosen,
      afterConfirm: afterConfirm.chosen,
    }),
  );
  // Back to the first space: it has no TV, so OK takes it at once.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const rechosen = await chosenName();
  check(
    'setup: a space without a TV is chosen by OK at once',
    rechosen === card(0) && (await page.$('[role="alertdialog"]')) === null,
    JSON.stringify(rechosen),
  );
  await shoot(page, 'setup-list-1920x1080');
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'setup-list-1080x1920');
  await page.setViewport({ width: 1920, height: 1080 });

  // Issue 21 item 4: Down from the cards lands on Continue, whatever card (the first row's
  // first card is over Sign out's side); Sign out is two Lefts away and asks first.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const onContinue = await focused(page);
  check(
    'setup: ArrowDown from the cards lands on Continue to Player, with a ring',
    onContinue.name === EXPECTED.setup.continue && onContinue.outline === 'solid 4px',
    JSON.stringify(onContinue),
  );
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const onSignOut = await focused(page);
  await page.keyboard.press('Enter');
  const signOutAsked = await openDialog(page);
  await shoot(page, 'setup-sign-out-1920x1080');
  // Arrows stay in the dialog; Back cancels, and the TV is still signed in and set up.
  await page.keyboard.press('ArrowUp');
  const stillInDialog = await focused(page);
  await page.keyboard.press('Escape');
  const afterCancel = await page.evaluate(() => ({
    dialog: document.querySelector('[role="alertdialog"]') !== null,
    signedIn: document.querySelector('[data-testid="signed-in"]') !== null,
    focused: document.activeElement ? document.activeElement.textContent : null,
  }));
  check(
    'setup: Sign out asks first (Cancel focused, arrows stay inside); Back cancels and keeps the TV signed in',
    onSignOut.name === 'Sign out' &&
      signOutAsked !== null &&
      signOutAsked.title === 'Sign out of this TV?' &&
      signOutAsked.focused === 'Cancel' &&
      stillInDialog.name === 'Cancel' &&
      !afterCancel.dialog &&
      afterCancel.signedIn &&
      afterCancel.focused === 'Sign out',
    JSON.stringify({ onSignOut, signOutAsked, stillInDialog, afterCancel }),
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  // Read at once: the hint stays 10 s, and the playing screen may take longer to settle.
  const hint = await page
    .waitForSelector('[data-testid="menu-hint"]', { timeout: 10_000 })
    .then(() =>
      page.evaluate(() => document.querySelector('[data-testid="menu-hint"]').textContent),
    )
    .catch(() => null);
  // The playing screen; a space with nothing to play shows the idle screen over the stage.
  // The starting screen (idle, "Content appears here…") comes first; once the media cache is
  // open the stage is up under the idle screen, whose status line follows the first manifest.
  const playingScreen = () =>
    page
      .waitForFunction(
        (status) => {
          const line = document.querySelector('[data-testid="idle-screen"] [role="status"]');
          return (
            document.querySelector('[data-testid="stage"]') !== null &&
            line !== null &&
            line.textContent.trim() === status
          );
        },
        { timeout: 15_000 },
        EXPECTED.setup.idle.status,
      )
      .catch(() => undefined)
      .then(() =>
        page.evaluate(() => ({
          hasStage: document.querySelector('[data-testid="stage"]') !== null,
          lines: [
            ...document.querySelectorAll(
              '[data-testid="idle-screen"] h2, [data-testid="idle-screen"] p',
            ),
          ].map((element) => element.textContent.trim()),
        })),
      )
      .catch(() => null);
  const expectedIdle = [
    EXPECTED.setup.idle.title,
    `${EXPECTED.setup.spaces[0]} · ${EXPECTED.setup.location}`,
    EXPECTED.setup.idle.status,
  ];
  const isIdleScreen = (seen) =>
    seen !== null && seen.hasStage && seen.lines.join('|') === expectedIdle.join('|');
  const playing = await playingScreen();
  check(
    `setup: Continue shows the playing screen, idle: "${EXPECTED.setup.idle.title}" (nothing to play)`,
    isIdleScreen(playing),
    JSON.stringify(playing),
  );
  await shoot(page, 'idle-1920x1080');
  // Issue 21 item 4: the first time, the TV says how to reach the menu; OK opens it.
  await page.keyboard.press('Enter');
  const menu = await page
    .waitForSelector('[role="dialog"][aria-label="Menu"]', { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  await shoot(page, 'menu-by-ok-1920x1080');
  await page.keyboard.press('Escape');
  const menuClosed = (await page.$('[role="dialog"][aria-label="Menu"]')) === null;
  check(
    'playing: "Press OK for the menu" shows the first time; OK opens the menu, Back closes it',
    hint === 'Press OK for the menu' && menu && menuClosed,
    JSON.stringify({ hint, menu, menuClosed }),
  );

  // Not networkidle0: the playing screen keeps the change stream (/api/v1/player/events) open.
  await page.reload({ waitUntil: 'load' });
  const afterReload = await playingScreen();
  const hintAgain = (await page.$('[data-testid="menu-hint"]')) !== null;
  check(
    'setup: a reload goes straight back to the playing screen (device kept in localStorage), without the menu hint',
    isIdleScreen(afterReload) && !hintAgain,
    JSON.stringify({ afterReload, hintAgain }),
  );
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'idle-1080x1920');
  check('pairing and setup: no page or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/** A TV whose stored device no longer works: the sign-in screen then says why (a notice). */
const REVOKED_DEVICE = {
  deviceId: 'revoked-tv',
  token: 'sld_no-longer-valid',
  adSpace: {
    id: '00000000-0000-4000-8000-000000000000',
    name: 'Gone',
    orientation: 'landscape',
    location: { id: 'l', name: 'Harbour', city: 'Springfield', timeZone: 'UTC' },
  },
};

/**
 * Issue 21 item 3: the sign-in screen fits the TV without scrolling, the "signed out" notice
 * above it included: heading, fields, Sign in, the QR code and the code on screen, the code on
 * one line, nothing past the right edge; the arrow keys walk the form and the page never
 * scrolls (the QR code was cut off once focus moved). At 390 px wide (a phone opening /tv) only
 * the width counts: no horizontal overflow, the code on one line.
 */
async function checkSignInFits(browser, layout, { withNotice }) {
  const label = `sign-in ${layout.width}×${layout.height}${withNotice ? ' with the signed-out notice' : ''}`;
  const page = await browser.newPage();
  await page.setViewport(layout);
  if (withNotice) {
    await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
    await page.evaluate(
      (device) => window.localStorage.setItem('screenline.tv.device', JSON.stringify(device)),
      REVOKED_DEVICE,
    );
  }
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="pairing-code"]', { timeout: 15_000 }).catch(() => {});
  if (withNotice) await page.waitForSelector('[role="alert"]', { timeout: 15_000 }).catch(() => {});
  const measure = () =>
    page.evaluate(() => {
      const box = (selector) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
      };
      const code = document.querySelector('[data-testid="pairing-code"]');
      return {
        notice: document.querySelector('[role="alert"]') !== null,
        scrollHeight: document.documentElement.scrollHeight,
        scrollWidth: document.documentElement.scrollWidth,
        scrollY: window.pageYOffset,
        codeLines: code
          ? Math.round(
              code.getBoundingClientRect().height / parseFloat(getComputedStyle(code).lineHeight),
            )
          : 0,
        boxes: [
          'h1',
          '#tv-email',
          'button[type="submit"]',
          '[data-testid="pairing-qr"]',
          '[data-testid="pairing-code"]',
        ].map(box),
        focused: document.activeElement
          ? document.activeElement.id || document.activeElement.textContent.trim()
          : null,
      };
    });
  const first = await measure();
  const isNarrow = layout.width < 600;
  const inside = (b) =>
    b !== null && b.top >= 0 && b.left >= 0 && b.bottom <= layout.height && b.right <= layout.width;
  check(
    isNarrow
      ? `${label}: nothing past the right edge, the code on one line`
      : `${label}: fits without scrolling, everything on screen, the code on one line`,
    first.notice === withNotice &&
      first.scrollWidth <= layout.width &&
      first.codeLines === 1 &&
      (isNarrow || (first.scrollHeight <= layout.height && first.boxes.every(inside))),
    JSON.stringify(first),
  );
  if (!isNarrow) {
    const walked = [];
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('ArrowDown');
      const now = await measure();
      walked.push({ focused: now.focused, scrollY: now.scrollY, qr: now.boxes[3] });
    }
    check(
      `${label}: ArrowDown walks the form and the screen never scrolls (QR code stays whole)`,
      walked.map((w) => w.focused).join('|') === EXPECTED.keyboardPath.join('|') &&
        walked.every((w) => w.scrollY === 0 && inside(w.qr)),
      JSON.stringify(walked),
    );
  }
  await shoot(page, `sign-in${withNotice ? '-notice' : ''}-${layout.width}x${layout.height}`);
  await page.close();
}

/** Password sign-in (issue 18 item 8) at these TV sizes, each in a fresh page. */
const PASSWORD_LAYOUTS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];

/**
 * Password sign-in by remote control in 69: a wrong password shows the credential error (not
 * "This site is not allowed…": the origin check let the TV's own POST through), then the right
 * one signs in and the TV comes to setup. Under helmet's `Referrer-Policy: no-referrer` Chromium
 * 69 sent `Origin: null` with this POST and Better Auth answered 403 (issue 18 item 8); /tv is
 * served with `same-origin` now (plugins/hosting.ts).
 */
async function checkPasswordSignIn(browser, layout) {
  const label = `password sign-in ${layout.width}×${layout.height}`;
  const { email } = await signUp(`tv69-password-${Date.now()}@example.com`, 'advertiser');
  const page = await browser.newPage();
  const problems = [];
  const signIns = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = response.url();
    if (url.endsWith('/api/auth/sign-in/email')) {
      signIns.push(response.status());
      return;
    }
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${url}`);
  });
  await page.setViewport(layout);
  const served = await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#tv-email', { timeout: 10_000 });
  await page.waitForSelector('[data-testid="pairing-code"]', { timeout: 10_000 });
  const signInBoxes = await page.evaluate(() =>
    ['h1', '#tv-email', '[data-testid="pairing-qr"]', 'button[type="submit"]'].map((selector) => {
      const rect = document.querySelector(selector).getBoundingClientRect();
      return { selector, top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    }),
  );
  check(
    `${label}: the sign-in screen fits (heading, email, QR code and Sign in on screen)`,
    signInBoxes.every(
      (b) => b.top >= 0 && b.left >= 0 && b.bottom <= layout.height && b.right <= layout.width,
    ),
    JSON.stringify(signInBoxes),
  );
  await shoot(page, `password-sign-in-${layout.width}x${layout.height}`);

  // The remote's way in: ArrowDown to each field, typed text, Enter on Sign in.
  const typeAndSubmit = async (password) => {
    await page.evaluate(() => {
      if (document.activeElement) document.activeElement.blur();
    });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type(email);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type(password);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  };
  const clearFields = () =>
    page.evaluate(() => {
      // React tracks the value it last set: clear through the native setter, then an input event.
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      for (const id of ['tv-email', 'tv-password']) {
        const input = document.getElementById(id);
        set.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });

  await typeAndSubmit('not-the-password');
  const refusal = await page
    .waitForSelector('[role="alert"]', { timeout: 10_000 })
    .then(() => page.evaluate(() => document.querySelector('[role="alert"]').textContent.trim()))
    .catch(() => null);
  check(
    `${label}: a wrong password says so (the origin check let the TV's POST through)`,
    refusal === 'The email or password is not correct.' && signIns[0] === 401,
    JSON.stringify({ refusal, signIns }),
  );

  await clearFields();
  await typeAndSubmit('correct-horse-battery');
  const signedIn = await page
    .waitForSelector('[data-testid="signed-in"]', { timeout: 15_000 })
    .then(() =>
      page.evaluate(() => document.querySelector('[data-testid="signed-in"]').textContent),
    )
    .catch(() => null);
  const empty = await page
    .waitForSelector('#empty-title', { timeout: 10_000 })
    .then(() => page.evaluate(() => document.querySelector('#empty-title').textContent.trim()))
    .catch(() => null);
  check(
    `${label}: the right password signs in (200) and the TV comes to setup, "${EXPECTED.setup.empty}"`,
    signIns[1] === 200 && signedIn === `Signed in as ${email}` && empty === EXPECTED.setup.empty,
    JSON.stringify({ signIns, signedIn, empty }),
  );
  check(
    `${label}: /tv served with Referrer-Policy same-origin, no page or HTTP error`,
    served.headers()['referrer-policy'] === 'same-origin' && problems.length === 0,
    JSON.stringify({ policy: served.headers()['referrer-policy'], problems }),
  );
  // Every part of setup on screen, none over another (a 720p TV has two thirds of the room).
  const boxes = await page.evaluate(() => {
    const box = (selector) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    return {
      header: box('header'),
      title: box('#empty-title'),
      qr: box('[data-testid="ad-spaces-qr"]'),
      refresh: box('[data-testid="setup-refresh"]'),
    };
  });
  const inside = (b) =>
    b !== null && b.top >= 0 && b.left >= 0 && b.bottom <= layout.height && b.right <= layout.width;
  check(
    `${label}: setup fits the screen, the header, heading, QR code and Refresh one under another`,
    Object.values(boxes).every(inside) &&
      boxes.header.bottom <= boxes.title.top &&
      boxes.title.bottom <= boxes.qr.top &&
      boxes.qr.bottom <= boxes.refresh.top,
    JSON.stringify(boxes),
  );
  await shoot(page, `password-setup-${layout.width}x${layout.height}`);
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
 * `tee()`, `navigator.storage`). The playback journey (checkPlayback) takes the network away.
 */
async function checkServiceWorker(browser) {
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

  check('service worker: no page error', problems.length === 0, problems.join('; '));
  await page.close();
}

const FIXTURES = path.join(root, 'e2e/fixtures');
/** The e2e fixtures (e2e/support/tv.ts): a real PNG and a real 2-second WebM clip. */
const SAMPLES = {
  image: { file: 'sample-image.png', type: 'image/png', width: 640, height: 360, durationMs: null },
  video: {
    file: 'sample-clip.webm',
    type: 'video/webm',
    width: 320,
    height: 240,
    durationMs: 2000,
  },
};

/** The media cache's key of a file: its MD5 as base64url without padding (`/tv/media/<key>`). */
const mediaKey = (md5) => md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Adds a fixture (SAMPLES[kind]) to the owner's library. */
async function addToLibrary(owner, name, kind) {
  const sample = SAMPLES[kind];
  return uploadToLibrary(owner, name, {
    ...sample,
    kind,
    bytes: fs.readFileSync(path.join(FIXTURES, sample.file)),
  });
}

/**
 * Uploads a file through the storage service as the web app does (a Firebase multipart upload
 * with the owner's storage token) and adds it to the library: its id and media cache key.
 */
async function uploadToLibrary(owner, name, sample) {
  const { bytes, kind } = sample;
  const me = await call('GET', '/api/v1/me', owner);
  const { token } = await call('GET', '/api/auth/token', owner);
  const objectPath = `users/${me.uid}/content/${crypto.randomUUID()}.${sample.file.split('.').pop()}`;
  const boundary = `screenline-${crypto.randomBytes(8).toString('hex')}`;
  const resource = {
    name: objectPath,
    fullPath: objectPath,
    size: bytes.length,
    contentType: sample.type,
  };
  const upload = await fetch(
    `${baseUrl}/v0/b/screenline/o?name=${encodeURIComponent(objectPath)}`,
    {
      method: 'POST',
      headers: {
        authorization: `Firebase ${token}`,
        'x-goog-upload-protocol': 'multipart',
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(resource)}\r\n`,
        ),
        Buffer.from(`--${boundary}\r\nContent-Type: ${sample.type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--`),
      ]),
    },
  );
  if (!upload.ok) {
    throw new Error(`uploading ${sample.file} answered ${upload.status}: ${await upload.text()}`);
  }
  const item = await call('POST', '/api/v1/content', owner, {
    name,
    objectPath,
    kind,
    width: sample.width,
    height: sample.height,
    durationMs: sample.durationMs,
  });
  return { id: item.id, key: mediaKey(crypto.createHash('md5').update(bytes).digest('base64')) };
}

/**
 * What the phone and the web would have made before a TV plays (no pairing: over HTTP): an owner,
 * the image and the clip in the library, a playlist [image 3 s, clip], a location, a landscape and
 * a portrait ad space playing it, and a TV registered for each (the device setup saves).
 */
async function seedPlayback() {
  const { owner } = await signUpOwner('tv69-play');
  const image = await addToLibrary(owner, 'Harbour poster', 'image');
  const video = await addToLibrary(owner, 'Harbour clip', 'video');
  const playlist = await call('POST', '/api/v1/playlists', owner, {
    name: 'Harbour loop',
    items: [
      {
        id: 'poster',
        type: 'content',
        contentId: image.id,
        kind: 'image',
        durationSeconds: EXPECTED.playback.imageSeconds,
      },
      { id: 'clip', type: 'content', contentId: video.id, kind: 'video' },
    ],
  });
  const place = await call('POST', '/api/v1/locations', owner, {
    name: 'Quay',
    address: { line: '2 Quay', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  return {
    owner,
    keys: [image.key, video.key],
    landscape: await addSpaceWithTv(owner, place, playlist, 'Quay landscape', 'landscape'),
    portrait: await addSpaceWithTv(owner, place, playlist, 'Quay portrait', 'portrait'),
  };
}

/**
 * An ad space at `place` playing `playlist`, and a TV registered for it: the device as the TV's
 * setup saves it in localStorage ('screenline.tv.device').
 */
async function addSpaceWithTv(owner, place, playlist, name, orientation) {
  const portrait = orientation === 'portrait';
  const space = await call('POST', '/api/v1/ad-spaces', owner, {
    name,
    locationId: place.id,
    orientation,
    resolutionWidth: portrait ? 1080 : 1920,
    resolutionHeight: portrait ? 1920 : 1080,
    defaultPlaylistId: playlist.id,
  });
  const registration = await call('POST', '/api/v1/player/devices', owner, {
    deviceKey: crypto.randomBytes(24).toString('hex'),
    adSpaceId: space.id,
    userAgent: 'Chromium 69 check',
    appVersion: 'check',
  });
  return {
    deviceId: registration.deviceId,
    token: registration.token,
    adSpace: {
      id: space.id,
      name: space.name,
      orientation,
      location: {
        id: place.id,
        name: place.name,
        city: place.address.city,
        timeZone: place.timeZone,
      },
    },
  };
}

/** The owner's plays report's address, yesterday to tomorrow (any zone's today). */
function playsUrlOf(adSpaceId) {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `/api/v1/ad-spaces/${adSpaceId}/plays?from=${day(-1)}&to=${day(1)}`;
}

/** The owner's plays report (ZPlaysReport). */
const playsReportOf = (owner, adSpaceId) => call('GET', playsUrlOf(adSpaceId), owner);

/** The plays report's count and the CSV's play ids. */
async function playsOf(owner, adSpaceId) {
  const url = playsUrlOf(adSpaceId);
  const report = await call('GET', url, owner);
  const csv = await fetch(`${baseUrl}${url}`, { headers: { ...owner, accept: 'text/csv' } });
  if (!csv.ok) throw new Error(`GET ${url} as CSV answered ${csv.status}`);
  const ids = (await csv.text())
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0]);
  return { count: report.totals.plays, ids };
}

/** Asks `probe` every half second until it answers something `isDone` accepts, or the time is up. */
async function poll(probe, isDone, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await probe().catch((error) => ({ error: String(error) }));
    if (isDone(last) || Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Runs in the page from its first script on (evaluateOnNewDocument): what the front layer of the
 * stage shows (the layer the DOM stage raised to z-index 2), five times a second and at every
 * change of the page (a MutationObserver on styles, sources and elements: a layer raised, an
 * element added or removed), so a blank moment between two items is caught however short.
 */
function installStageSampler() {
  window.__tvFrames = [];
  const sample = (cause) => {
    const layers = [...document.querySelectorAll('[data-playback-slot]')];
    const front = layers.find((layer) => layer.style.zIndex === '2');
    const frame = {
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
      const image = front.querySelector('img');
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
    window.__tvFrames.push(frame);
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
function stageFrames(page) {
  const frames = [];
  const drain = async () => {
    const fresh = await page.evaluate(() => (window.__tvFrames ? window.__tvFrames.splice(0) : []));
    frames.push(...fresh);
  };
  return {
    frames,
    /** The index of the first frame from `from` on that `isWanted` accepts, or -1 at the deadline. */
    async waitFor(isWanted, { from = frames.length, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await drain().catch(() => undefined);
        const index = frames.findIndex((frame, i) => i >= from && isWanted(frame));
        if (index !== -1 || Date.now() > deadline) return index;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async collect(ms) {
      const from = frames.length;
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        await drain().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await drain().catch(() => undefined);
      return frames.slice(from);
    },
  };
}

const isMedia = (frame) => frame.src !== undefined && frame.src.startsWith('/tv/media/');
/** The image on screen: drawn in the front layer, the idle screen gone. */
const isImageShown = (frame) =>
  frame.kind === 'image' && frame.shown && !frame.idle && isMedia(frame);
const isVideoShown = (frame) =>
  frame.kind === 'video' && frame.shown && !frame.idle && isMedia(frame);
/** Blank: nothing in front, a front layer not yet drawn, or the idle screen over the stage. */
const blanks = (frames) => frames.filter((frame) => frame.idle || !frame.shown);
/** The order of what was shown, runs of one kind collapsed: "image video image". */
const sequence = (frames) =>
  frames
    .map((frame) => frame.kind)
    .filter((kind, index, all) => index === 0 || all[index - 1] !== kind)
    .join(' ');
const describeBlanks = (frames) =>
  JSON.stringify(blanks(frames).slice(0, 3)) + ` (${blanks(frames).length} of ${frames.length})`;

/**
 * The front video's current frame, drawn on a canvas in the page: its mean brightness (0–255) and
 * a PNG of it. Headless Chromium 69 leaves videos out of page screenshots (the frame decodes, as
 * this shows, but the capture has a black layer), so this file is the one to look at.
 */
async function videoFrame(page, name) {
  const frame = await page.evaluate(() => {
    const front = [...document.querySelectorAll('[data-playback-slot]')].find(
      (layer) => layer.style.zIndex === '2',
    );
    const video = front ? front.querySelector('video') : null;
    if (!video || video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    context.drawImage(video, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
    return { brightness: sum / (data.length / 4), png: canvas.toDataURL('image/png') };
  });
  if (!frame) return null;
  const file = path.join(shots, `tv-chromium69-${name}.png`);
  fs.writeFileSync(file, Buffer.from(frame.png.split(',')[1], 'base64'));
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
async function checkPlayback(browser, { stopServer, restartServer }) {
  const seed = await seedPlayback();
  const page = await browser.newPage();
  const problems = [];
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
  await page.evaluateOnNewDocument((saved) => {
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
    (entries) => Array.isArray(entries) && entries.join('|') === expectedEntries.join('|'),
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
    firstImage !== -1 && imageFrame.naturalWidth === SAMPLES.image.width,
    JSON.stringify(stage.frames.slice(-3)),
  );
  if (firstImage === -1) return page.close();
  await shoot(page, 'playback-image-1920x1080');

  const videoStart = await stage.waitFor((frame) => isVideoShown(frame) && frame.currentTime > 0, {
    from: firstImage,
    timeoutMs: EXPECTED.playback.imageSeconds * 1000 + 10_000,
  });
  const videoLater = await stage.waitFor(
    (frame) =>
      isVideoShown(frame) && frame.currentTime >= stage.frames[videoStart].currentTime + 0.4,
    { from: videoStart, timeoutMs: 5_000 },
  );
  const playing = stage.frames[videoLater];
  const brightness = videoLater === -1 ? null : await videoFrame(page, 'video-frame-1920x1080');
  check(
    'playback: then the clip plays in front (/tv/media/…, muted, currentTime advancing, a frame drawn)',
    videoStart !== -1 && videoLater !== -1 && playing.muted && !playing.paused && brightness > 10,
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
  const [plays, heartbeat] = await Promise.all([
    poll(
      () => playsOf(owner, spaceId),
      (seen) => seen.count >= 2,
      20_000,
    ),
    poll(
      () => call('GET', `/api/v1/ad-spaces/${spaceId}`, owner),
      (space) => space.player?.cache.filesReady === 2,
      20_000,
    ),
  ]);
  check(
    'proof of play: the plays reach the server (GET …/plays counts ≥ 2, CSV ids unique)',
    plays.count >= 2 && plays.ids.length === plays.count && new Set(plays.ids).size === plays.count,
    JSON.stringify(plays),
  );
  check(
    'heartbeat: the ad space shows its player, cache 2 of 2 files ready',
    heartbeat.player?.cache.filesReady === 2 &&
      heartbeat.player?.cache.filesNeeded === 2 &&
      heartbeat.player?.cache.problem === null,
    JSON.stringify(heartbeat.player ?? heartbeat),
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
  const offlineTimes = offline.filter(isVideoShown).map((frame) => frame.currentTime);
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
  const after = await poll(
    () => playsOf(owner, spaceId),
    (seen) => seen.count >= before.count + 3,
    45_000,
  );
  const kept = before.ids.every((id) => after.ids.includes(id));
  console.log(
    `    plays on the server: ${plays.count} first, ${before.count} when it stopped, ${after.count} after it returned`,
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
    }),
  );

  // The portrait ad space on the same TV: its device saved, the screen turned.
  await page.evaluate((saved) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(seed.portrait));
  await page.setViewport({ width: 1080, height: 1920 });
  await page.reload({ waitUntil: 'load' });
  const portraitImage = await stage.waitFor(isImageShown, { timeoutMs: 20_000 });
  const portraitBox = await page.evaluate(() => {
    const rect = document.querySelector('[data-testid="stage"]').getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  });
  if (portraitImage !== -1) await shoot(page, 'playback-image-1080x1920');
  const portraitVideo = await stage.waitFor(
    (frame) => isVideoShown(frame) && frame.currentTime > 0,
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
      portraitBrightness > 10 &&
      blanks(stage.frames.slice(portraitImage, portraitVideo + 1)).length === 0,
    JSON.stringify({ portraitImage, portraitVideo, portraitBox, portraitBrightness }),
  );
  check('playback: no page, console or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/** The super-user the server knows from the start (SUPER_USER_EMAILS): approves money and ads. */
const SUPER_USER_EMAIL = 'ops-tv69@example.com';

/**
 * A PNG of one colour (8-bit RGB): a real image the TV decodes, whose bytes (and so its media
 * cache key) differ from every other colour's.
 */
function solidPng(width, height, [red, green, blue]) {
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x += 1) row.set([red, green, blue], 1 + x * 3);
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pngSample = (file, color) => ({
  kind: 'image',
  file,
  type: 'image/png',
  width: 640,
  height: 360,
  durationMs: null,
  bytes: solidPng(640, 360, color),
});

/** The marketplace journey's playlist [poster, ad slot, poster] and its money (micros). */
const MARKET = {
  posterSeconds: 3,
  slotSeconds: 4,
  floorMicrosPerSecond: 500,
  bidMicrosPerSecond: 1_000,
  topUpMicros: 20_000_000,
  budgetMicros: 10_000_000,
  destinationUrl: 'https://example.com/harbour-offer',
};

/** A request that moves money, with the Idempotency-Key it must carry. */
const withKey = (session) => ({ ...session, 'idempotency-key': crypto.randomUUID() });

/**
 * What the web would have made before the TV shows an ad (over HTTP): an owner's space playing
 * [poster, ad slot, poster] with its TV, monetized at a floor (requested, approved by the
 * super-user); a buyer whose top-up the super-user approved, with an image creative and a
 * campaign on that space (today ± a day, a destination URL, bid above the floor) submitted but
 * not approved yet; a house ad in the super-user's library.
 */
async function seedMarketplace() {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { owner } = await signUpOwner('tv69-owner');
  const admin = await withTwoFactor((await signUp(SUPER_USER_EMAIL, 'advertiser')).session);
  const { session: buyer } = await signUp(`tv69-buyer-${Date.now()}@example.com`, 'publisher');

  const poster = await addToLibrary(owner, 'Harbour poster', 'image');
  const playlist = await call('POST', '/api/v1/playlists', owner, {
    name: 'Harbour with ads',
    items: [
      {
        id: 'poster-1',
        type: 'content',
        contentId: poster.id,
        kind: 'image',
        durationSeconds: MARKET.posterSeconds,
      },
      { id: 'ads', type: 'adSlot', lengthSeconds: MARKET.slotSeconds },
      {
        id: 'poster-2',
        type: 'content',
        contentId: poster.id,
        kind: 'image',
        durationSeconds: MARKET.posterSeconds,
      },
    ],
  });
  const place = await call('POST', '/api/v1/locations', owner, {
    name: 'Pier',
    address: { line: '3 Pier', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  const tv = await addSpaceWithTv(owner, place, playlist, 'Pier screen', 'landscape');
  const adSpaceId = tv.adSpace.id;
  const monetization = await call('POST', '/api/v1/monetization-requests', owner, {
    adSpaceId,
    floorMicrosPerSecond: MARKET.floorMicrosPerSecond,
  });
  await call('POST', `/api/v1/admin/monetization-requests/${monetization.id}/approve`, admin, {});

  const topUp = await call('POST', '/api/v1/wallet/top-ups', withKey(buyer), {
    amountMicros: MARKET.topUpMicros,
  });
  await call('POST', `/api/v1/admin/top-ups/${topUp.id}/approve`, withKey(admin), {});
  const creative = await uploadToLibrary(
    buyer,
    'Harbour offer',
    pngSample('harbour-offer.png', [234, 88, 12]),
  );
  const campaign = await call('POST', '/api/v1/campaigns', buyer, {
    name: 'Harbour offer',
    creativeIds: [creative.id],
    targeting: { adSpaceIds: [adSpaceId] },
    startDate: day(-1),
    endDate: day(1),
    dayparts: [],
    bidMicrosPerSecond: MARKET.bidMicrosPerSecond,
    budgetMicros: MARKET.budgetMicros,
    destinationUrl: MARKET.destinationUrl,
    category: 'travel',
  });
  await call('POST', `/api/v1/campaigns/${campaign.id}/submit`, buyer, {});
  const houseAd = await uploadToLibrary(
    admin,
    'Screenline house ad',
    pngSample('house-ad.png', [13, 148, 136]),
  );
  return { owner, admin, buyer, tv, adSpaceId, poster, creative, campaign, houseAd };
}

/**
 * The marketplace journey in 69 (issue 9), in a fresh profile: a monetized space's TV plays
 * [poster, ad slot, poster], the slot skipped while nothing fills it; the super-user approves a
 * campaign and the TV, told by the server's push, downloads the creative and plays it in the
 * slot with its QR code over it (a /q/ link that redirects to the destination), gone on the next
 * item; the heartbeat reports the creative ready, the play syncs and is billed, the ledger stays
 * balanced. Billing runs behind the upload (the settlement worker, within SETTLE_DELAY_MS = 10 s):
 * the checks wait until nothing is settling, then read the verdicts of the TV's real plays, every
 * one billed. Then, the campaign paused and a house ad set, the slot plays the house ad, no QR
 * code, unbilled; the only plays of the campaign refused are those started after the pause.
 */
async function checkMarketplace(browser) {
  const seed = await seedMarketplace();
  const { owner, admin, buyer, adSpaceId, campaign } = seed;
  const urlOf = (item) => `/tv/media/${item.key}`;
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(seed.tv));
  await page.evaluateOnNewDocument(installStageSampler);
  await page.setViewport({ width: 1920, height: 1080 });
  const stage = stageFrames(page);
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });

  const isShowing = (item) => (frame) => isImageShown(frame) && frame.src === urlOf(item);
  const firstPoster = await stage.waitFor(isShowing(seed.poster), { from: 0, timeoutMs: 30_000 });
  // One whole loop: with no campaign approved the monetized space's slot is skipped.
  const beforeApproval = await stage.collect(
    (MARKET.posterSeconds * 2 + MARKET.slotSeconds) * 1000,
  );
  check(
    'marketplace: a monetized space with no campaign plays its posters, the ad slot skipped, no QR code',
    firstPoster !== -1 &&
      beforeApproval.length > 0 &&
      beforeApproval.every((frame) => frame.src === urlOf(seed.poster) && frame.overlay === null) &&
      blanks(beforeApproval).length === 0,
    `${firstPoster}; ${sequence(beforeApproval)}; blank: ${describeBlanks(beforeApproval)}`,
  );

  const approvedAt = Date.now();
  await call('POST', `/api/v1/admin/campaigns/${campaign.id}/approve`, withKey(admin), {});
  const adStart = await stage.waitFor(isShowing(seed.creative), { timeoutMs: 40_000 });
  const adFrames = [];
  let next = -1;
  if (adStart !== -1) {
    console.log(
      `    the creative on screen ${((stage.frames[adStart].at - approvedAt) / 1000).toFixed(1)} s after the approval`,
    );
    await shoot(page, 'ad-with-qr-1920x1080');
    next = await stage.waitFor((frame) => isImageShown(frame) && !isShowing(seed.creative)(frame), {
      from: adStart,
      timeoutMs: (MARKET.slotSeconds + 3) * 1000,
    });
    adFrames.push(...stage.frames.slice(adStart, next === -1 ? undefined : next));
  }
  const overlay = adFrames.length > 0 ? adFrames[0].overlay : null;
  const qrUrl = overlay?.label?.startsWith('QR code: ') ? overlay.label.slice(9) : null;
  // 14 % of the stage's short side, in the bottom-right corner.
  const qrSide = Math.round(1080 * 0.14);
  check(
    'marketplace: once approved, the ad slot shows the creative from the cache (/tv/media/…) in front, with a QR code',
    adStart !== -1 &&
      adFrames.every((frame) => frame.overlay !== null && frame.overlay.label === overlay.label) &&
      qrUrl !== null &&
      Math.abs(overlay.width - qrSide) <= 1 &&
      overlay.right <= 1920 &&
      overlay.bottom <= 1080,
    JSON.stringify({ adStart, first: adFrames[0], frames: adFrames.length }),
  );
  const afterAd = next === -1 ? null : stage.frames[next];
  check(
    'marketplace: the QR code goes with the creative: the next item (the poster) has none',
    afterAd !== null && afterAd.src === urlOf(seed.poster) && afterAd.overlay === null,
    JSON.stringify(afterAd),
  );

  const scan = qrUrl
    ? await fetch(`${baseUrl}${new URL(qrUrl).pathname}`, { redirect: 'manual' })
    : null;
  check(
    "marketplace: the TV's QR code is the /q/ link that redirects (302) to the campaign's destination",
    scan !== null &&
      new URL(qrUrl).pathname.startsWith('/q/') &&
      scan.status === 302 &&
      scan.headers.get('location') === MARKET.destinationUrl,
    JSON.stringify({ qrUrl, status: scan?.status, location: scan?.headers.get('location') }),
  );

  const resultsUrl = `/api/v1/campaigns/${campaign.id}/results`;
  // Billed behind the upload: wait until a play is billed and none of the TV's is settling.
  const results = await poll(
    () => call('GET', resultsUrl, buyer),
    (seen) =>
      seen.readiness?.readyScreens === 1 &&
      seen.totals?.impressions >= 1 &&
      seen.totals?.spentMicros > 0 &&
      seen.totals?.qrScans >= 1 &&
      seen.settling?.plays === 0,
    45_000,
  );
  check(
    'marketplace: the heartbeat reports the creative in adCreativesReady (campaign results: ready on 1 of 1 screens)',
    results.readiness?.readyScreens === 1 && results.readiness?.targetedScreens === 1,
    JSON.stringify(results.readiness ?? results),
  );
  // Billed per second shown at the bid (floored per play); an image creative shows for the
  // slot's length, give or take the timer's lateness on a busy machine.
  const totals = results.totals ?? {};
  check(
    'marketplace: the ad play syncs and is billed (campaign results: impressions, shown ≈ the slot, spend > 0 at the bid, the QR scan)',
    totals.impressions >= 1 &&
      totals.shownMs >= totals.impressions * (MARKET.slotSeconds - 1) * 1000 &&
      totals.shownMs <= totals.impressions * (MARKET.slotSeconds + 2) * 1000 &&
      totals.spentMicros > 0 &&
      totals.spentMicros <= Math.floor((totals.shownMs * MARKET.bidMicrosPerSecond) / 1000) &&
      totals.qrScans >= 1 &&
      results.byAdSpace?.[0]?.adSpaceId === adSpaceId,
    JSON.stringify(results.totals ?? results),
  );
  // The proof that a real TV's plays pass the arrival and settlement rules: of every ad play the
  // TV in Chromium 69 sent while the campaign was live, none was refused (not offered, overlap,
  // clock ahead, …) and none is left settling.
  check(
    'marketplace: every ad play the TV sent is billed (campaign results: nothing unbilled, nothing settling)',
    Array.isArray(results.unbilled) &&
      results.unbilled.length === 0 &&
      results.settling?.plays === 0,
    JSON.stringify({ unbilled: results.unbilled, settling: results.settling }),
  );
  const [plays, ownerWallet] = await Promise.all([
    playsReportOf(owner, adSpaceId),
    call('GET', '/api/v1/wallet', owner),
  ]);
  const creativePlays = plays.byItem.find((item) => item.contentId === seed.creative.id);
  check(
    "marketplace: the owner's plays report lists the creative's play, its ad plays billed (none unbilled); the owner's wallet earned from it",
    creativePlays?.plays >= 1 &&
      plays.adPlays?.billed >= 1 &&
      plays.adPlays.unbilled.length === 0 &&
      ownerWallet.lifetimeEarnedMicros > 0,
    JSON.stringify({
      byItem: plays.byItem,
      adPlays: plays.adPlays,
      earned: ownerWallet.lifetimeEarnedMicros,
    }),
  );

  // The house ad: no campaign playable, the super-user's own item fills the slot, unbilled.
  const paused = await call('POST', `/api/v1/campaigns/${campaign.id}/pause`, buyer, {});
  await call('PUT', `/api/v1/admin/ad-playlists/${adSpaceId}`, admin, {
    pinnedCampaignIds: [],
    excludedCampaignIds: [],
    houseAdContentIds: [seed.houseAd.id],
  });
  const houseStart = await stage.waitFor(isShowing(seed.houseAd), { timeoutMs: 40_000 });
  if (houseStart !== -1) await shoot(page, 'house-ad-1920x1080');
  const houseEnd =
    houseStart === -1
      ? -1
      : await stage.waitFor((frame) => isImageShown(frame) && !isShowing(seed.houseAd)(frame), {
          from: houseStart,
          timeoutMs: (MARKET.slotSeconds + 3) * 1000,
        });
  const houseFrames = houseStart === -1 ? [] : stage.frames.slice(houseStart, houseEnd);
  check(
    'house ad: the campaign paused and a house ad set, the slot plays the house ad with no QR code',
    houseStart !== -1 && houseEnd !== -1 && houseFrames.every((frame) => frame.overlay === null),
    JSON.stringify({ houseStart, houseEnd, first: houseFrames[0] }),
  );
  const housePlays = await poll(
    () => playsReportOf(owner, adSpaceId),
    (seen) => seen.byItem?.some((item) => item.contentId === seed.houseAd.id),
    20_000,
  );
  // Plays of the creative the TV showed before the pause may arrive and be billed after it
  // (live means billable); each is at most the slot plus its tolerance at the bid. Plays it
  // started after the pause (before the push reached it) are refused as not live, nothing else.
  const afterHouse = await poll(
    () => call('GET', resultsUrl, buyer),
    (seen) => seen.settling?.plays === 0,
    30_000,
  );
  const latePlays = afterHouse.totals.impressions - results.totals.impressions;
  const lateMicros = afterHouse.totals.spentMicros - paused.spentMicros;
  const houseItem = housePlays.byItem?.find((item) => item.contentId === seed.houseAd.id);
  check(
    "house ad: its play syncs (the owner's plays report lists it), unbilled (the campaign is charged only for plays shown before the pause; later ones are refused as not live)",
    houseItem !== undefined &&
      afterHouse.settling?.plays === 0 &&
      lateMicros >= 0 &&
      lateMicros <=
        Math.max(0, latePlays) *
          Math.ceil(((MARKET.slotSeconds * 1000 + 500) * MARKET.bidMicrosPerSecond) / 1000) &&
      (afterHouse.unbilled ?? []).every((entry) => entry.reason === 'not-live'),
    JSON.stringify({
      house: houseItem,
      paused: paused.spentMicros,
      after: afterHouse.totals,
      unbilled: afterHouse.unbilled,
      settling: afterHouse.settling,
    }),
  );

  const audit = await call('GET', '/api/v1/admin/ledger/audit', admin);
  check(
    'marketplace: the ledger audit is balanced, nothing negative, no problems',
    audit.balanced &&
      audit.totalMicros === 0 &&
      audit.negativeWallets === 0 &&
      audit.problems.length === 0,
    JSON.stringify(audit),
  );
  check('marketplace: no page, console or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/**
 * Issue 23 in 69 (PLAYER69_ONLY=commands): a TV playing its space gets remote commands over its
 * event stream and a takeover from its manifest. Identify shows the name and code and is
 * acknowledged done; refresh fetches the manifest again, restart plays on, reload loads a new
 * page that plays again, each acknowledged done; a screenshot comes back as a JPEG (or, where 69 cannot draw the clip, the
 * reason) and finishes its command; a takeover message replaces playback within seconds, the TV
 * says it showed it, and ending it brings playback back.
 */
/** Runs in the page (69 has no `?.`): the text of the element `selector` finds, or null. */
function textOfSelector(selector) {
  const element = document.querySelector(selector);
  return element ? element.textContent : null;
}

/** Runs in the page: the stage's front layer holds an image or a video. */
function isFrontPlaying() {
  const front = Array.from(document.querySelectorAll('[data-playback-slot]')).filter(
    (layer) => layer.style.zIndex === '2',
  )[0];
  return !!front && !!front.querySelector('img, video');
}

async function checkCommands(browser) {
  const seed = await seedPlayback();
  const tv = seed.landscape;
  const spaceId = tv.adSpace.id;
  const owner = seed.owner;
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved) => {
    if (!window.localStorage.getItem('screenline.tv.device')) {
      window.localStorage.setItem('screenline.tv.device', saved);
    }
  }, JSON.stringify(tv));
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
  const playing = await poll(
    () => page.evaluate(isFrontPlaying),
    (isPlaying) => isPlaying === true,
    30_000,
  );
  check('commands: the TV plays its space', playing === true, JSON.stringify(playing));

  const commandState = (id) =>
    call('GET', `/api/v1/device-commands?adSpaceId=${spaceId}`, owner).then(
      (list) => list.items.find((command) => command.id === id) ?? null,
    );
  const [identify] = (
    await call('POST', '/api/v1/device-commands', owner, {
      kind: 'identify',
      adSpaceIds: [spaceId],
    })
  ).items;
  const shown = await poll(
    () => page.evaluate(textOfSelector, '[data-testid="identify"]'),
    (text) => typeof text === 'string' && text.includes(tv.adSpace.name),
    10_000,
  );
  const code = tv.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase();
  check(
    'commands: identify shows the name and code within seconds',
    typeof shown === 'string' && shown.includes(code),
    JSON.stringify({ shown, code }),
  );
  await shoot(page, 'commands-identify-1920x1080');
  const identified = await poll(
    () => commandState(identify.id),
    (c) => c?.state === 'done',
    10_000,
  );
  check(
    'commands: identify acknowledged delivered, then done',
    identified?.state === 'done' && identified.deliveredAt !== null,
    JSON.stringify(identified),
  );
  const gone = await poll(
    () => page.evaluate(() => document.querySelector('[data-testid="identify"]') === null),
    (isGone) => isGone === true,
    15_000,
  );
  check('commands: identify goes after 10 s', gone === true);

  // Refresh: the TV fetches its manifest again at once and says done.
  const manifestFetches = [];
  const onRequest = (request) => {
    if (request.url().includes('/api/v1/player/manifest')) manifestFetches.push(request.url());
  };
  page.on('request', onRequest);
  const [refresh] = (
    await call('POST', '/api/v1/device-commands', owner, { kind: 'refresh', adSpaceIds: [spaceId] })
  ).items;
  const refreshed = await poll(
    () => commandState(refresh.id),
    (c) => c?.state === 'done',
    10_000,
  );
  page.off('request', onRequest);
  check(
    'commands: refresh fetches the manifest again and is acknowledged done',
    refreshed?.state === 'done' && manifestFetches.length > 0,
    JSON.stringify({ state: refreshed?.state, fetches: manifestFetches.length }),
  );

  // Restart: done, and the stage plays on.
  const [restart] = (
    await call('POST', '/api/v1/device-commands', owner, { kind: 'restart', adSpaceIds: [spaceId] })
  ).items;
  const restarted = await poll(
    () => commandState(restart.id),
    (c) => c?.state === 'done',
    10_000,
  );
  const playsAfterRestart = await poll(
    () => page.evaluate(isFrontPlaying),
    (isPlaying) => isPlaying === true,
    15_000,
  );
  check(
    'commands: restart is acknowledged done and playback goes on',
    restarted?.state === 'done' && playsAfterRestart === true,
    JSON.stringify({ state: restarted?.state, playsAfterRestart }),
  );

  // Reload: done first (nothing runs after it), then a new page that plays again.
  await page.evaluate(() => {
    window.__beforeReload = true;
  });
  const [reload] = (
    await call('POST', '/api/v1/device-commands', owner, { kind: 'reload', adSpaceIds: [spaceId] })
  ).items;
  const reloaded = await poll(
    () => page.evaluate(() => window.__beforeReload !== true).catch(() => false),
    (isNew) => isNew === true,
    15_000,
  );
  const reloadState = await poll(
    () => commandState(reload.id),
    (c) => c?.state === 'done',
    10_000,
  );
  const playsAfterReload = await poll(
    () => page.evaluate(isFrontPlaying).catch(() => false),
    (isPlaying) => isPlaying === true,
    30_000,
  );
  check(
    'commands: reload is acknowledged done, loads a new page and plays again',
    reloaded === true && reloadState?.state === 'done' && playsAfterReload === true,
    JSON.stringify({ reloaded, state: reloadState?.state, playsAfterReload }),
  );

  const [screenshot] = (
    await call('POST', '/api/v1/device-commands', owner, {
      kind: 'screenshot',
      adSpaceIds: [spaceId],
    })
  ).items;
  const finished = await poll(
    () => commandState(screenshot.id),
    (c) => c?.state === 'done' || c?.state === 'failed',
    15_000,
  );
  const screenshots = await call('GET', `/api/v1/ad-spaces/${spaceId}/screenshots`, owner);
  const shot = screenshots.items[0];
  check(
    'commands: the screenshot finishes its command with a JPEG, or says why 69 could not capture',
    (finished?.state === 'done' && shot?.imageUrl?.startsWith('data:image/jpeg;base64,')) ||
      (finished?.state === 'failed' && typeof shot?.problem === 'string'),
    JSON.stringify({ finished, problem: shot?.problem, hasImage: !!shot?.imageUrl }),
  );
  if (shot?.imageUrl) {
    const file = path.join(shots, 'tv-chromium69-commands-capture.jpg');
    fs.writeFileSync(file, Buffer.from(shot.imageUrl.split(',')[1], 'base64'));
    console.log(`    capture: ${file}`);
  }

  const message = 'Please leave the building by the nearest exit.';
  const startedAt = Date.now();
  const takeover = await call('POST', '/api/v1/takeovers', owner, {
    kind: 'message',
    message,
    adSpaceIds: [spaceId],
    durationMinutes: 15,
  });
  const onScreen = await poll(
    () => page.evaluate(textOfSelector, '[data-testid="takeover"]'),
    (text) => text === message,
    15_000,
  );
  check(
    'commands: the takeover message replaces playback within seconds',
    onScreen === message,
    `${JSON.stringify(onScreen)} after ${Date.now() - startedAt} ms`,
  );
  await shoot(page, 'commands-takeover-1920x1080');
  const logged = await poll(
    () => call('GET', '/api/v1/takeovers', owner),
    (list) =>
      list.items?.some(
        (t) => t.id === takeover.id && t.shownOn.some((s) => s.deviceId === tv.deviceId),
      ),
    10_000,
  );
  check(
    'commands: the TV acknowledged showing the takeover (logged where it showed)',
    !!logged.items?.some((t) => t.id === takeover.id && t.shownOn.length === 1),
    JSON.stringify(logged.items?.[0]?.shownOn),
  );
  await call('POST', `/api/v1/takeovers/${takeover.id}/end`, owner, {});
  const resumed = await poll(
    () =>
      page.evaluate(() => {
        const front = Array.from(document.querySelectorAll('[data-playback-slot]')).filter(
          (layer) => layer.style.zIndex === '2',
        )[0];
        return (
          document.querySelector('[data-testid="takeover"]') === null &&
          !!front &&
          !!front.querySelector('img, video')
        );
      }),
    (isBack) => isBack === true,
    20_000,
  );
  check('commands: ended, the takeover goes and playback comes back', resumed === true);
  check('commands: no page or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/** HH:00 in `timeZone`, `hours` from now (wrapping past midnight). */
function hourFromNow(timeZone, hours) {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
      Date.now() + hours * 3_600_000,
    ),
  );
  return `${String(hour).padStart(2, '0')}:00`;
}

/** What covers the middle of the screen, and the power-off cover's box and colour (in the page). */
function readPowerCover() {
  const cover = document.querySelector('[data-power="off"]');
  const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  if (!cover) return { present: false };
  const box = cover.getBoundingClientRect();
  return {
    present: true,
    onTop: middle === cover,
    width: Math.round(box.width),
    height: Math.round(box.height),
    background: getComputedStyle(cover).backgroundColor,
  };
}

/**
 * The power schedule (issue 23 item 5) in 69: a TV playing an image is given on hours that begin
 * two hours from now; told by the push, it turns black (a cover over the whole 1920×1080 screen,
 * on top, black) and the stage stops; with the schedule removed it plays again. No page, console
 * or HTTP error.
 */
async function checkPowerOff(browser) {
  const { owner } = await signUpOwner('tv69-power');
  // Two images of 3 s: a loop that went on playing would start a new one within 5 s.
  const image = await addToLibrary(owner, 'Night poster', 'image');
  const second = await addToLibrary(owner, 'Night poster 2', 'image');
  const playlist = await call('POST', '/api/v1/playlists', owner, {
    name: 'Night loop',
    items: [
      { id: 'poster', type: 'content', contentId: image.id, kind: 'image', durationSeconds: 3 },
      { id: 'poster-2', type: 'content', contentId: second.id, kind: 'image', durationSeconds: 3 },
    ],
  });
  const timeZone = 'America/New_York';
  const place = await call('POST', '/api/v1/locations', owner, {
    name: 'Pier',
    address: { line: '3 Pier', city: 'Springfield', country: 'US' },
    timeZone,
    venueType: 'retail',
  });
  const tv = await addSpaceWithTv(owner, place, playlist, 'Pier screen', 'landscape');
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(tv));
  await page.evaluateOnNewDocument(installStageSampler);
  await page.setViewport({ width: 1920, height: 1080 });
  const stage = stageFrames(page);
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
  const shown = await stage.waitFor(isImageShown, { from: 0, timeoutMs: 30_000 });
  check(
    'power: the image plays before the schedule',
    shown !== -1,
    JSON.stringify(stage.frames.slice(-2)),
  );

  const url = `/api/v1/ad-spaces/${tv.adSpace.id}/power-schedule`;
  const saved = await fetch(`${baseUrl}${url}`, {
    method: 'PUT',
    headers: owner,
    body: JSON.stringify({
      powerSchedule: {
        ranges: [
          {
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            startTime: hourFromNow(timeZone, 2),
            endTime: hourFromNow(timeZone, 3),
          },
        ],
      },
    }),
  });
  check('power: the owner saves on hours that leave now off', saved.ok, String(saved.status));
  const savedAt = Date.now();
  const off = await poll(
    () => page.evaluate(readPowerCover),
    (cover) => cover?.present === true,
    20_000,
  );
  console.log(`    black ${Date.now() - savedAt} ms after the save`);
  check(
    'power: the TV turns black: a black cover over the whole screen, on top',
    off?.present &&
      off.onTop &&
      off.width === 1920 &&
      off.height === 1080 &&
      off.background === 'rgb(0, 0, 0)',
    JSON.stringify(off),
  );
  await shoot(page, 'power-off-1920x1080');
  // Nothing new starts while off: for 5 s no image element the stage had not shown before the
  // cover came (the loop of two 3 s images would start the next). What the front layer held may
  // stay under the cover, black on top of it.
  const before = stage.frames.length;
  const seen = new Set(stage.frames.map((frame) => frame.element));
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = await stage.waitFor((frame) => isImageShown(frame) && !seen.has(frame.element), {
    from: before,
    timeoutMs: 500,
  });
  check('power: no item starts while the screen is scheduled off', after === -1, '');

  const removed = await fetch(`${baseUrl}${url}`, {
    method: 'PUT',
    headers: owner,
    body: JSON.stringify({ powerSchedule: null }),
  });
  const back = await poll(
    () => page.evaluate(readPowerCover),
    (cover) => cover?.present === false,
    20_000,
  );
  const playing = await stage.waitFor(isImageShown, { timeoutMs: 15_000 });
  check(
    'power: always on again, the cover goes and the image plays',
    removed.ok && back?.present === false && playing !== -1,
    JSON.stringify({ status: removed.status, back }),
  );
  check('power: no page, console or HTTP error', problems.length === 0, problems.join('; '));
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
  /** A fresh profile (each launch has its own): no session, worker, device or cache from before. */
  const freshBrowser = async () => {
    await browser.close();
    browser = await puppeteer.launch({ executablePath, args });
    return browser;
  };
  if (runs('layouts')) {
    for (const layout of LAYOUTS) {
      const response = await checkLayout(browser, layout);
      if (layout === LAYOUTS[0]) {
        // An old TV must never keep a stale entry point.
        const cacheControl = response.headers()['cache-control'];
        check('/tv HTML is served no-store', cacheControl === 'no-store', cacheControl);
      }
    }
  }
  if (runs('layouts')) {
    const fits = await freshBrowser();
    for (const layout of PASSWORD_LAYOUTS) {
      await checkSignInFits(fits, layout, { withNotice: false });
      await checkSignInFits(fits, layout, { withNotice: true });
    }
    await checkSignInFits(fits, { width: 390, height: 844 }, { withNotice: false });
  }
  if (runs('pairing')) await checkPairingAndSetup(await freshBrowser());
  if (runs('password')) {
    // Each TV size starts signed out.
    for (const layout of PASSWORD_LAYOUTS) await checkPasswordSignIn(await freshBrowser(), layout);
  }
  if (runs('service-worker')) await checkServiceWorker(await freshBrowser());
  // The playback journey's TV starts with an empty media cache.
  if (runs('playback')) {
    await checkPlayback(await freshBrowser(), {
      stopServer: async () => {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      },
      // The same DATA_DIR: the plays recorded so far are still there.
      restartServer: async () => {
        server = startServer(dataDir);
        await waitForHealth(server);
      },
    });
  }
  // The marketplace journey's TV downloads only its own files.
  if (runs('marketplace')) await checkMarketplace(await freshBrowser());
  if (runs('commands')) await checkCommands(await freshBrowser());
  if (runs('power')) await checkPowerOff(await freshBrowser());
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
const failures = results.filter((r) => !r.isOk).map((r) => r.name);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, failures }));
process.exitCode = failed > 0 ? 1 : 0;
