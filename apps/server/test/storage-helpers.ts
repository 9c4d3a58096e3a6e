import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { ZAuthToken } from '@screenline/shared/auth';
import { ZStorageObject, type TStorageObject } from '@screenline/shared/storage';
import { withTwoFactor, type TTestApp } from './harness';

export const BUCKET = 'screenline';

export interface TStorageUser {
  userId: string;
  email: string;
  cookie: string;
  token: string;
  /** The Authorization header value, as Firebase clients send it. */
  authorization: string;
}

/** Signs up a user and fetches the storage token (GET /api/auth/token). */
export async function signUpForStorage(t: TTestApp): Promise<TStorageUser> {
  const { cookie, userId, email } = await t.signUp();
  const res = await t.request({ method: 'GET', url: '/api/auth/token', cookie });
  const { token } = ZAuthToken.parse(res.json());
  return { userId, email, cookie, token, authorization: `Firebase ${token}` };
}

/** The user with two-factor sign-in on: a new session, so a new storage token too. */
export async function withTwoFactorForStorage(t: TTestApp, user: TStorageUser) {
  const enrolled = await withTwoFactor(t, user);
  const res = await t.request({ method: 'GET', url: '/api/auth/token', cookie: enrolled.cookie });
  const { token } = ZAuthToken.parse(res.json());
  return { ...enrolled, token, authorization: `Firebase ${token}` };
}

export function objectUrl(name: string, bucket = BUCKET): string {
  return `/v0/b/${bucket}/o/${encodeURIComponent(name)}`;
}

export function uploadUrl(name: string, bucket = BUCKET): string {
  return `/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`;
}

export const md5Base64 = (data: Uint8Array) => createHash('md5').update(data).digest('base64');

/** Bytes that are not all alike, so a shifted or mixed-up chunk shows in the MD5. */
export function patternBytes(size: number, seed = 1): Buffer {
  const data = Buffer.alloc(Math.ceil(size / 4) * 4);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < data.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data.writeUInt32LE(x >>> 0, i);
  }
  return data.subarray(0, size);
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The leading bytes of each allowlisted type, enough for the storage service's content check. */
const SIGNATURES: Record<string, Buffer> = {
  'image/png': Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', Buffer.from('00000001000000010806000000', 'hex')),
    // The header of the image data: what tells a PNG from an animated one.
    Buffer.alloc(4),
    Buffer.from('IDAT', 'latin1'),
  ]),
  'image/jpeg': Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  'image/gif': Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  'image/webp': Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
  'video/mp4': Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  'video/webm': Buffer.from(
    '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102',
    'hex',
  ),
};

/**
 * `patternBytes` behind a real signature of `contentType`: what the storage service's
 * magic-byte check takes as that type, while the rest still shows a mixed-up chunk in the MD5.
 */
export function mediaBytes(contentType: string, size: number, seed = 1): Buffer {
  const signature = SIGNATURES[contentType];
  if (!signature) throw new Error(`no signature for ${contentType}`);
  if (size < signature.length) throw new Error(`${contentType} needs ${signature.length} bytes`);
  const data = patternBytes(size, seed);
  signature.copy(data);
  return data;
}

/** A multipart/related body as the client builds it: JSON metadata part, then the data part. */
export function multipartBody(
  resource: Record<string, unknown>,
  data: Buffer,
  contentType: string,
  boundary = 'screenline-0123456789abcdef',
): { payload: Buffer; headers: Record<string, string> } {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(resource)}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  return {
    payload,
    headers: {
      'x-goog-upload-protocol': 'multipart',
      'content-type': `multipart/related; boundary=${boundary}`,
    },
  };
}

export async function uploadMultipart(
  t: TTestApp,
  user: Pick<TStorageUser, 'authorization'>,
  name: string,
  data: Buffer,
  contentType = 'image/png',
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(
    { name, fullPath: name, size: data.length, contentType, ...extra },
    data,
    contentType,
  );
  return t.request({
    method: 'POST',
    url: uploadUrl(name),
    headers: { ...headers, authorization: user.authorization },
    payload,
  });
}

export async function startResumable(
  t: TTestApp,
  user: Pick<TStorageUser, 'authorization'>,
  name: string,
  size: number,
  contentType = 'video/mp4',
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: uploadUrl(name),
    headers: {
      authorization: user.authorization,
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
      'x-goog-upload-header-content-type': contentType,
      'content-type': 'application/json; charset=utf-8',
    },
    payload: JSON.stringify({ name, fullPath: name, size, contentType, ...extra }),
  });
}

/** The session URL of a start response, as a path for app.inject. */
export function sessionPath(start: LightMyRequestResponse): string {
  const header = start.headers['x-goog-upload-url'];
  if (typeof header !== 'string')
    throw new Error(`no upload URL: ${start.statusCode} ${start.body}`);
  const url = new URL(header);
  return `${url.pathname}${url.search}`;
}

export async function sendCommand(
  t: TTestApp,
  user: Pick<TStorageUser, 'authorization'>,
  path: string,
  command: string,
  offset?: number,
  body?: Buffer,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: path,
    headers: {
      authorization: user.authorization,
      'x-goog-upload-command': command,
      ...(offset === undefined ? {} : { 'x-goog-upload-offset': String(offset) }),
    },
    ...(body ? { payload: body } : {}),
  });
}

