// The multi-instance test's harness (multi-instance.test.ts): Screenline as real server processes
// (server.ts through tsx, as `npm start` runs it) behind one PUBLIC_URL, requests that name the
// instance they go to (each client its own forwarded address), the TV's event stream, and the
// sign-up and two-factor steps a user takes on an instance.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { z } from 'zod';
import { PLAYER_EVENT_CHANGED } from '@screenline/shared/player';
import { secretOfTotpUri, totpCode } from './harness';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
export const PUBLIC_URL = 'http://screens.multi.test';
export const SECRET = 'multi-instance-secret-multi-instance-secret-01';
export const PASSWORD = 'correct-horse-battery';
export const ADMIN_EMAIL = 'admin@multi.test';

export interface TInstance {
  name: 'A' | 'B';
  base: string;
  process: ChildProcess;
  output: () => string;
}

/** What the test prints at the end: one line per check, with its figures. */
export const checked: string[] = [];

/** A client address of its own: every rate limit counts it from zero. */
let addresses = 0;
export const newAddress = () => `198.51.100.${++addresses}`;

export async function startInstance(
  name: 'A' | 'B',
  port: number,
  env: Record<string, string>,
): Promise<TInstance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `screenline-multi-${name}-`));
  let output = '';
  const child = spawn(process.execPath, [TSX, 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      PLAYER_DIST: path.join(dataDir, 'no-player'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.on('exit', () => void fs.rm(dataDir, { recursive: true, force: true }));
  const instance = { name, base: `http://127.0.0.1:${port}`, process: child, output: () => output };
  const deadline = Date.now() + 90_000;
  while (!output.includes('Screenline is running')) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return instance;
}

export async function stopInstance(instance: TInstance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => instance.process.once('exit', () => resolve()));
  instance.process.kill('SIGTERM');
  const timer = setTimeout(() => instance.process.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface TCall {
  method?: string;
  cookie?: string | undefined;
  authorization?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  address?: string;
}

/** One HTTP request to one instance, as a browser on PUBLIC_URL sends it (Origin included). */
export async function call(
  instance: TInstance,
  url: string,
  options: TCall = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    origin: PUBLIC_URL,
    'x-forwarded-for': options.address ?? '192.0.2.1',
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.authorization) headers.authorization = options.authorization;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return fetch(`${instance.base}${url}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
}

export async function expectStatus(res: Response, status: number): Promise<Response> {
  if (res.status !== status) {
    throw new Error(`${res.url}: expected ${status}, got ${res.status} ${await res.text()}`);
  }
  return res;
}

export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** An open `GET /api/v1/player/events` stream, read over HTTP as the TV reads it (fetch). */
export async function openEvents(instance: TInstance, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${instance.base}/api/v1/player/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const arrivals: number[] = [];
  let received = '';
  const waiters: (() => void)[] = [];
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        received += decoder.decode(chunk, { stream: true });
        const count = received.split(`event: ${PLAYER_EVENT_CHANGED}\n`).length - 1;
        while (arrivals.length < count) arrivals.push(performance.now());
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // Aborted at close.
    }
  })();
  return {
    arrivals,
    /** Resolves with the arrival time of the `count`-th `changed` event (bounded wait). */
    async nth(count: number, timeoutMs = 5000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.length < count) {
        if (Date.now() > deadline)
          throw new Error(`no "${PLAYER_EVENT_CHANGED}" event #${count} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return arrivals[count - 1]!;
    },
    close: () => controller.abort(),
  };
}

const ZSignUp = z.object({ user: z.object({ id: z.string() }) });

/** Signs up on `instance` and signs in, as the web app does: the user's id and session cookie. */
export async function signUp(instance: TInstance, email: string) {
  const res = await expectStatus(
    await call(instance, '/api/auth/sign-up/email', {
      json: { email, password: PASSWORD, name: email.split('@')[0] },
      address: newAddress(),
    }),
    200,
  );
  await res.body?.cancel();
  // Sign-up makes no session: sign in, as the web app does next.
  const signedIn = await expectStatus(
    await call(instance, '/api/auth/sign-in/email', {
      json: { email, password: PASSWORD },
      address: newAddress(),
    }),
    200,
  );
  return {
    userId: ZSignUp.parse(await signedIn.json()).user.id,
    cookie: cookieOf(signedIn),
    email,
  };
}

/** Turns two-factor sign-in on, as a super-user must to act as one (issue 18 item 4). */
export async function withTwoFactor(instance: TInstance, user: { cookie: string }) {
  const enabled = await expectStatus(
    await call(instance, '/api/auth/two-factor/enable', {
      cookie: user.cookie,
      json: { password: PASSWORD },
    }),
    200,
  );
  const { totpURI } = z.object({ totpURI: z.string() }).parse(await enabled.json());
  const verified = await expectStatus(
    await call(instance, '/api/auth/two-factor/verify-totp', {
      cookie: user.cookie,
      json: { code: await totpCode(secretOfTotpUri(totpURI)) },
    }),
    200,
  );
  await verified.body?.cancel();
  return { ...user, cookie: cookieOf(verified) };
}
