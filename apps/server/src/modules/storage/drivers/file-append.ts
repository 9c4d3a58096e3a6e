import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SessionDataLostError } from './storage-driver';

// Lets the network keep reading while earlier bytes are still being written: with the default
// 16 KiB every 64 KiB socket read would wait for its disk write.
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Writes `source` into `file` at `offset` (creating the file when offset is 0), drops whatever
 * an earlier, failed write left after it, and fsyncs. Returns the bytes written. Rejects with
 * SessionDataLostError when the file holds fewer than `offset` bytes.
 */
export async function writeAtOffset(
  file: string,
  offset: number,
  source: Readable,
  lostBase = 0,
): Promise<number> {
  const size = await fs.stat(file).then(
    (stats) => stats.size,
    (error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return -1;
      throw error;
    },
  );
  if (size < offset) throw new SessionDataLostError(lostBase + Math.max(size, 0));
  // A stream of its own on a path (not on a FileHandle): FileHandle streams with autoClose off
  // keep the handle referenced and its close() never settles.
  const out = createWriteStream(file, {
    flags: size === -1 ? 'w' : 'r+',
    start: offset,
    highWaterMark: WRITE_BUFFER_BYTES,
  });
  await pipeline(source, out);
  const written = out.bytesWritten;
  const handle = await fs.open(file, 'r+');
  try {
    await handle.truncate(offset + written);
    // Durable before the database records it: a received size is a promise to the client.
    await handle.sync();
  } finally {
    await handle.close();
  }
  return written;
}
