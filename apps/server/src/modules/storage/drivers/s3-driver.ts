import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import type { TByteRange } from '../http-range';
import { writeAtOffset } from './file-append';
import {
  assertSafeKey,
  BlobNotFoundError,
  SessionDataLostError,
  type TAppendResult,
  type TDriverSession,
  type TStorageDriver,
} from './storage-driver';

const MIB = 1024 * 1024;
/** S3 refuses parts under 5 MiB except the last, and more than 10,000 parts. */
const S3_MIN_PART_BYTES = 5 * MIB;
const S3_MAX_PARTS = 10_000;

export interface TS3DriverOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** A local directory for the bytes of a part still being filled. */
  spoolDir: string;
  /** Size of every part but the last; at least 5 MiB. Default 8 MiB. */
  partBytes?: number;
}

const ZSessionState = z.object({
  uploadId: z.string(),
  partBytes: z.number().int().positive(),
  parts: z.array(z.object({ number: z.number().int(), etag: z.string(), size: z.number() })),
});
type TSessionState = z.infer<typeof ZSessionState>;

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, GCS interop). A resumable session is an
 * S3 multipart upload: chunks are appended to a local spool file, and every time the spool holds
 * a whole part it is sent as one (all parts but the last have the same size, which some stores
 * require). The spool for part N is `<id>.<N>`; a new spool file is written before the database
 * records the part, and the old one is removed only after, so a crash at any point leaves a
 * state the recorded one can continue from.
 */
export function createS3Driver(options: TS3DriverOptions): TStorageDriver {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // The newer default checksums (CRC32 trailers) are not understood by many S3-compatible
    // stores; send them only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const basePartBytes = Math.max(options.partBytes ?? 8 * MIB, S3_MIN_PART_BYTES);
  let isSpoolReady: Promise<unknown> | null = null;
  const spoolReady = () => (isSpoolReady ??= fs.mkdir(options.spoolDir, { recursive: true }));

  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `objects/${key}`;
  };
  const spoolPath = (id: string, part: number) => {
    assertSafeKey(id);
    return path.join(options.spoolDir, `${id}.${part}`);
  };
  const readState = (session: TDriverSession): TSessionState => ZSessionState.parse(session.state);
  const partsBytes = (state: TSessionState) => state.parts.reduce((sum, p) => sum + p.size, 0);

  async function uploadPart(
    session: TDriverSession,
    state: TSessionState,
    number: number,
    file: string,
    start: number,
    length: number,
  ) {
    // A buffer, not a stream, so the SDK can retry the request; parts are a few MiB.
    const body = await readRange(file, start, length);
    const result = await client.send(
      new UploadPartCommand({
        Bucket,
        Key: objectKey(session.key),
        UploadId: state.uploadId,
        PartNumber: number,
        Body: body,
        ContentLength: length,
      }),
    );
    if (!result.ETag) throw new Error('The S3 store answered a part upload without an ETag.');
    return { number, etag: result.ETag, size: length };
  }

  async function removeSpools(id: string, below = Infinity): Promise<void> {
    const prefix = `${id}.`;
    let names: string[];
    try {
      names = await fs.readdir(options.spoolDir);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix) && Number(name.slice(prefix.length)) < below)
        .map((name) => fs.rm(path.join(options.spoolDir, name), { force: true })),
    );
  }

  async function statBlob(key: string): Promise<{ size: number } | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',

    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
        }),
      );
    },

    async read(key, range?: TByteRange) {
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(result.Body instanceof Readable)) {
          throw new Error('The S3 store answered without a body stream.');
        }
        return result.Body;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    stat: statBlob,

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },

    async createSession(session, total, contentType) {
      await spoolReady();
      const partBytes = Math.max(basePartBytes, Math.ceil(total / S3_MAX_PARTS / MIB) * MIB);
      const created = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: objectKey(session.key),
          ContentType: contentType,
        }),
      );
      if (!created.UploadId) throw new Error('The S3 store did not open a multipart upload.');
      await (await fs.open(spoolPath(session.id, 1), 'w')).close();
      const state: TSessionState = { uploadId: created.UploadId, partBytes, parts: [] };
      return state;
    },

    async sessionSize(session, received) {
      const state = readState(session);
      const sent = partsBytes(state);
      try {
        const stats = await fs.stat(spoolPath(session.id, state.parts.length + 1));
        return sent + Math.min(stats.size, received - sent);
      } catch {
        // Completed already (the database may not know yet, after a crash): the blob holds it all.
        const blob = await statBlob(session.key);
        return Math.min(blob?.size ?? sent, received);
      }
    },

    async appendSession(session, offset, source: Readable): Promise<TAppendResult> {
      const state = readState(session);
      const sent = partsBytes(state);
      const spoolOffset = offset - sent;
      const spool = spoolPath(session.id, state.parts.length + 1);
      if (spoolOffset < 0) throw new SessionDataLostError(sent);
      await spoolReady();
      const written = await writeAtOffset(spool, spoolOffset, source, sent);

      // Send every whole part the spool now holds, then carry the rest into the next spool.
      const spoolBytes = spoolOffset + written;
      const parts = [...state.parts];
      let consumed = 0;
      while (spoolBytes - consumed >= state.partBytes) {
        parts.push(
          await uploadPart(session, state, parts.length + 1, spool, consumed, state.partBytes),
        );
        consumed += state.partBytes;
      }
      if (consumed > 0) {
        const rest = await readRange(spool, consumed, spoolBytes - consumed);
        const next = await fs.open(spoolPath(session.id, parts.length + 1), 'w');
        try {
          await next.writeFile(rest);
          await next.sync();
        } finally {
          await next.close();
        }
      }
      // Spools older than the one the database knows about are no longer needed.
      await removeSpools(session.id, state.parts.length + 1);
      const nextState: TSessionState = { ...state, parts };
      return { written, state: nextState };
    },

    async finalizeSession(session, total, contentType) {
      const state = readState(session);
      const key = objectKey(session.key);
      if (total === 0) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: state.uploadId }))
          .catch(() => undefined);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: Buffer.alloc(0),
            ContentLength: 0,
            ContentType: contentType,
          }),
        );
        await removeSpools(session.id);
        return;
      }
      const sent = partsBytes(state);
      const last = total - sent;
      const parts = [...state.parts];
      try {
        if (last > 0 || parts.length === 0) {
          const spool = spoolPath(session.id, parts.length + 1);
          const held = await fs.stat(spool).then(
            (stats) => stats.size,
            () => 0,
          );
          if (held < last) throw new SessionDataLostError(sent + held);
          parts.push(await uploadPart(session, state, parts.length + 1, spool, 0, last));
        }
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: state.uploadId,
            MultipartUpload: {
              Parts: parts.map((part) => ({ PartNumber: part.number, ETag: part.etag })),
            },
          }),
        );
      } catch (error) {
        // Completed before (a retry after a lost response or a crash before the database knew).
        const blob = await statBlob(session.key);
        if (blob?.size !== total) throw error;
      }
      await removeSpools(session.id);
    },

    async abortSession(session) {
      const parsed = ZSessionState.safeParse(session.state);
      if (parsed.success) {
        await client
          .send(
            new AbortMultipartUploadCommand({
              Bucket,
              Key: objectKey(session.key),
              UploadId: parsed.data.uploadId,
            }),
          )
          .catch(() => undefined);
      }
      await removeSpools(session.id);
    },

    async close() {
      client.destroy();
    },
  };
}

async function readRange(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) throw new Error(`${file} ends before byte ${start + length}.`);
      filled += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound')
  );
}
