// Screenline in its own process for the open-loop benches (bench/ingest.ts, bench/fleet.ts): the
// server process is bench/ingest-server.ts (the app as server.ts builds it, plus seeding and
// figures asked over IPC), on a free loopback port, in production mode.
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { TApiClient } from '@screenline/shared/api-client';
import { freePort } from './free-port';
import type { TAsk } from './ingest-plays';
import { benchApi, benchExecArgv, ROOT, stopProcess } from './server-process';

/** The server process, a request/answer channel to it, and its API for the setup. */
export class BenchServer {
  /** The server's API for the bench's setup (the shared typed client: benchApi). */
  readonly api: TApiClient;
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    this.api = benchApi(baseUrl);
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      if (!waiter) return;
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
    child.on('exit', (code) => {
      for (const waiter of this.waiting.values())
        waiter.reject(new Error(`the server exited (${code})`));
      this.waiting.clear();
    });
  }

  static async start(env: Record<string, string>): Promise<BenchServer> {
    // BENCH_PORT pins the port (a shared machine where each engineer has a range).
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = fork(path.join(ROOT, 'bench/ingest-server.ts'), {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // The server's own errors (a fleet past capacity logs one per failed request) are
        // counted by the driver by kind instead; BENCH_LOG_LEVEL=warn shows them.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'fatal',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        ...env,
      },
      execArgv: benchExecArgv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = new BenchServer(child, baseUrl);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the server did not start in 180 s')),
        180_000,
      );
      server.waiting.set(0, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
    return server;
  }

  ask<T>(request: TAsk): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: (value) => resolve(value as T), reject });
      this.child.send({ ...request, id });
    });
  }

  stop(): Promise<void> {
    return stopProcess(this.child);
  }
}
