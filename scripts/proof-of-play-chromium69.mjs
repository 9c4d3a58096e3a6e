#!/usr/bin/env node
// Proof of play on the TV's own browser: the recorder and the sync (apps/player/src/features/
// proof-of-play) on Chromium 69's real IndexedDB, which fake-indexeddb (the unit tests) does not
// reproduce in every detail (a cursor walking an index whose key it changes skips records in 69).
// The modules are bundled for chrome68 with esbuild (as Vite lowers them), served on an ephemeral
// port, and run twice in one profile: plays start and one ends, then the page goes (a crash);
// the next page must find the open plays `interrupted` with their checkpointed time, number new
// plays on, keep the bound, and send everything once through a lost answer.
//
//   node scripts/proof-of-play-chromium69.mjs     exits 1 when a check fails
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { ensureChromium69 } from './chromium69.mjs';

const root = path.resolve(import.meta.dirname, '..');

const ENTRY = `
import './src/polyfills';
import { createPlayRecorder } from './src/features/proof-of-play/play-recorder';
import { createImpressionSync } from './src/features/proof-of-play/impression-sync';
import { openPlayStore } from './src/features/proof-of-play/play-store';
import { OfflineError } from './src/lib/http';
import { ZImpressionBatch } from '@screenline/shared/player';

const AD_SPACE = '3f1c2b7a-8d4e-4f5a-9b6c-1d2e3f4a5b6c';
const play = (itemId) => ({
  playlistId: null, playlistVersion: null, itemId, contentId: null, campaignId: null,
  creativeId: null, startedAtMs: Date.now(),
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const store = openPlayStore({ name: 'proof-of-play-check', max: 5 });
  const recorder = createPlayRecorder({ adSpaceId: AD_SPACE, store, checkpointMs: 100 });
  if (location.hash === '#crash') {
    const ids = ['a', 'b', 'c'].map((itemId) => recorder.started(play(itemId)));
    recorder.ended(ids[0], { shownMs: 1234, endReason: 'completed' });
    await sleep(350);
    await recorder.idle();
    return { ids, stats: await store.stats() };
  }
  await recorder.idle();
  const recovered = (await store.oldestDone(10)).map((r) => [r.itemId, r.sequence, r.endReason, r.shownMs > 0]);
  for (let i = 0; i < 6; i += 1) {
    const id = recorder.started(play('n' + i));
    recorder.ended(id, { shownMs: 500, endReason: 'completed' });
  }
  await recorder.idle();
  const bounded = await store.stats();
  const server = new Map();
  let isLost = true;
  const sync = createImpressionSync({
    token: 'sld_check', intervalMs: 60000, onRevoked: () => undefined, store, events: null,
    log: () => undefined,
    request: async (_path, body) => {
      const { impressions } = ZImpressionBatch.parse(body);
      for (const p of impressions) if (!server.has(p.id)) server.set(p.id, p);
      if (isLost) { isLost = false; throw new OfflineError(); }
      return { status: 200, headers: new Headers(), body: { accepted: impressions.map((p) => p.id), rejected: [] } };
    },
  });
  const rounds = [await sync.syncNow(), await sync.syncNow()];
  return {
    recovered, bounded, rounds,
    sequences: [...server.values()].map((p) => p.sequence),
    status: await sync.status(),
  };
}
run().then((result) => { window.__result = result; },
  (error) => { window.__result = { error: String((error && error.stack) || error) }; });
`;

const bundle = await build({
  stdin: { contents: ENTRY, resolveDir: path.join(root, 'apps/player'), loader: 'ts' },
  bundle: true,
  format: 'iife',
  target: 'chrome68',
  write: false,
  logLevel: 'error',
});
const script = bundle.outputFiles[0].text;

const server = http.createServer((request, response) => {
  if (request.url === '/check.js') {
    response.setHeader('content-type', 'text/javascript');
    response.end(script);
    return;
  }
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><script src="/check.js"></script>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const { executablePath, puppeteer, args } = ensureChromium69();
const browser = await puppeteer.launch({ executablePath, args });
const failures = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => failures.push(`page error: ${error}`));
  console.log(`Proof of play in ${await browser.version()}`);
  const results = {};
  for (const phase of ['crash', 'restart']) {
    await page.goto(`${origin}/?${phase}#${phase}`);
    await page.waitForFunction('window.__result', { timeout: 20_000 });
    results[phase] = await page.evaluate('window.__result');
    if (results[phase].error) failures.push(`${phase}: ${results[phase].error}`);
  }
  const expect = (what, actual, wanted) => {
    const ok = JSON.stringify(actual) === JSON.stringify(wanted);
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${JSON.stringify(actual)}`);
    if (!ok) failures.push(`${what}: wanted ${JSON.stringify(wanted)}`);
  };
  const { crash, restart } = results;
  expect('three plays written before the crash', crash.stats, { queued: 3, dropped: 0 });
  expect('open plays closed as interrupted with their checkpoint', restart.recovered, [
    ['a', 1, 'completed', true],
    ['b', 2, 'interrupted', true],
    ['c', 3, 'interrupted', true],
  ]);
  expect('the bound keeps 5 and counts 4 dropped', restart.bounded, { queued: 5, dropped: 4 });
  expect('a lost answer, then sent again', restart.rounds, [
    { kind: 'offline' },
    { kind: 'sent', accepted: 5, rejected: 0, left: false },
  ]);
  expect('each play reached the server once, in order', restart.sequences, [5, 6, 7, 8, 9]);
  expect('nothing left on the TV', restart.status.queued, 0);
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
