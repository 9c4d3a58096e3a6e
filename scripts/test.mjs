#!/usr/bin/env node
// `npm test`: every test. Unit, web and API tests (vitest; the API suite on PGlite and, when
// reachable, PostgreSQL), then the built apps in Chromium (Playwright), then the built TV player
// for the TV browsers: its syntax gate and a run in a real Chromium 69 (downloaded once from the
// npm registry, scripts/chromium69.mjs). Prints each runner's summary and a last line
// "N passed, N failed". `node scripts/test.mjs vitest|e2e|legacy` runs one part.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'screenline-test-'));
const results = [];

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const res = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return res.status ?? 1;
}

function readVitest(file) {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: json.numPassedTests,
      failed:
        json.numFailedTests +
        (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0
          ? 1
          : 0),
    };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** The `--json` summary the TV-browser checks write: `{ passed, failed }`. */
function readSummary(file) {
  try {
    const { passed, failed } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed, failed };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

function readPlaywright(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const only = process.argv[2]; // optional: "vitest", "e2e" or "legacy"

if (!only || only === 'vitest') {
  const out = path.join(tmp, 'vitest.json');
  const code = run('unit, web and API tests (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const r = readVitest(out);
  if (code !== 0 && r.failed === 0) r.failed = 1;
  results.push({ label: 'vitest', ...r });
}

const wants = (part) => !only || only === part;

if (wants('e2e') || wants('legacy')) {
  const chromium = wants('e2e') ? ensureChromium() : undefined;
  // The TV checks alone need only the player built.
  const code = wants('e2e')
    ? run('build the web app and the player', 'npm', ['run', 'build'])
    : run('build the player', 'npm', ['run', 'build', '-w', '@screenline/player']);
  if (code !== 0) {
    results.push({ label: 'build', passed: 0, failed: 1 });
  } else {
    if (wants('e2e')) {
      const out = path.join(tmp, 'playwright.json');
      const status = run(
        'browser journeys (Playwright, Chromium)',
        bin('playwright'),
        ['test', '--reporter=list,json'],
        {
          PLAYWRIGHT_JSON_OUTPUT_NAME: out,
          CHROMIUM_PATH: chromium,
        },
      );
      const r = readPlaywright(out);
      if (status !== 0 && r.failed === 0) r.failed = 1;
      results.push({ label: 'playwright', ...r });
    }
    if (wants('legacy')) {
      for (const [label, title, script] of [
        ['player syntax', "the player's built files at Chromium 68's level", 'legacy-syntax.mjs'],
        ['player in Chromium 69', 'the built player in Chromium 69', 'player-chromium69.mjs'],
      ]) {
        const out = path.join(tmp, `${script}.json`);
        const status = run(title, process.execPath, [
          path.join(root, 'scripts', script),
          `--json=${out}`,
        ]);
        const r = readSummary(out);
        if (status !== 0 && r.failed === 0) r.failed = 1;
        results.push({ label, ...r });
      }
    }
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\n── summary ──');
for (const r of results) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