/** A whole resumable upload through app.inject, in chunks of the given sizes (the last repeats). */
export async function uploadResumable(
  t: TTestApp,
  user: Pick<TStorageUser, 'authorization'>,
  name: string,
  data: Buffer,
  contentType = 'video/mp4',
  chunkSizes: number[] = [256 * 1024],
): Promise<TStorageObject> {
  const start = await startResumable(t, user, name, data.length, contentType);
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const path = sessionPath(start);
  let offset = 0;
  let index = 0;
  for (;;) {
    const size = chunkSizes[Math.min(index, chunkSizes.length - 1)] ?? 256 * 1024;
    index += 1;
    const end = Math.min(offset + size, data.length);
    const isLast = end === data.length;
    const res = await sendCommand(
      t,
      user,
      path,
      isLast ? 'upload, finalize' : 'upload',
      offset,
      data.subarray(offset, end),
    );
    if (res.statusCode !== 200) throw new Error(`chunk failed: ${res.statusCode} ${res.body}`);
    if (isLast) return ZStorageObject.parse(res.json());
    offset = end;
  }
}

// One helper for the tests and the benchmarks (which may not import test code).
export { freePort } from '../../../bench/free-port';

/** A small seeded random generator (mulberry32), so failures injected at random repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface THttpUploadResult {
  metadata: TStorageObject;
  /** Requests answered with a status worth retrying (5xx, 408, 429). */
  retried: number;
  chunkSizes: number[];
}

const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;
const FIRST_CHUNK = 256 * 1024;
const LARGEST_CHUNK = 16 * 1024 * 1024;

/**
 * A resumable upload over real HTTP, behaving like the storage client: chunks start at 256 KiB
 * and double up to 16 MiB; a retryable failure resets the chunk size, asks the server how much
 * it holds (query) and continues from there. `uploadUrl` continues an existing session.
 */
export async function uploadOverHttp(options: {
  baseUrl: string;
  authorization: string;
  name: string;
  data: Buffer;
  contentType?: string;
  uploadUrl?: string;
  /** Stop (resolve null) after this many bytes are confirmed, to simulate going away. */
  stopAfter?: number;
}): Promise<
  (THttpUploadResult & { uploadUrl: string }) | { uploadUrl: string; stoppedAt: number }
> {
  const { baseUrl, authorization, name, data } = options;
  const contentType = options.contentType ?? 'video/mp4';
  let retried = 0;
  const chunkSizes: number[] = [];
  const send = async (url: string, headers: Record<string, string>, body?: Buffer) => {
    // A copy in its own ArrayBuffer: what fetch's types (and browsers) take as a body.
    const payload = body ? new Uint8Array(body) : undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization, ...headers },
        ...(payload ? { body: payload } : {}),
      });
      if (!RETRYABLE(res.status)) return res;
      await res.arrayBuffer();
      retried += 1;
      if (
        headers['x-goog-upload-command'] !== 'query' &&
        headers['x-goog-upload-command'] !== 'start'
      ) {
        return res;
      }
    }
    throw new Error('too many retries');
  };

  let uploadUrl = options.uploadUrl;
  if (!uploadUrl) {
    const start = await send(
      `${baseUrl}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`,
      {
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(data.length),
        'x-goog-upload-header-content-type': contentType,
        'content-type': 'application/json; charset=utf-8',
      },
      Buffer.from(JSON.stringify({ name, fullPath: name, size: data.length, contentType })),
    );
    if (start.status !== 200) throw new Error(`start: ${start.status} ${await start.text()}`);
    uploadUrl = start.headers.get('x-goog-upload-url') ?? '';
  }

  let offset: number | null = options.uploadUrl ? null : 0;
  let chunk = FIRST_CHUNK;
  for (;;) {
    if (offset === null) {
      const query = await send(uploadUrl, { 'x-goog-upload-command': 'query' });
      if (query.status !== 200) throw new Error(`query: ${query.status} ${await query.text()}`);
      offset = Number(query.headers.get('x-goog-upload-size-received'));
      if (query.headers.get('x-goog-upload-status') === 'final') {
        const meta = await fetch(`${baseUrl}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`, {
          headers: { authorization },
        });
        return {
          metadata: ZStorageObject.parse(await meta.json()),
          retried,
          chunkSizes,
          uploadUrl,
        };
      }
    }
    if (options.stopAfter !== undefined && offset >= options.stopAfter) {
      return { uploadUrl, stoppedAt: offset };
    }
    const end = Math.min(offset + chunk, data.length);
    const isLast = end === data.length;
    const res = await send(
      uploadUrl,
      {
        'x-goog-upload-command': isLast ? 'upload, finalize' : 'upload',
        'x-goog-upload-offset': String(offset),
      },
      data.subarray(offset, end),
    );
    if (RETRYABLE(res.status)) {
      offset = null;
      chunk = FIRST_CHUNK;
      continue;
    }
    if (res.status !== 200) throw new Error(`chunk: ${res.status} ${await res.text()}`);
    chunkSizes.push(end - offset);
    if (isLast) {
      return { metadata: ZStorageObject.parse(await res.json()), retried, chunkSizes, uploadUrl };
    }
    await res.arrayBuffer();
    offset = end;
    chunk = Math.min(chunk * 2, LARGEST_CHUNK);
  }
}
