// Screenline in its own Node process for the benchmarks: production mode, a temporary DATA_DIR,
// on a free loopback port; and a signed-up user's session cookie.
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
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

export interface TServer {
  baseUrl: string;
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
  const server = { baseUrl, pid: child.pid, stop: () => stopProcess(child) };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  // Generous: a shared machine under load can take minutes to start the server.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy within 600 s`);
}

const ZSignUp = z.object({ user: z.object({ id: z.string() }) });

/** Signs up a new user and returns its session cookie (checked against GET /api/v1/me). */
export async function signUp(baseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'bench-password-1234';
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const signedUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: 'Bench' }),
  });
  if (signedUp.status !== 200)
    throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
  // Sign-up makes no session: sign in next.
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  ZSignUp.parse(await res.json());
  const cookie = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const check = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`GET /api/v1/me: ${check.status}`);
  return cookie;
}
