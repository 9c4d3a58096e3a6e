// One function per call of the wire protocol (SPEC §7), each a single attempt: callers decide
// about retries. Header names follow the Firebase Storage v0 resumable protocol.
import { type ErrorSubject, StorageError } from './errors';
import { type ProtocolResponse, bucketUrl, objectUrl, sendRequest } from './http';
import type { Location } from './location';
import { type FullMetadata, type UploadResource, parseObjectResource } from './metadata';
import type { Storage } from './storage';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function subjectOf(location: Location): ErrorSubject {
  return { bucket: location.bucket, path: location.path };
}

/** 1. GET the object's metadata. */
export async function getObjectMetadata(
  storage: Storage,
  location: Location,
  signal?: AbortSignal,
): Promise<FullMetadata> {
  const response = await sendRequest(storage, {
    method: 'GET',
    url: objectUrl(storage, location),
    signal,
    subject: subjectOf(location),
  });
  return parseObjectResource(storage, response.body, response.status);
}

/** 3. DELETE the object; any 2xx (the server sends 200 or 204) is success. */
export async function deleteObjectRequest(
  storage: Storage,
  location: Location,
  signal?: AbortSignal,
): Promise<void> {
  await sendRequest(storage, {
    method: 'DELETE',
    url: objectUrl(storage, location),
    signal,
    subject: subjectOf(location),
  });
}

/** 4. One multipart/related POST carrying the metadata JSON and the bytes. */
export async function uploadMultipart(
  storage: Storage,
  location: Location,
  data: Blob,
  resource: UploadResource,
  signal?: AbortSignal,
): Promise<FullMetadata> {
  const boundary = makeBoundary();
  const body = new Blob([
    `--${boundary}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n\r\n${JSON.stringify(resource)}\r\n`,
    `--${boundary}\r\nContent-Type: ${resource.contentType}\r\n\r\n`,
    data,
    `\r\n--${boundary}--`,
  ]);
  const response = await sendRequest(storage, {
    method: 'POST',
    url: `${bucketUrl(storage, location.bucket)}?name=${encodeURIComponent(location.path)}`,
    headers: {
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
    },
    body,
    signal,
    subject: subjectOf(location),
  });
  return parseObjectResource(storage, response.body, response.status);
}

/** 5. Opens a resumable session; resolves to its absolute upload URL. */
export async function startResumableUpload(
  storage: Storage,
  location: Location,
  resource: UploadResource,
  signal?: AbortSignal,
): Promise<string> {
  const response = await sendRequest(storage, {
    method: 'POST',
    url: `${bucketUrl(storage, location.bucket)}?name=${encodeURIComponent(location.path)}`,
    headers: {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(resource.size),
      'X-Goog-Upload-Header-Content-Type': resource.contentType,
      'Content-Type': JSON_CONTENT_TYPE,
    },
    body: JSON.stringify(resource),
    signal,
    subject: subjectOf(location),
  });
  readUploadStatus(response, ['active']);
  const uploadUrl = response.headers.get('X-Goog-Upload-URL');
  if (!uploadUrl) throw unexpectedResponse(response, 'the X-Goog-Upload-URL header is missing');
  return resolveUploadUrl(storage, uploadUrl);
}

export interface UploadSessionStatus {
  /** Bytes the server holds. */
  received: number;
  /** The server has finalized the object. */
  isFinal: boolean;
}

/** 6. Asks the session how many bytes the server holds. */
export async function queryResumableUpload(
  storage: Storage,
  uploadUrl: string,
  location: Location,
  signal?: AbortSignal,
): Promise<UploadSessionStatus> {
  const response = await sendRequest(storage, {
    method: 'POST',
    url: uploadUrl,
    headers: { 'X-Goog-Upload-Command': 'query' },
    signal,
    subject: subjectOf(location),
  });
  const status = readUploadStatus(response, ['active', 'final']);
  const sizeHeader = response.headers.get('X-Goog-Upload-Size-Received');
  const received = sizeHeader !== null && /^\d+$/.test(sizeHeader) ? Number(sizeHeader) : NaN;
  if (Number.isNaN(received)) {
    throw unexpectedResponse(response, 'X-Goog-Upload-Size-Received is missing or not a number');
  }
  return { received, isFinal: status === 'final' };
}

