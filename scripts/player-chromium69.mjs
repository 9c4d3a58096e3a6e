#!/usr/bin/env node
// The built TV player in a real Chromium 69 (Tizen 5.5; the closest to LG webOS 2020's 68), the
// oldest browser it must run in (STACK.md "Old Chromium"). Starts the server on a fresh embedded
// database, opens /tv at 1920×1080 and 1080×1920 through puppeteer-core 1.7.0 and checks that
// the page loads with no script or console error, renders, has its styles applied (elements with
// real sizes, computed styles), has the polyfills it needs, reaches its control by keyboard and is
// served `no-store`. Saves a screenshot of each layout. `npm test` runs it after the build.
//
//   npm run build -w @screenline/player && node scripts/player-chromium69.mjs [--json=<file>]
//
// PLAYER69_PORT (default 3110) is the server's port; PLAYER69_SHOTS (default a temp directory)
// where the screenshots go. The browser and driver come from scripts/chromium69.mjs.
/* global window, document, getComputedStyle -- page.evaluate runs in the browser. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium69 } from './chromium69.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PLAYER69_PORT ?? 3110);
const baseUrl = `http://127.0.0.1:${port}`;
const shots = process.env.PLAYER69_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'player69-'));
fs.mkdirSync(shots, { recursive: true });
const jsonOut = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);

/** What the player's first screen must show. Update with the screen (issue 8: sign-in). */
const EXPECTED = {
  heading: 'Screenline TV',
  control: 'Read the TV guide',
  /** Styles that only apply when the stylesheet was understood. */
  bodyBackground: 'rgb(11, 15, 25)',
  controlBackground: 'rgb(79, 70, 229)',
  headingFontSize: '48px',
  logoSize: 64,
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
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.setViewport({ width: layout.width, height: layout.height });
  const response = await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('h1', { timeout: 10_000 }).catch(() => undefined);

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
      return {
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

  // A remote control moves focus with keys: the first key press must land on the control.
  await page.keyboard.press('Tab');
  const focus = await page.evaluate(() => {
    const active = document.activeElement;
    const style = active ? getComputedStyle(active) : null;
    return {
      text: active ? active.textContent.trim() : null,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : null,
    };
  });

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
    `${label}: a key press focuses the control with a visible ring`,
    focus.text === EXPECTED.control && focus.outline === 'solid 4px',
    JSON.stringify(focus),
  );
  console.log(`    screenshot: ${file}`);
  return response;
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
