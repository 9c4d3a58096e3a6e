// bench/playback-legacy: packages/playback in a real Chromium 69 (the TV browsers, STACK.md).
// Bundles bench/playback-legacy-entry.ts for chrome68, runs the schedule resolver over a year of
// instants in five zones (DST, a 30-minute shift, DST at midnight) in Chromium 69 and in Node and
// compares every answer, then plays images, a video the page records itself (MediaRecorder),
// an ad-slot placeholder and a broken image on the DOM stage there, and a lone video that loops.
// Prints the bundle size and the figures; exits non-zero when anything but the browser's own
// zone data differs, or playback misbehaves.
//
//   CHROMIUM_69=/path/to/chromium-69 PUPPETEER_CORE=/path/to/node_modules/puppeteer-core \
//     node bench/playback-legacy.mjs
//
// Chromium 69: chrome-aws-lambda@1.6.3's bin/chromium-69.0.3494.0.br, brotli-decompressed
// (zlib.brotliDecompressSync), chmod +x. Driver: puppeteer-core@1.7.0 installed anywhere (both
// outside the repo: they are large and only this check needs them).
/* global window -- page.evaluate runs in the browser. */
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const chromium = process.env.CHROMIUM_69;
const puppeteerPath = process.env.PUPPETEER_CORE;
if (!chromium || !puppeteerPath) {
  console.error('Set CHROMIUM_69 and PUPPETEER_CORE (see the header of this file).');
  process.exit(2);
}
const puppeteer = createRequire(import.meta.url)(puppeteerPath);

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
console.log(
  `bundle (resolver + engine + DOM stage + Temporal polyfill): ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzip`,
);

const entry = await tsImport('./playback-legacy-entry.ts', import.meta.url);
const nodeStarted = performance.now();
const expected = entry.runResolverCases();
const nodeMs = performance.now() - nodeStarted;

const browser = await puppeteer.launch({
  executablePath: chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--single-process', '--no-zygote'],
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
  console.log(isOk ? 'OK' : 'FAILED');
  process.exitCode = isOk ? 0 : 1;
} finally {
  await browser.close();
}
