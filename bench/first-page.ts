// bench/first-page: how much JavaScript a browser downloads to show /signin, gzipped, as the
// budget of issue 6 item 7 counts it (at most 150 KiB).
//
//   npm run build -w @screenline/web && npx tsx bench/first-page.ts
//   npx tsx bench/first-page.ts /signin /help      other pages (each in a fresh browser context)
//
// The server runs in-process on the built app (apps/web/dist) with a temporary DATA_DIR, and
// Debian's Chromium loads each page signed out until the network is idle. Every script response
// is counted at its decoded size and at its gzip size (level 9, as a build-time precompressor
// writes it), whatever encoding the server used, so the figure does not depend on the server's
// compression settings. Exits 1 when /signin is over the budget. scripts/budgets.ts imports
// measureScripts for `npm test`'s budget check.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { loadAverageLine } from './load-average';

export const SIGNIN_BUDGET_KIB = 150;
const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type TScript = { url: string; bytes: number; gzipBytes: number };

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

/** The gzip-9 size of a script, as a build-time precompressor writes it. */
export const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

/**
 * The scripts each page loads signed out, in a fresh browser context each, on the built web app
 * served in-process. A page counts as loaded once its first heading shows and the network is then
 * idle: network idle alone can come between the entry's parse and the route's lazy chunks on a
 * busy machine, and the figure then misses the route.
 */
export async function measureScripts(pages: string[]): Promise<Map<string, TScript[]>> {
  await fs.access(path.join(WEB_DIST, 'index.html')).catch(() => {
    throw new Error(`no build in ${WEB_DIST}: run \`npm run build -w @screenline/web\` first`);
  });
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-first-page-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(workDir, 'data'),
    AUTH_RATE_LIMIT: 'false',
    WEB_DIST,
    PLAYER_DIST: path.join(workDir, 'no-player'),
  });
  const app = await buildApp({ config });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const measured = new Map<string, TScript[]>();
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const page of pages) {
      measured.set(page, await scriptsLoadedBy(browser, new URL(page, address).href));
    }
  } finally {
    await browser.close();
    await app.close();
    await fs.rm(workDir, { recursive: true, force: true });
  }
  return measured;
}

async function main() {
  const pages = process.argv.slice(2);
  if (pages.length === 0) pages.push('/signin');
  console.log(`bench/first-page: ${pages.join(', ')} (${loadAverageLine()})`);
  let isOverBudget = false;
  for (const [page, scripts] of await measureScripts(pages)) {
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`\n${page}: ${scripts.length} scripts`);
    console.log('    raw KiB  gzip KiB  file');
    for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`${kib(s.bytes)}   ${kib(s.gzipBytes)}  ${new URL(s.url).pathname}`);
    }
    const raw = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`${kib(raw)}   ${kib(total)}  total`);
    if (page === '/signin') {
      isOverBudget = total / 1024 > SIGNIN_BUDGET_KIB;
      console.log(
        `/signin JavaScript: ${(total / 1024).toFixed(1)} KiB gzipped (budget ${SIGNIN_BUDGET_KIB} KiB): ${isOverBudget ? 'OVER' : 'within'}`,
      );
    }
  }
  console.log(`${loadAverageLine()} after`);
  if (isOverBudget) process.exitCode = 1;
}

async function scriptsLoadedBy(browser: Browser, url: string): Promise<TScript[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const pending: Promise<TScript | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          bytes: body.length,
          gzipBytes: gzipSize(body),
        }))
        .catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is TScript => s !== null);
  await context.close();
  return scripts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
