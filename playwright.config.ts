import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the real server on a fresh embedded database, in Debian's Chromium
// (never a downloaded browser). `npm test` builds the apps first and passes CHROMIUM_PATH.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(os.tmpdir(), `screenline-e2e-${PORT}`);
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Whole journeys: several take 20–30 s alone and passed 30 s beside the TV checks in CI
  // (retried, then green); a stuck step still fails on its own 7 s expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: path.join(os.tmpdir(), `screenline-e2e-results-${PORT}`),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // A fresh data directory each run; rate limits stay off here (the API tests cover them).
    command: `rm -rf ${dataDir} && node node_modules/tsx/dist/cli.mjs apps/server/src/server.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      SUPER_USER_EMAILS: 'admin@e2e.test',
      // The TV journeys (e2e/tv-playback.spec.ts) wait for the player's polls, heartbeats and
      // impression uploads; at the default 60 s each would take minutes. 5 s is the minimum the
      // server accepts (config.ts), and the same code paths run as with 60.
      PLAYER_POLL_INTERVAL_SECONDS: '5',
      PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS: '5',
      // The alert journey (e2e/screen-alerts.spec.ts) waits for a run of the alert rules.
      ALERTS_INTERVAL_SECONDS: '5',
    },
  },
});
