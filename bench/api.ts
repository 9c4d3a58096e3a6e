// bench/api: the authenticated hot path beside the framework's own ceiling, in one run.
//
//   npm run bench:api                      10 s per figure, PGlite and PostgreSQL
//   BENCH_SECONDS=5 npm run bench:api      a quicker run
//
// Each server runs in its own process in production mode (NODE_ENV=production), as an operator
// runs it: first a bare Fastify hello (bench/api-hello.ts), then Screenline on the embedded
// database in a temporary DATA_DIR, then Screenline on a fresh PostgreSQL database (at
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the database is created
// for the run and dropped after; skipped when PostgreSQL is not reachable). autocannon drives each
// from this process with 20 connections after a short warm-up; it prints req/s and p99 latency for
// the hello, `GET /api/v1/me` signed in (a session cookie) and `/api/health`, and the ratio
// me / hello (the goal is at least 0.25). LOG_LEVEL is warn so the figures measure the code rather
// than writing a log line per request to a pipe.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { z } from 'zod';
import { freePort } from './free-port';
import { adminUrl, createPostgresDatabase } from './postgres-database';
import { ROOT, signUp, startProcess, startScreenline, stopProcess } from './server-process';

const seconds = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.BENCH_SECONDS ?? '10');
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;

interface TFigure {
  label: string;
  rps: number;
  p99: number;
  errors: number;
}

const figures: TFigure[] = [];
const ratios: string[] = [];

async function main() {
  console.log(
    `bench/api: ${CONNECTIONS} connections, ${seconds} s per figure after ${WARMUP_SECONDS} s warm-up ` +
      `(${os.cpus().length} CPUs, Node ${process.version})`,
  );
  const hello = await measureHello();

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-api-'));
  try {
    await measureScreenline('PGlite', { DATA_DIR: path.join(workDir, 'pglite') }, hello);
    const database = await createPostgresDatabase();
    if (database) {
      try {
        await measureScreenline(
          'PostgreSQL',
          { DATA_DIR: path.join(workDir, 'postgres'), DATABASE_URL: database.url },
          hello,
        );
      } finally {
        await database.drop();
      }
    } else {
      console.log(`PostgreSQL at ${adminUrl} is not reachable: skipped`);
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }

  console.log('');
  for (const f of figures) {
    const errors = f.errors ? `  (${f.errors} errors or non-2xx)` : '';
    console.log(
      `${f.label.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${f.p99.toFixed(1).padStart(6)} ms${errors}`,
    );
  }
  for (const ratio of ratios) console.log(ratio);
}

async function measureHello(): Promise<number> {
  const port = await freePort();
  const child = startProcess(path.join(ROOT, 'bench/api-hello.ts'), { PORT: String(port) });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the hello server exited (${code})`)));
    });
    const figure = await measure('hello (bare Fastify)', `http://127.0.0.1:${port}/`);
    return figure.rps;
  } finally {
    await stopProcess(child);
  }
}

async function measureScreenline(name: string, env: Record<string, string>, helloRps: number) {
  const server = await startScreenline(env);
  const { baseUrl } = server;
  try {
    const cookie = await signUp(baseUrl);
    const me = await measure(`${name}: GET /api/v1/me`, `${baseUrl}/api/v1/me`, { cookie });
    await measure(`${name}: GET /api/health`, `${baseUrl}/api/health`);
    const ratio = `${name}: me / hello = ${(me.rps / helloRps).toFixed(3)} (goal ≥ 0.25)`;
    ratios.push(ratio);
    console.log(ratio);
  } finally {
    await server.stop();
  }
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<TFigure> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const figure = {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  figures.push(figure);
  console.log(
    `${label}: ${figure.rps.toFixed(0)} req/s, p99 ${figure.p99} ms` +
      (figure.errors ? `, ${figure.errors} errors or non-2xx` : ''),
  );
  return figure;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
