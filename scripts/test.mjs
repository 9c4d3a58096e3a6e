#!/usr/bin/env node
// `npm test`: every test. First the unit, web and API tests (vitest; the API suite on PGlite and,
// when reachable, PostgreSQL), then one build of the web app and the player, then two lines side
// by side: the built apps in Chromium (Playwright), and, one after the other, the built TV player
// for the TV browsers (its syntax gate, then a run in a real Chromium 69 downloaded once from the
// npm registry by scripts/chromium69.mjs), the JavaScript budgets on the same build (/signin and
// the player's initial bundle, scripts/budgets.ts); last, alone, the fault tests (the server
// killed with SIGKILL mid-work, a private PostgreSQL stopped and started under load:
// vitest.faults.config.ts, apps/server/test/faults). The parts after the build write their
// output to a file, printed whole when the part ends. Prints each runner's summary, each failed
// test by name, and a last line "N passed, N failed".
// `node scripts/test.mjs vitest|e2e|legacy|budgets|faults` runs one part.
import { spawn, spawnSync } from 'node:child_process';
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

/** The first line of a failure's message, short enough for the summary. */
const firstLine = (message) =>
  String(message ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

function readVitest(file) {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failures = [];
    for (const suite of json.testResults ?? []) {
      const name = path.relative(root, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        failures.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (suite.status === 'failed' && failedTests.length === 0) {
        failures.push(`${name}: ${firstLine(suite.message)}`);
      }
    }
    return {
      passed: json.numPassedTests,
      failed:
        json.numFailedTests +
        (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0
          ? 1
          : 0),
      failures,
    };
  } catch {
    return { passed: 0, failed: 1, failures: [`no report at ${file}`] };
  }
}

/** The `--json` summary the TV-browser checks write: `{ passed, failed }`. */
function readSummary(file) {
  try {
    const { passed, failed, failures = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed, failed, failures };
  } catch {
    return { passed: 0, failed: 1, failures: [`no report at ${file}`] };
  }
}

function readPlaywright(file) {
  try {
    const { stats, suites = [], errors = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failures = errors.map((e) => firstLine(e.message));
    const retried = [];
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const last = test.results?.at(-1);
          const title = [...titles, spec.title].filter(Boolean).join(' › ');
          if (test.status === 'unexpected') {
            failures.push(
              `${spec.file}:${spec.line} › ${title}: ${firstLine(last?.error?.message)}`,
            );
          } else if (test.status === 'flaky') {
            retried.push(`${spec.file} › ${title}`);
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of suites) visit(suite, []);
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures, retried };
  } catch {
    return { passed: 0, failed: 1, failures: [`no report at ${file}`] };
  }
}

const only = process.argv[2]; // optional: one part
const wants = (part) => !only || only === part;

/** Runs a part in the background, its output in a file printed when it ends. */
function runAside(label, command, args, env = {}) {
  const logFile = path.join(tmp, `${label.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(logFile, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => {
      fs.closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n── ${label} (${seconds} s) ──`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      resolve(code ?? 1);
    });
  });
}

/**
 * A part's result from its report: a run that exited non-zero counts as failed even when its
 * report names no failure (a crash before it wrote one).
 */
function partResult(label, report, code) {
  if (code !== 0 && report.failed === 0) {
    report.failed = 1;
    report.failures.push(`${label} exited with ${code}`);
  }
  return { label, ...report };
}

const vitestArgs = (out) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

if (wants('vitest')) {
  const out = path.join(tmp, 'vitest.json');
  const code = run('unit, web and API tests (vitest)', bin('vitest'), vitestArgs(out));
  results.push(partResult('vitest', readVitest(out), code));
}

const needsWeb = wants('e2e') || wants('budgets');
const needsPlayer = needsWeb || wants('legacy');
const aside = [];

if (needsPlayer) {
  const chromium = needsWeb ? ensureChromium() : undefined;
  const code = needsWeb
    ? run('build the web app and the player', 'npm', ['run', 'build'])
    : run('build the player', 'npm', ['run', 'build', '-w', '@screenline/player']);
  if (code !== 0) {
    results.push({ label: 'build', passed: 0, failed: 1, failures: ['the build failed'] });
  } else {
    if (wants('e2e')) {
      const out = path.join(tmp, 'playwright.json');
      aside.push(
        runAside(
          'browser journeys (Playwright, Chromium)',
          bin('playwright'),
          ['test', '--reporter=list,json'],
          {
            PLAYWRIGHT_JSON_OUTPUT_NAME: out,
            CHROMIUM_PATH: chromium,
          },
        ).then((status) => [partResult('playwright', readPlaywright(out), status)]),
      );
    }
    // The TV checks and the budgets: one after the other, beside the journeys. The journeys
    // mostly wait (timers, playback, a server on one core): measured on this two-core machine,
    // they took 6.1 min alone and 6.1 min beside the Chromium 69 check.
    aside.push(
      (async () => {
        const done = [];
        if (wants('legacy')) {
          // The Chromium 69 check is TypeScript: it runs through tsx.
          const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
          for (const [label, title, script, loader] of [
            [
              'player syntax',
              "the player's built files at Chromium 68's level",
              'legacy-syntax.mjs',
              [],
            ],
            [
              'player in Chromium 69',
              'the built player in Chromium 69',
              'player-chromium69.ts',
              [tsx],
            ],
          ]) {
            const out = path.join(tmp, `${script}.json`);
            const status = await runAside(title, process.execPath, [
              ...loader,
              path.join(root, 'scripts', script),
              `--json=${out}`,
            ]);
            done.push(partResult(label, readSummary(out), status));
          }
        }
        if (wants('budgets')) {
          const out = path.join(tmp, 'budgets.json');
          const status = await runAside(
            'JavaScript budgets (/signin, the TV player)',
            process.execPath,
            [
              path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
              path.join(root, 'scripts', 'budgets.ts'),
              `--json=${out}`,
            ],
            { CHROMIUM_PATH: chromium },
          );
          done.push(partResult('budgets', readSummary(out), status));
        }
        return done;
      })(),
    );
  }
}

for (const part of await Promise.all(aside)) results.push(...part);

// The fault tests last, alone: beside the journeys they took 210 s instead of 78 and the
// journeys 7.9 min instead of 6.1, with three retried.
if (wants('faults')) {
  const out = path.join(tmp, 'faults.json');
  const status = await runAside(
    'fault tests: kill -9 mid-work, PostgreSQL stopped and started (vitest)',
    bin('vitest'),
    ['--config', 'vitest.faults.config.ts', ...vitestArgs(out)],
  );
  results.push(partResult('faults', readVitest(out), status));
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\n── summary ──');
for (const r of results) {
  console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
  // Named here so that the end of a CI log says what failed without the rest of it.
  for (const failure of (r.failures ?? []).slice(0, 20))
    console.log(`  ✗ ${failure.slice(0, 300)}`);
  if ((r.failures?.length ?? 0) > 20) console.log(`  … and ${r.failures.length - 20} more`);
  for (const title of r.retried ?? []) console.log(`  ~ passed on its retry: ${title}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
