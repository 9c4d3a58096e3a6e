// The Chromium 69 check's plumbing: where the server runs and the screenshots go, the journey
// filter, the checks' tally, the server's start and a few page helpers every journey uses.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TPage } from './driver';

export const root = path.resolve(import.meta.dirname, '../..');

export const port = Number(process.env.PLAYER69_PORT ?? 3110);

export const baseUrl = `http://127.0.0.1:${port}`;

export const shots =
  process.env.PLAYER69_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'player69-'));
fs.mkdirSync(shots, { recursive: true });

/** PLAYER69_ONLY=password,pairing runs only those journeys (while working on one); default all. */
export const only = process.env.PLAYER69_ONLY?.split(',').map((name) => name.trim());

export const runs = (journey: string): boolean => !only || only.includes(journey);

export const results: { name: string; isOk: boolean }[] = [];

export function check(
  name: string,
  isOk: boolean,
  detail: string | number | boolean | null | undefined = '',
): void {
  results.push({ name, isOk });
  console.log(`  ${isOk ? '✓' : '✗'} ${name}${isOk || !detail ? '' : `: ${String(detail)}`}`);
}

/** PLAYER69_START_SECONDS (default 150): how long the server may take to start (a loaded machine). */
export const startMs = Number(process.env.PLAYER69_START_SECONDS ?? 150) * 1000;

/**
 * How often the journeys' waits look again at what they wait for. Short: a look is one evaluate
 * in the page or one request to the local server, and every wait ends this soon after its
 * condition holds.
 */
export const LOOK_AGAIN_MS = 100;

/** Waits `ms`: only between two looks of a wait on a condition (`poll` and the like). */
export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForHealth(
  server: ChildProcess,
  deadline = Date.now() + startMs,
): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await pause(LOOK_AGAIN_MS);
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${startMs / 1000} s`);
}

export function startServer(dataDir: string): ChildProcess {
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
        // The pairing journey waits for the TV's poll: poll every second.
        PAIRING_POLL_INTERVAL_SECONDS: '1',
        // The playback journey waits for the manifest, heartbeats and plays: the shortest intervals.
        PLAYER_POLL_INTERVAL_SECONDS: '5',
        PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS: '5',
        // The marketplace journey's super-user (approves the monetization, top-up and campaign).
        SUPER_USER_EMAILS: SUPER_USER_EMAIL,
        LOG_LEVEL: 'warn',
      },
    },
  );
  return server;
}

/** The open confirmation dialog's title and the focused control's text, or null when none is open. */
export function openDialog(
  page: TPage,
): Promise<{ title: string | null; focused: string | null } | null> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="alertdialog"]');
    return dialog
      ? {
          title: dialog.querySelector('h2')!.textContent,
          focused: document.activeElement ? document.activeElement.textContent : null,
        }
      : null;
  });
}

/** What has the focus: its id, or its text; and whether the focus ring is drawn. */
export const focused = (page: TPage): Promise<{ name: string | null; outline: string | null }> =>
  page.evaluate(() => {
    const active = document.activeElement;
    const style = active ? getComputedStyle(active) : null;
    return {
      name: active ? active.id || (active.textContent || '').trim() : null,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : null,
    };
  });

export async function shoot(page: TPage, name: string): Promise<void> {
  const file = path.join(shots, `tv-chromium69-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`    screenshot: ${file}`);
}

/** A probe of `poll` that threw: what it threw (JSON as `{"error": …}`). */
export class PollError {
  readonly error: string;
  constructor(error: string) {
    this.error = error;
  }
}

/** The last answer `poll` got, or undefined when its probe threw. */
export const answered = <T>(polled: T | PollError): T | undefined =>
  polled instanceof PollError ? undefined : polled;

/** Asks `probe` again and again until it answers something `isDone` accepts, or the time is up. */
export async function poll<T>(
  probe: () => Promise<T>,
  isDone: (answer: T) => boolean,
  timeoutMs: number,
): Promise<T | PollError> {
  const deadline = Date.now() + timeoutMs;
  let last: T | PollError;
  for (;;) {
    last = await probe().catch((error: unknown) => new PollError(String(error)));
    if ((!(last instanceof PollError) && isDone(last)) || Date.now() > deadline) return last;
    await pause(LOOK_AGAIN_MS);
  }
}

/** The super-user the server knows from the start (SUPER_USER_EMAILS): approves money and ads. */
export const SUPER_USER_EMAIL = 'ops-tv69@example.com';
