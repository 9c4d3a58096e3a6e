import { type Hash, randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { z } from 'zod';
import {
  type TStorageObject,
  type TUploadResource,
  ZContentType,
} from '@screenline/shared/storage';
import { API, apiPath } from '@screenline/shared/api-paths';
import { AppError } from '../../lib/app-error';
import type { TDriverSession } from './drivers/storage-driver';
import type { TStorageObjectRow, TUploadSessionRow } from './storage.repository';

/**
 * The wire side of the Firebase Storage v0 protocol (SPEC §7): limits, the upload commands,
 * the headers and replies, and the JSON resource. Pure functions: no database, no driver.
 */

const MIB = 1024 * 1024;
/** The client's chunks stay below 32 MiB (SPEC §9). */
export const MAX_CHUNK_BYTES = 32 * MIB;
/** Multipart bodies are read into memory; the client sends only files up to 256 KiB this way. */
export const MAX_MULTIPART_BYTES = 8 * MIB;
export const MAX_JSON_BYTES = 64 * 1024;

export type TUploadCommand = 'query' | 'upload' | 'finalize' | 'upload, finalize' | 'cancel';

/** What a storage route sends back: a status, headers, and metadata JSON, bytes or nothing. */
export interface TProtocolReply {
  status: number;
  headers: Record<string, string>;
  body: TStorageObject | Readable | null;
}

/** The metadata fields an upload sets, besides its name and bytes. */
export interface TObjectFields {
  contentType: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string> | null;
}

export function parseCommand(value: string | undefined): TUploadCommand {
  const words = (value ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  const has = (word: string) => words.includes(word);
  if (words.length === 1 && has('query')) return 'query';
  if (words.length === 1 && has('cancel')) return 'cancel';
  if (words.length === 1 && has('upload')) return 'upload';
  if (words.length === 1 && has('finalize')) return 'finalize';
  if (words.length === 2 && has('upload') && has('finalize')) return 'upload, finalize';
  throw new AppError(
    'bad-request',
    'X-Goog-Upload-Command must be query, upload, finalize, "upload, finalize" or cancel.',
  );
}

/** A byte count or offset header: digits only (at most 16, far past any real size). */
export function parseByteCount(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,16}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function parseContentTypeHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = ZContentType.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function objectFields(contentType: string, resource: TUploadResource): TObjectFields {
  return {
    contentType,
    cacheControl: resource.cacheControl ?? null,
    contentDisposition: resource.contentDisposition ?? null,
    contentEncoding: resource.contentEncoding ?? null,
    contentLanguage: resource.contentLanguage ?? null,
    customMetadata:
      resource.metadata && Object.keys(resource.metadata).length > 0 ? resource.metadata : null,
  };
}

export function parseJson<T extends z.ZodType>(raw: Buffer, schema: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('bad-request', 'The upload metadata is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const summary = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'metadata'}: ${issue.message}`)
      .join('; ');
    throw new AppError('bad-request', `The upload metadata is not valid (${summary}).`, {
      fields: parsed.error.issues,
    });
  }
  return parsed.data;
}

/**
 * Reads a whole (small) body. Past the limit it rejects but keeps reading and dropping the rest,
 * so the connection stays usable for the error answer.
 */
export function readBody(
  source: Readable,
  limit: number,
  tooLarge: () => AppError,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isDone = false;
    source.on('data', (chunk: unknown) => {
      if (isDone) return;
      const bytes = toBuffer(chunk);
      size += bytes.length;
      if (size > limit) {
        isDone = true;
        reject(tooLarge());
        return;
      }
      chunks.push(bytes);
    });
    source.on('end', () => {
      if (isDone) return;
      isDone = true;
      resolve(Buffer.concat(chunks, size));
    });
    source.on('error', (error) => {
      if (isDone) return;
      isDone = true;
      reject(error);
    });
  });
}

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('A body stream produced something other than bytes.');
}

export function statusHeaders(
  received: number,
  status: 'active' | 'final',
): Record<string, string> {
  return { 'x-goog-upload-status': status, 'x-goog-upload-size-received': String(received) };
}

export function statusReply(
  session: Pick<TUploadSessionRow, 'received' | 'status'>,
): TProtocolReply {
  return { status: 200, headers: statusHeaders(session.received, session.status), body: null };
}

export function pastTotal(offset: number, total: number): AppError {
  return new AppError(
    'bad-request',
    `The chunk would pass the ${total} bytes the upload declared.`,
    undefined,
    statusHeaders(offset, 'active'),
  );
}

export function objectNotFound(name: string): AppError {
  return new AppError('not-found', `Object '${name}' does not exist.`);
}

/** An object's row as the protocol's JSON resource. */
export function toResource(row: TStorageObjectRow): TStorageObject {
  return {
    bucket: row.bucket,
    generation: String(row.generation),
    metageneration: String(row.metageneration),
    fullPath: row.name,
    name: row.name,
    size: String(row.size),
    timeCreated: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    md5Hash: row.md5Hash,
    contentType: row.contentType,
    ...(row.cacheControl ? { cacheControl: row.cacheControl } : {}),
    ...(row.contentDisposition ? { contentDisposition: row.contentDisposition } : {}),
    ...(row.contentEncoding ? { contentEncoding: row.contentEncoding } : {}),
    ...(row.contentLanguage ? { contentLanguage: row.contentLanguage } : {}),
    ...(row.customMetadata ? { metadata: row.customMetadata } : {}),
    downloadTokens: row.downloadTokens,
  };
}

/** A same-origin link that downloads the object with its first download token. */
export function downloadPath(
  row: Pick<TStorageObjectRow, 'bucket' | 'name' | 'downloadTokens'>,
): string {
  const token = row.downloadTokens.split(',')[0] ?? '';
  const path = apiPath(API.storageObject, { bucket: row.bucket, '*': row.name });
  return `${path}?alt=media&token=${encodeURIComponent(token)}`;
}

/** A fresh blob key: random, so no two writes ever share bytes. */
export function newKey(): string {
  return randomBytes(18).toString('base64url');
}

export function driverSession(session: TUploadSessionRow): TDriverSession {
  return { id: session.id, key: session.id, state: session.driverState };
}

/**
 * Counts (and limits, and hashes) the bytes of a chunk on their way to the driver, and keeps
 * the first `keepBytes` of them for a look at the content.
 */
export class ChunkMeter extends Transform {
  #bytes = 0;
  #kept: Buffer[] = [];

  constructor(
    private readonly limit: number,
    private readonly tooMuch: () => AppError,
    private readonly hash: Hash | undefined,
    private readonly keepBytes = 0,
  ) {
    super();
  }

  /** The first bytes that went through, up to `keepBytes`. */
  get head(): Buffer {
    return Buffer.concat(this.#kept).subarray(0, this.keepBytes);
  }

  override _transform(
    chunk: unknown,
    _encoding: BufferEncoding,
    callback: (e?: Error | null, data?: Buffer) => void,
  ) {
    const bytes = toBuffer(chunk);
    if (this.#bytes < this.keepBytes)
      this.#kept.push(bytes.subarray(0, this.keepBytes - this.#bytes));
    this.#bytes += bytes.length;
    if (this.#bytes > this.limit) {
      callback(this.tooMuch());
      return;
    }
    this.hash?.update(bytes);
    callback(null, bytes);
  }
}
