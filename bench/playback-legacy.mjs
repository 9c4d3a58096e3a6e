// bench/playback-legacy: packages/playback in a real Chromium 69 (the TV browsers, STACK.md).
// Bundles bench/playback-legacy-entry.ts for chrome68, runs the schedule resolver over a year of
// instants in five zones (DST, a 30-minute shift, DST at midnight) in Chromium 69 and in Node and
// compares every answer, then plays images, a video the page records itself (MediaRecorder),
// an ad-slot placeholder and a broken image on the DOM stage there, and a lone video that loops.
// Prints the bundle size and the figures; exits non-zero when anything but the browser's own
// zone data differs, or playback misbehaves.
//
//   npm run bench:playback-legacy
//
// Chromium 69 and puppeteer-core 1.7.0 come from scripts/chromium69.mjs (fetched once from the
// npm registry into a cache outside the repo). CHROMIUM_69=/path/to/chromium and
// PUPPETEER_CORE=/path/to/node_modules/puppeteer-core, both optional, use other copies.
/* global window -- page.evaluate runs in the browser. */
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM69_ARGS, ensureChromium69 } from '../scripts/chromium69.mjs';

const provided =
  process.env.CHROMIUM_69 && process.env.PUPPETEER_CORE ? undefined : ensureChromium69();
const chromium = process.env.CHROMIUM_69 ?? provided.executablePath;
const puppeteer = process.env.PUPPETEER_CORE
  ? createRequire(import.meta.url)(process.env.PUPPETEER_CORE)
  : provided.puppeteer;

const bundle = await build({
  entryPoints: [new URL('./playback-legacy-entry.ts', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'PlaybackLegacy',
  target: 'chrome68',
  write: false,
});
const code = bundle.outputFiles[0].text;
const { loadAverageLine } = await tsImport('./load-average.ts', import.meta.url);
console.log(`bench/playback-legacy: ${loadAverageLine()}`);
console.log(
  `bundle (resolver + engine + DOM stage + Temporal polyfill): ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzip`,
);

const entry = await tsImport('./playback-legacy-entry.ts', import.meta.url);
const nodeStarted = performance.now();
const expected = entry.runResolverCases();
const nodeMs = performance.now() - nodeStarted;

const browser = await puppeteer.launch({
  executablePath: chromium,
  args: CHROMIUM69_ARGS,
});
try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('about:blank');
  await page.addScriptTag({ content: code });
  const result = await page.evaluate(async () => {
    const started = performance.now();
    const lines = window.PlaybackLegacy.runResolverCases();
    const resolverMs = performance.now() - started;
    const run = await window.PlaybackLegacy.runEngine();
    return { userAgent: navigator.userAgent, lines, resolverMs, run };
  });
  // A differing wall clock for the same instant is the browser's time-zone data (ICU), not the
  // resolver: Chromium 69 ships 2018 rules. Only the other differences are defects here.
  const tzDataZones = new Set();
  const mismatches = [];
  expected.forEach((line, index) => {
    const got = result.lines[index] ?? '';
    if (got === line) return;
    const [zone, , localTime] = line.split(' ');
    const [, , gotLocalTime] = got.split(' ');
    if (localTime !== gotLocalTime && !line.includes(' next ') && !line.includes('→')) {
      tzDataZones.add(zone);
    } else mismatches.push([line, got]);
  });
  const tzDataDiffs = expected.filter(
    (line, index) => result.lines[index] !== line && tzDataZones.has(line.split(' ')[0]),
  ).length;
  const defects = mismatches.filter(([line]) => !tzDataZones.has(line.split(' ')[0]));
  console.log(result.userAgent);
  console.log(
    `resolver: ${expected.length} answers; ${result.resolverMs.toFixed(0)} ms in Chromium 69 (${((result.resolverMs / expected.length) * 1000).toFixed(0)} µs each), ${nodeMs.toFixed(0)} ms in Node`,
  );
  console.log(
    `resolver: ${tzDataDiffs} answers differ in zones whose rules the browser's tz data has wrong (${[...tzDataZones].join(', ') || 'none'})`,
  );
  console.log(`resolver: ${defects.length} other differences from Node`);
  for (const [line, got] of defects.slice(0, 5)) console.log(`  node: ${line}\n  c69:  ${got}`);
  const { mixed, lone } = result.run;
  for (const [name, run] of [
    ['mixed', mixed],
    ['lone video', lone],
  ]) {
    if (!run) {
      console.log(`engine (${name}): not run, this browser cannot record a video`);
      continue;
    }
    console.log(`engine (${name}): ${run.starts.length} starts: ${run.starts.join(' ')}`);
    console.log(`engine (${name}): shown ms ${run.shown.join(' ')}`);
    console.log(
      `engine (${name}): errors ${run.errors.join(' ') || 'none'}; at most ${run.maxVideos} video elements; ${run.videosWithSource} still holding a source after stop`,
    );
  }
  console.log(`page errors: ${pageErrors.join(' ') || 'none'}`);
  const isOk =
    defects.length === 0 &&
    pageErrors.length === 0 &&
    mixed.starts.length >= 6 &&
    mixed.errors.every((error) => error.startsWith('broken:')) &&
    mixed.maxVideos <= 2 &&
    mixed.videosWithSource === 0 &&
    (lone === null || (lone.starts.length >= 3 && lone.errors.length === 0));
  console.log(`${loadAverageLine()} after`);
  console.log(isOk ? 'OK' : 'FAILED');
  process.exitCode = isOk ? 0 : 1;
} finally {
  await browser.close();
}
