// The JavaScript budgets `npm test` holds (issue 6 item 7, issue 10 item 7), on the built apps:
//
//   node scripts/test.mjs budgets         builds both apps, then this
//   npx tsx scripts/budgets.ts [--json=<file>]    on what is built already
//
// - /signin: the gzipped JavaScript a browser loads to show the page signed out, at most 150 KiB,
//   measured as bench/first-page.ts measures it (its measureScripts: Chromium on the built app).
// - The TV player's initial bundle: the scripts apps/player/dist/index.html loads before any lazy
//   chunk (its module scripts and modulepreloads; Vite lists every static import there), gzipped
//   at level 9, at most PLAYER_BUDGET_KIB (the weight measured on 2026-11-23 plus 10 %,
//   docs/decisions.md). A lazy chunk the player imports later is not counted.
// Prints one line per budget; exits 1 when one is over; --json writes {passed, failed}.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSize, measureScripts, SIGNIN_BUDGET_KIB } from '../bench/first-page';

/** 185.8 KiB measured on 2026-11-23 (apps/player: one entry chunk, no lazy chunk) + 10 %. */
export const PLAYER_BUDGET_KIB = 204.4;

const PLAYER_DIST = new URL('../apps/player/dist', import.meta.url).pathname;

type TResult = { label: string; kib: number; budgetKib: number; detail: string };

/** The scripts /tv/ loads first: index.html's module scripts and modulepreload links. */
export function playerInitialScripts(dist = PLAYER_DIST): { file: string; gzipBytes: number }[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  if (urls.length === 0) throw new Error(`no module script in ${dist}/index.html`);
  return [...new Set(urls)].map((url) => {
    // The player is served at /tv/ (its Vite base): /tv/assets/x.js is dist/assets/x.js.
    const file = url.replace(/^\/tv\//, '');
    return { file, gzipBytes: gzipSize(fs.readFileSync(path.join(dist, file))) };
  });
}

const toKib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main() {
  const jsonOut = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
  const results: TResult[] = [];

  const signin = (await measureScripts(['/signin'])).get('/signin') ?? [];
  results.push({
    label: '/signin JavaScript',
    kib: toKib(signin.reduce((sum, s) => sum + s.gzipBytes, 0)),
    budgetKib: SIGNIN_BUDGET_KIB,
    detail: `${signin.length} scripts`,
  });

  const player = playerInitialScripts();
  results.push({
    label: 'TV player initial JavaScript',
    kib: toKib(player.reduce((sum, s) => sum + s.gzipBytes, 0)),
    budgetKib: PLAYER_BUDGET_KIB,
    detail: player.map((s) => s.file).join(', '),
  });

  let passed = 0;
  let failed = 0;
  for (const r of results) {
    const isOver = r.kib > r.budgetKib;
    if (isOver) failed += 1;
    else passed += 1;
    console.log(
      `${isOver ? '✗ OVER' : '✓'} ${r.label}: ${r.kib.toFixed(1)} KiB gzipped (budget ${r.budgetKib} KiB; ${r.detail})`,
    );
  }
  const failures = results
    .filter((r) => r.kib > r.budgetKib)
    .map((r) => `${r.label}: ${r.kib.toFixed(1)} KiB over ${r.budgetKib} KiB`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, failures }));
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
