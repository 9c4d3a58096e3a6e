// bench/upload: a resumable upload of a large file through the storage service on loopback,
// beside the raw write speed of the same disk, measured in the same run.
//
//   npx tsx bench/upload.ts                    1 GiB (the figure for the notes)
//   BENCH_UPLOAD_MB=128 npx tsx bench/upload.ts   a quick run
//
// The server runs in-process (buildApp on a temporary DATA_DIR with the embedded database and
// the local storage driver, on a loopback port). The client (bench/upload-client.ts) runs in a
// worker thread, as another process would, and sends chunks that start at 256 KiB and double up
// to 16 MiB, as the storage client does, slicing a Blob backed by a file on disk, as a browser
// does. The upload time runs from the start command to the finalize answer (the server computes
// and the bench checks the MD5). The disk figure is 16 MiB writes of the same total and one
// fsync, in the same directory. Everything goes to one temporary directory, removed at the end.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { freePort } from './free-port';
import { loadAverageLine } from './load-average';
import { benchApi, signUp } from './server-process';
import { type TUploadJob, type TUploadResult, ZUploadResult } from './upload-client';

const MIB = 1024 * 1024;
const BLOCK = 16 * MIB;

const sizeMb = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.BENCH_UPLOAD_MB ?? '1024');
const totalBytes = sizeMb * MIB;

async function main() {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-'));
  try {
    await run(workDir);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function run(workDir: string) {
  console.log(
    `bench/upload: ${sizeMb} MiB in ${workDir} (Node ${process.version}, ${loadAverageLine()})`,
  );
  const sourceFile = path.join(workDir, 'source.bin');
  const sourceMd5 = await writeSourceFile(sourceFile, totalBytes);

  // A port chosen up front, so PUBLIC_URL (and the upload URLs the server hands out) match it.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
    AUTH_RATE_LIMIT: 'false',
    STORAGE_MAX_OBJECT_BYTES: String(totalBytes),
    STORAGE_QUOTA_BYTES: String(totalBytes),
    WEB_DIST: path.join(workDir, 'no-web'),
    PLAYER_DIST: path.join(workDir, 'no-player'),
  });
  const app = await buildApp({ config });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    // The uploader, set up through the shared typed client: a new user and their storage token.
    const api = benchApi(baseUrl);
    const { userId, session } = await signUp(api);
    const authorization = await api.storageAuthorization(session);
    const name = `users/${userId}/content/bench.mp4`;

    const result = await uploadInWorker({
      baseUrl,
      authorization,
      name,
      file: sourceFile,
      size: totalBytes,
    });
    const uploadSeconds = result.seconds;
    if (result.md5Hash !== sourceMd5 || Number(result.size) !== totalBytes) {
      throw new Error(`the stored object does not match: ${JSON.stringify(result)}`);
    }
    await fs.rm(sourceFile);

    const diskSeconds = await measureDiskWrite(path.join(workDir, 'data', 'disk-test.bin'));
    const uploadRate = totalBytes / 1e6 / uploadSeconds;
    const diskRate = totalBytes / 1e6 / diskSeconds;
    console.log(
      `resumable upload: ${uploadRate.toFixed(0)} MB/s  (${sizeMb} MiB in ${uploadSeconds.toFixed(2)} s, ${result.chunks} chunks, MD5 checked)`,
    );
    console.log(
      `raw disk write:   ${diskRate.toFixed(0)} MB/s  (${sizeMb} MiB written + fsync in ${diskSeconds.toFixed(2)} s, same filesystem)`,
    );
    console.log(`ratio upload / disk: ${(uploadRate / diskRate).toFixed(2)}`);
    console.log(`${loadAverageLine()} after`);
  } finally {
    await app.close();
  }
}

const MP4_FILE_TYPE_BOX = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** A file of `size` bytes that is not all alike; returns its MD5 (base64, as the server gives it). */
async function writeSourceFile(file: string, size: number): Promise<string> {
  const block = randomBytes(BLOCK);
  const hash = createHash('md5');
  const handle = await fs.open(file, 'w');
  try {
    for (let offset = 0, index = 0; offset < size; offset += BLOCK, index += 1) {
      block.writeUInt32LE(index, 0); // every block differs
      // The storage service checks that a video/mp4 upload starts like one: with a `ftyp` box.
      if (index === 0) MP4_FILE_TYPE_BOX.copy(block);
      const piece = block.subarray(0, Math.min(BLOCK, size - offset));
      hash.update(piece);
      await handle.write(piece);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest('base64');
}

/**
 * Runs the client (bench/upload-client.ts) in a worker thread: a real client is another process
 * or machine, and sharing this thread would measure the client's work as the server's.
 */
function uploadInWorker(job: TUploadJob): Promise<TUploadResult> {
  // Workers do not inherit tsx's loader; register it in the worker, then load the client.
  const client = new URL('./upload-client.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(client)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: unknown) => {
      const parsed = ZUploadResult.safeParse(message);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`the upload failed: ${JSON.stringify(message)}`));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Seconds to write `totalBytes` to a new file in 16 MiB writes and fsync it. */
async function measureDiskWrite(file: string): Promise<number> {
  const block = randomBytes(BLOCK);
  const started = performance.now();
  const handle = await fs.open(file, 'w');
  try {
    for (let offset = 0; offset < totalBytes; offset += BLOCK) {
      await handle.write(block, 0, Math.min(BLOCK, totalBytes - offset));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  await fs.rm(file);
  return seconds;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
