// bench/memory: what an idle Screenline spends its memory on (issue 19 item 6), stage by stage in
// one process, as `npm start` runs it (tsx, production mode, PGlite unless DATABASE_URL is set).
//
//   npm run bench:memory                    PGlite in a temporary DATA_DIR
//   DATABASE_URL=postgres://… npm run bench:memory
//
// Twice, each in its own process: a first start (PGlite creates its database: initdb, then the
// migrations) and a restart on the same DATA_DIR (the usual case). Stages: Node and tsx alone;
// the server's module graph imported; the app built and listening (the database opened and
// migrated, the routes compiled); after a few requests and BENCH_IDLE_S (10) idle seconds. At each, after a full collection: RSS, the V8 heap (and its code
// space), memory outside the heap, and PGlite's WebAssembly memory (its Postgres' heap, shared
// buffers included). Run with --expose-gc (the npm script does).
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { API } from '@screenline/shared/api-paths';
import { freePort } from './free-port';
import { loadAverageLine } from './load-average';

const IDLE_S = z.coerce
  .number()
  .int()
  .nonnegative()
  .parse(process.env.BENCH_IDLE_S ?? '10');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory)');

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0).padStart(4)} MiB`;

/** Memory after a full collection; `wasm`: PGlite's WebAssembly memory, when it is open. */
function sample(label: string, wasm: number | null) {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  const code = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'code_space');
  console.log(
    `${label.padEnd(40)} RSS ${mib(usage.rss)} · heap ${mib(usage.heapUsed)} used of ${mib(usage.heapTotal)} (code ${mib(code?.space_used_size ?? 0)}) · external ${mib(usage.external)} (array buffers ${mib(usage.arrayBuffers)})` +
      (wasm === null ? '' : ` · PGlite WebAssembly memory ${mib(wasm)}`),
  );
  return usage.rss;
}

async function main() {
  console.log(`bench/memory: Node ${process.version}, ${loadAverageLine()}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-memory-'));
  try {
    for (const stage of ['first start', 'restart on the same DATA_DIR']) {
      console.log(`\n${stage}:`);
      const child = fork(import.meta.filename, {
        env: { ...process.env, BENCH_MEMORY_DATA_DIR: dataDir },
        execArgv: process.execArgv,
        stdio: 'inherit',
      });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      if (code !== 0) throw new Error(`${stage}: exited with ${String(code)}`);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${loadAverageLine()} at the end`);
}

async function measure(dataDir: string) {
  const port = await freePort();
  Object.assign(process.env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
  });
  const before = sample('Node and tsx', null);
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const imported = sample('module graph imported', null);
  const config = loadConfig();
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  // PGlite's Emscripten module (not in its types): its memory is one WebAssembly.Memory.
  const { pglite } = app.deps.database as { pglite?: { mod?: { HEAPU8?: Uint8Array } } };
  const wasm = () => pglite?.mod?.HEAPU8?.byteLength ?? null;
  const built = sample('built, listening', wasm());
  for (const url of [API.health, '/', '/signin', API.platformSettings])
    await (await fetch(`${config.publicUrl}${url}`)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const idle = sample(`a few requests, ${IDLE_S} s idle`, wasm());
  console.log(
    `growth: module graph +${mib(imported - before).trim()}, build and listen +${mib(built - imported).trim()}, requests and idle +${mib(idle - built).trim()}`,
  );
  await app.close();
}

const childDataDir = process.env.BENCH_MEMORY_DATA_DIR;
(childDataDir ? measure(childDataDir) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
