// help:screenshots' server: the apps built (unless HELP_SHOTS_SKIP_BUILD=1), then the real
// server (apps/server/src/server.ts through tsx) on a temporary DATA_DIR with the demo seeded, on
// HELP_SHOTS_PORT, with PUBLIC_URL set to the neutral address the pictures show.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { origin, port, root, sleep } from './setup.mjs';

/** `npm run build` unless HELP_SHOTS_SKIP_BUILD=1; either way both apps' builds must be there. */
export function buildApps() {
  if (process.env.HELP_SHOTS_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  for (const dist of ['apps/web/dist/index.html', 'apps/player/dist/index.html']) {
    if (!existsSync(path.join(root, dist)))
      throw new Error(`${dist} is missing: run npm run build`);
  }
}

/** Starts the server; `waitForServer` until it answers, `stopServer` stops it and its DATA_DIR. */
export function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'screenline-help-shots-'));
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/server.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        AUTH_RATE_LIMIT: 'false',
        DEMO: process.env.DEMO ?? '1',
      },
    },
  );
  let serverLog = '';
  server.stdout.on('data', (chunk) => (serverLog += chunk));
  server.stderr.on('data', (chunk) => (serverLog += chunk));
  const serverExited = new Promise((resolve) => server.on('exit', resolve));

  async function waitForServer() {
    const deadline = Date.now() + 480_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverLog}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(500);
    }
    throw new Error(
      `The server did not start within 8 minutes (the demo seeds first):\n${serverLog}`,
    );
  }

  async function stopServer() {
    if (server.exitCode === null) server.kill('SIGTERM');
    await Promise.race([serverExited, sleep(15_000)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { waitForServer, stopServer };
}
