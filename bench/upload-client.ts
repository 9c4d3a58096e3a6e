// The client side of bench/upload, run in a worker thread: one resumable upload of a file, in
// chunks that start at 256 KiB and double up to 16 MiB, as the storage client sends them.
import { openAsBlob } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { API, apiPath } from '@screenline/shared/api-paths';

const FIRST_CHUNK = 256 * 1024;
const LARGEST_CHUNK = 16 * 1024 * 1024;

const ZUploadJob = z.object({
  baseUrl: z.string(),
  authorization: z.string(),
  name: z.string(),
  file: z.string(),
  size: z.number().int().positive(),
});
export type TUploadJob = z.infer<typeof ZUploadJob>;

export const ZUploadResult = z.object({
  md5Hash: z.string(),
  size: z.string(),
  chunks: z.number(),
  /** From the start command to the finalize answer; the worker's own start-up is not counted. */
  seconds: z.number(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

const ZObject = z.object({ md5Hash: z.string(), size: z.string() });

async function upload({
  baseUrl,
  authorization,
  name,
  file,
  size,
}: TUploadJob): Promise<TUploadResult> {
  const startUrl = `${baseUrl}${apiPath(API.storageObjects, { bucket: 'screenline' }, { name })}`;
  const started = performance.now();
  const start = await fetch(startUrl, {
    method: 'POST',
    headers: {
      authorization,
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
      'x-goog-upload-header-content-type': 'video/mp4',
      'content-type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ name, fullPath: name, size, contentType: 'video/mp4' }),
  });
  const uploadUrl = start.headers.get('x-goog-upload-url');
  if (start.status !== 200 || !uploadUrl) throw new Error(`start: ${start.status}`);

  // A Blob backed by the file: each chunk is a slice, read from disk as it is sent, as a
  // browser does with a File from a file picker.
  const blob = await openAsBlob(file);
  let offset = 0;
  let chunk = FIRST_CHUNK;
  let chunks = 0;
  for (;;) {
    const end = Math.min(offset + chunk, size);
    const isLast = end === size;
    const res = await fetch(uploadUrl, {
      method: 'POST',
      headers: {
        authorization,
        'x-goog-upload-command': isLast ? 'upload, finalize' : 'upload',
        'x-goog-upload-offset': String(offset),
      },
      body: blob.slice(offset, end),
    });
    chunks += 1;
    if (res.status !== 200) {
      throw new Error(`chunk at ${offset}: ${res.status} ${await res.text()}`);
    }
    if (isLast) {
      const object = ZObject.parse(await res.json());
      return { ...object, chunks, seconds: (performance.now() - started) / 1000 };
    }
    await res.arrayBuffer();
    offset = end;
    chunk = Math.min(chunk * 2, LARGEST_CHUNK);
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  upload(ZUploadJob.parse(workerData)).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