export interface ChunkResult {
  isFinal: boolean;
  /** The object's metadata when the server finalized it and sent it along. */
  metadata: FullMetadata | null;
}

/** 7. Sends bytes `[offset, offset + chunk.size)`; `finalize` on the last one. */
export async function uploadChunk(
  storage: Storage,
  request: {
    uploadUrl: string;
    location: Location;
    chunk: Blob;
    offset: number;
    isLast: boolean;
    signal?: AbortSignal;
  },
): Promise<ChunkResult> {
  const command = !request.isLast
    ? 'upload'
    : request.chunk.size > 0
      ? 'upload, finalize'
      : 'finalize';
  const response = await sendRequest(storage, {
    method: 'POST',
    url: request.uploadUrl,
    headers: {
      'X-Goog-Upload-Command': command,
      'X-Goog-Upload-Offset': String(request.offset),
    },
    body: request.chunk,
    signal: request.signal,
    subject: subjectOf(request.location),
  });
  const isFinal = readUploadStatus(response, ['active', 'final']) === 'final';
  const metadata =
    isFinal && response.body.trim().length > 0
      ? parseObjectResource(storage, response.body, response.status)
      : null;
  return { isFinal, metadata };
}

/**
 * Ends a session, so the server deletes the bytes it holds now instead of at the session's
 * expiry (not in SPEC §7: Firebase clients never send it, the resumable protocol has it). This
 * server answers 200 with `X-Goog-Upload-Status: cancelled`, or `final` when the upload had
 * already become an object (its last chunk arrived before the cancel): then nothing was
 * cancelled and the object exists.
 */
export async function cancelResumableUpload(
  storage: Storage,
  uploadUrl: string,
  location: Location,
): Promise<'cancelled' | 'final'> {
  const response = await sendRequest(storage, {
    method: 'POST',
    url: uploadUrl,
    headers: { 'X-Goog-Upload-Command': 'cancel' },
    subject: subjectOf(location),
  });
  return response.headers.get('X-Goog-Upload-Status') === 'final' ? 'final' : 'cancelled';
}

type UploadStatusValue = 'active' | 'final';

function readUploadStatus(
  response: ProtocolResponse,
  allowed: readonly UploadStatusValue[],
): UploadStatusValue {
  const value = response.headers.get('X-Goog-Upload-Status');
  const status = allowed.find((candidate) => candidate === value);
  if (status === undefined) {
    throw unexpectedResponse(
      response,
      `X-Goog-Upload-Status is '${value ?? '(missing)'}', expected ${allowed.join(' or ')}`,
    );
  }
  return status;
}

function unexpectedResponse(response: ProtocolResponse, detail: string): StorageError {
  return new StorageError('unknown', `The storage service answered unexpectedly: ${detail}.`, {
    status: response.status,
    serverResponse: response.body,
  });
}

/**
 * The session URL may come back absolute or as a path; a path is taken relative to baseUrl,
 * like every other URL this client builds, so a path prefix in baseUrl is kept.
 */
function resolveUploadUrl(storage: Storage, uploadUrl: string): string {
  if (/^https?:\/\//i.test(uploadUrl)) return uploadUrl;
  return `${storage.baseUrl}${uploadUrl.startsWith('/') ? '' : '/'}${uploadUrl}`;
}

/** A multipart boundary that will not occur by chance in the data. */
function makeBoundary(): string {
  const random = new Uint8Array(16);
  crypto.getRandomValues(random);
  return `screenline-${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
