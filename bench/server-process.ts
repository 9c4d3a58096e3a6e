// Screenline in its own Node process for the benchmarks: production mode, a temporary DATA_DIR,
// on a free loopback port; the shared typed API client to set it up with, and a signed-up user.
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import {
  createApiClient,
  fetchTransport,
  type TApiClient,
  type TSignedUp,
} from '@screenline/shared/api-client';
import { API } from '@screenline/shared/api-paths';
import { freePort } from './free-port';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Node's flags for a bench's server process: tsx's loader and, with BENCH_CPU_PROF=<dir>, a CPU
 * profile (node --cpu-prof) written there on exit.
 */
export const benchExecArgv = () => [
  '--import',
  'tsx',
  ...(process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : []),
];

/** A TypeScript entry in its own Node process (tsx's loader), with an IPC channel. */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  return fork(entry, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv: benchExecArgv(),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The product's API at `baseUrl` for a bench's setup (sign-ups, locations, TVs…): the shared typed
 * client over fetch, every answer parsed with its route's schema. What a bench measures goes out
 * on its own client (autocannon, node:http, undici) without that parsing: its cost is the figure.
 */
export const benchApi = (baseUrl: string): TApiClient => createApiClient(fetchTransport(baseUrl));

export interface TServer {
  baseUrl: string;
  /** The server's API for the bench's setup (benchApi). */
  api: TApiClient;
  /** The server's Node process (its CPU time is in /proc/<pid>/stat). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts apps/server in production mode with `env` (DATA_DIR at least) and waits until healthy. */
export async function startScreenline(env: Record<string, string>): Promise<TServer> {
  // BENCH_PORT pins the port (a shared machine where each engineer has a range).
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startProcess(path.join(ROOT, 'apps/server/src/server.ts'), {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    ...env,
  });
  const api = benchApi(baseUrl);
  const server = { baseUrl, api, pid: child.pid, stop: () => stopProcess(child) };
  try {
    await waitForHealth(api, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(api: TApiClient, child: ChildProcess): Promise<void> {
  // Generous: a shared machine under load can take minutes to start the server.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    // Refused while the server starts: the client throws on a failed connection and on a 503.
    const ok = await api.requestText('GET', API.health).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${api.transport.origin} did not become healthy within 600 s`);
}

/** Signs a new user up and in: who, and their session (checked against GET /api/v1/me). */
export async function signUp(api: TApiClient): Promise<TSignedUp> {
  const email = `bench-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const signedUp = await api.signUpAndIn({ email, password: 'bench-password-1234', name: 'Bench' });
  await api.getMe(signedUp.session);
  return signedUp;
}
