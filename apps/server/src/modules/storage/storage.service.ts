import { formatBytes } from '@screenline/shared/format';
import { createHash, type Hash, randomBytes, randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type TStorageObject,
  type TUpdateObjectMetadata,
  ZContentType,
  ZUploadResource,
} from '@screenline/shared/storage';
import type { TConfig } from '../../config';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error';
import {
  BlobNotFoundError,
  SessionDataLostError,
  type TDriverSession,
  type TStorageDriver,
} from './drivers/storage-driver';
import { matchesEntityTag, parseRangeHeader, type TByteRange } from './http-range';
import { parseMultipartRelated } from './multipart-related';
import { objectNameProblem, ownerOfObjectName } from './object-name';
import type {
  TNewStorageObject,
  TStorageObjectRow,
  TStorageRepository,
  TUploadSessionRow,
} from './storage.repository';
import type { TVerifyAuthorization } from './token-verifier';

const MIB = 1024 * 1024;
/** The client's chunks stay below 32 MiB (SPEC §9). */
export const MAX_CHUNK_BYTES = 32 * MIB;
/** Multipart bodies are read into memory; the client sends only files up to 256 KiB this way. */
export const MAX_MULTIPART_BYTES = 8 * MIB;
const MAX_JSON_BYTES = 64 * 1024;
const DEFAULT_CACHE_CONTROL = 'private, max-age=0';
const EXPIRY_BATCH = 100;

export type TUploadCommand = 'query' | 'upload' | 'finalize' | 'upload, finalize' | 'cancel';

/** What a storage route sends back: a status, headers, and metadata JSON, bytes or nothing. */
export interface TProtocolReply {
  status: number;
  headers: Record<string, string>;
  body: TStorageObject | Readable | null;
}

export interface TStorageServiceDeps {
  config: TConfig;
  repo: TStorageRepository;
  driver: TStorageDriver;
  verifyAuthorization: TVerifyAuthorization;
  log: FastifyBaseLogger;
}

/**
 * The storage service (SPEC §7 calls 1–7) with its access rules: a user writes, deletes and
 * reads metadata only under `users/{uid}/`; super-users read any metadata; a download token
 * reads that object's bytes; nothing else is allowed. Every public function starts with that
 * check.
 */
export function createStorageService({
  config,
  repo,
  driver,
  verifyAuthorization,
  log,
}: TStorageServiceDeps) {
  const bucketName = config.storageBucket;
  const allowedTypes = new Set(config.storage.allowedTypes);
  /** MD5 state of sessions whose every byte went through this process, by session id. */
  const runningHashes = new Map<string, { offset: number; hash: Hash }>();
  /** One request at a time per upload session, in this process. */
  const sessionLocks = new Map<string, Promise<void>>();
  let lastGeneration = 0;

  // ---- access and validation ----

  async function requireUser(authorization: string | undefined): Promise<string> {
    const uid = await verifyAuthorization(authorization);
    if (uid === null) throw unauthenticated();
    return uid;
  }

  function requireBucket(bucket: string): void {
    if (bucket !== bucketName)
      throw new AppError('not-found', `Bucket '${bucket}' does not exist.`);
  }

  function requireValidName(name: string): void {
    if (name.length === 0) {
      throw new AppError(
        'bad-request',
        'This operation cannot be performed on the bucket root; name a file.',
      );
    }
    const problem = objectNameProblem(name);
    if (problem) throw new AppError('bad-request', `Invalid object name. ${problem}`);
  }

  function requireOwnPath(uid: string, name: string): void {
    if (ownerOfObjectName(name) !== uid) {
      throw forbidden(`You can only store files under users/${uid}/.`);
    }
  }

  function requireAllowedType(contentType: string): void {
    if (!allowedTypes.has(contentType)) {
      throw new AppError(
        'unsupported-media-type',
        `Files of type ${contentType} cannot be stored. Allowed: ${[...allowedTypes].join(', ')}.`,
      );
    }
  }

  function requireAllowedSize(size: number): void {
    if (size > config.storage.maxObjectBytes) {
      throw new AppError(
        'payload-too-large',
        `The file is ${formatBytes(size)}; the largest allowed is ${formatBytes(config.storage.maxObjectBytes)}.`,
      );
    }
  }

  async function requireQuota(uid: string, bucket: string, name: string, size: number) {
    const used = await repo.usedBytes(uid, { bucket, name });
    if (used === null) throw unauthenticated();
    if (used + size > config.storage.quotaBytes) throw quotaExceeded(used);
  }

  function quotaExceeded(used: number | null): AppError {
    const left = Math.max(0, config.storage.quotaBytes - (used ?? 0));
    return new AppError(
      'quota-exceeded',
      `Your storage is full: ${formatBytes(left)} left of ${formatBytes(config.storage.quotaBytes)}. Delete files to make room.`,
    );
  }

  // ---- object calls (1, 2, 3, and PATCH) ----

  /** 1. GET metadata: the owner, or a super-user. */
  async function getMetadata(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
  }): Promise<TStorageObject> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    requireValidName(input.name);
    if (ownerOfObjectName(input.name) !== uid && !(await repo.isSuperUser(uid))) {
      throw forbidden('You do not have access to this file.');
    }
    return toResource(await requireObject(input.bucket, input.name));
  }

  /** 2. GET ?alt=media: the bytes, for a matching download token or the owner. */
  async function download(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
    token: string | undefined;
    range: string | undefined;
    ifNoneMatch: string | undefined;
    ifRange: string | undefined;
    /** HEAD: the headers only, without opening the bytes. */
    isHeadOnly?: boolean;
  }): Promise<TProtocolReply> {
    if (input.token === undefined) {
      const uid = await requireUser(input.authorization);
      requireBucket(input.bucket);
      requireValidName(input.name);
      requireOwnPath(uid, input.name);
    } else {
      requireBucket(input.bucket);
      requireValidName(input.name);
    }
    // A blob can vanish between reading the row and opening it when the object is replaced at
    // that moment; the second attempt reads the new row.
    for (let attempt = 1; ; attempt += 1) {
      const row = await requireObject(input.bucket, input.name);
      if (input.token !== undefined && !row.downloadTokens.split(',').includes(input.token)) {
        // A stale link; the owner may still read with their own token.
        const uid = await verifyAuthorization(input.authorization).catch(() => null);
        if (uid === null || ownerOfObjectName(input.name) !== uid) {
          throw forbidden('This download link is not valid (anymore) for this file.');
        }
      }
      try {
        return await mediaReply(row, input);
      } catch (error) {
        if (!(error instanceof BlobNotFoundError) || attempt > 1) throw error;
      }
    }
  }

  async function mediaReply(
    row: TStorageObjectRow,
    request: {
      range: string | undefined;
      ifNoneMatch: string | undefined;
      ifRange?: string | undefined;
      isHeadOnly?: boolean | undefined;
    },
  ): Promise<TProtocolReply> {
    const open = (range?: TByteRange) =>
      request.isHeadOnly ? Promise.resolve(null) : driver.read(row.blobKey, range);
    const etag = `"${row.md5Hash}"`;
    const isAllowed = allowedTypes.has(row.contentType);
    const headers: Record<string, string> = {
      etag,
      'last-modified': row.updatedAt.toUTCString(),
      'cache-control': row.cacheControl ?? DEFAULT_CACHE_CONTROL,
      'accept-ranges': 'bytes',
      // Only types on the allowlist are shown inline; anything else (stored before the list
      // changed) downloads as opaque bytes. nosniff keeps browsers from guessing otherwise.
      'content-type': isAllowed ? row.contentType : 'application/octet-stream',
      'content-disposition': isAllowed ? (row.contentDisposition ?? 'inline') : 'attachment',
      'x-content-type-options': 'nosniff',
    };
    if (row.contentLanguage) headers['content-language'] = row.contentLanguage;
    if (matchesEntityTag(request.ifNoneMatch, etag)) {
      return { status: 304, headers, body: null };
    }
    // If-Range: serve a part only of the version the client already holds.
    const rangeHeader =
      request.ifRange === undefined || request.ifRange === etag ? request.range : undefined;
    const wanted = parseRangeHeader(rangeHeader, row.size);
    switch (wanted.kind) {
      case 'unsatisfiable':
        throw new AppError(
          'range-not-satisfiable',
          `The requested range is outside the file (${row.size} bytes).`,
          undefined,
          { 'content-range': `bytes */${row.size}`, 'accept-ranges': 'bytes' },
        );
      case 'partial': {
        const { start, end } = wanted.range;
        return {
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${start}-${end}/${row.size}`,
            'content-length': String(end - start + 1),
          },
          body: await open(wanted.range),
        };
      }
      case 'whole':
        return {
          status: 200,
          headers: { ...headers, 'content-length': String(row.size) },
          body: await open(),
        };
    }
  }

  /** 3. DELETE: the owner only. */
  async function deleteObject(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
  }): Promise<void> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    requireValidName(input.name);
    requireOwnPath(uid, input.name);
    const blobKey = await repo.deleteObject(input.bucket, input.name);
    if (blobKey === null) throw objectNotFound(input.name);
    await deleteBlobQuietly(blobKey);
  }

  /** PATCH metadata (Firebase's updateMetadata): the owner only; bumps the metageneration. */
  async function updateMetadata(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
    changes: TUpdateObjectMetadata;
  }): Promise<TStorageObject> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    requireValidName(input.name);
    requireOwnPath(uid, input.name);
    const { changes } = input;
    if (changes.contentType !== undefined) requireAllowedType(changes.contentType);
    const current = await requireObject(input.bucket, input.name);
    let customMetadata = current.customMetadata;
    if (changes.metadata === null) customMetadata = null;
    else if (changes.metadata !== undefined) {
      const merged: Record<string, string> = { ...customMetadata };
      for (const [key, value] of Object.entries(changes.metadata)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      customMetadata = Object.keys(merged).length > 0 ? merged : null;
    }
    const row = await repo.updateObjectMetadata(input.bucket, input.name, {
      contentType: changes.contentType,
      cacheControl: changes.cacheControl,
      contentDisposition: changes.contentDisposition,
      contentEncoding: changes.contentEncoding,
      contentLanguage: changes.contentLanguage,
      customMetadata,
    });
    if (!row) throw objectNotFound(input.name);
    return toResource(row);
  }

  // ---- uploads (4–7) ----

  /** 4. A multipart/related POST: JSON metadata part, then the data part. */
  async function uploadMultipart(input: {
    authorization: string | undefined;
    bucket: string;
    name: string | undefined;
    contentType: string | undefined;
    contentLength: number | undefined;
    body: Readable;
  }): Promise<TStorageObject> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    if (input.name !== undefined) {
      requireValidName(input.name);
      requireOwnPath(uid, input.name);
    }
    const tooLarge = () =>
      new AppError(
        'payload-too-large',
        `A multipart upload carries at most ${formatBytes(MAX_MULTIPART_BYTES)}; send larger files with a resumable upload.`,
      );
    if (input.contentLength !== undefined && input.contentLength > MAX_MULTIPART_BYTES) {
      throw tooLarge();
    }
    const raw = await readBody(input.body, MAX_MULTIPART_BYTES, tooLarge);
    const parts = parseMultipartRelated(raw, input.contentType);
    const [metadataPart, dataPart] = parts;
    if (parts.length !== 2 || !metadataPart || !dataPart) {
      throw new AppError(
        'bad-request',
        'A multipart upload has exactly two parts: the JSON metadata, then the data.',
      );
    }
    const resource = parseJson(metadataPart.content, ZUploadResource);
    const name = input.name ?? resource.name ?? '';
    requireValidName(name);
    requireOwnPath(uid, name);
    const contentType =
      resource.contentType ??
      parseContentTypeHeader(dataPart.headers['content-type']) ??
      'application/octet-stream';
    requireAllowedType(contentType);
    const data = dataPart.content;
    requireAllowedSize(data.length);
    await requireQuota(uid, input.bucket, name, data.length);

    const blobKey = newKey();
    await driver.put(blobKey, data, contentType);
    const row = await commit(
      {
        bucket: input.bucket,
        name,
        ownerId: uid,
        blobKey,
        size: data.length,
        md5Hash: createHash('md5').update(data).digest('base64'),
        ...objectFields(contentType, resource),
      },
      undefined,
    );
    return toResource(row);
  }

  /** 5. Opens a resumable session; the reply's X-Goog-Upload-URL is where the chunks go. */
  async function startResumable(input: {
    authorization: string | undefined;
    bucket: string;
    name: string | undefined;
    declaredLength: string | undefined;
    declaredType: string | undefined;
    body: Readable;
    /** Origin of the request when it is one of ours, so browsers get a same-origin URL. */
    origin: string;
  }): Promise<TProtocolReply> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    if (input.name !== undefined) {
      requireValidName(input.name);
      requireOwnPath(uid, input.name);
    }
    if (input.declaredLength === undefined || !/^\d{1,16}$/.test(input.declaredLength.trim())) {
      throw new AppError(
        'bad-request',
        'X-Goog-Upload-Header-Content-Length must give the size of the file in bytes.',
      );
    }
    const total = Number(input.declaredLength.trim());
    requireAllowedSize(total);
    const raw = await readBody(
      input.body,
      MAX_JSON_BYTES,
      () => new AppError('payload-too-large', 'The upload metadata is too large.'),
    );
    const resource = raw.length > 0 ? parseJson(raw, ZUploadResource) : {};
    const name = input.name ?? resource.name ?? '';
    requireValidName(name);
    requireOwnPath(uid, name);
    const contentType =
      resource.contentType ??
      parseContentTypeHeader(input.declaredType) ??
      'application/octet-stream';
    requireAllowedType(contentType);

    const id = randomBytes(24).toString('base64url');
    const fields = objectFields(contentType, resource);
    const outcome = await repo.createSessionWithinQuota(
      {
        id,
        bucket: input.bucket,
        name,
        ownerId: uid,
        totalSize: total,
        contentType: fields.contentType,
        cacheControl: fields.cacheControl,
        contentDisposition: fields.contentDisposition,
        contentEncoding: fields.contentEncoding,
        contentLanguage: fields.contentLanguage,
        customMetadata: fields.customMetadata,
        expiresAt: new Date(Date.now() + config.storage.sessionTtlMs),
      },
      config.storage.quotaBytes,
    );
    if (outcome === 'no-user') throw unauthenticated();
    if (outcome === 'quota-exceeded') {
      throw quotaExceeded(await repo.usedBytes(uid, { bucket: input.bucket, name }));
    }
    try {
      const state = await driver.createSession({ id, key: id, state: {} }, total, contentType);
      await repo.setSessionDriverState(id, state);
    } catch (error) {
      await repo.deleteSession(id);
      throw error;
    }
    runningHashes.set(id, { offset: 0, hash: createHash('md5') });
    const query = new URLSearchParams({
      name,
      upload_id: id,
      upload_protocol: 'resumable',
    });
    return {
      status: 200,
      headers: {
        'x-goog-upload-url': `${input.origin}/v0/b/${encodeURIComponent(input.bucket)}/o?${query.toString()}`,
        'x-goog-upload-status': 'active',
      },
      body: null,
    };
  }

  /** 6 and 7. The commands on a session's URL: query, upload, finalize, cancel. */
  async function sessionCommand(input: {
    authorization: string | undefined;
    bucket: string;
    uploadId: string;
    command: string | undefined;
    offset: string | undefined;
    contentLength: number | undefined;
    body: Readable;
  }): Promise<TProtocolReply> {
    const uid = await requireUser(input.authorization);
    requireBucket(input.bucket);
    const command = parseCommand(input.command);
    const session = await requireSession(input.uploadId, input.bucket);
    requireOwnPath(uid, session.name);

    switch (command) {
      case 'query':
        return statusReply(await checkHeldBytes(session));
      case 'cancel':
        await withSessionLock(session.id, async () => {
          await repo.deleteSession(session.id);
          runningHashes.delete(session.id);
          if (session.status === 'active') await driver.abortSession(driverSession(session));
        });
        return { status: 200, headers: { 'x-goog-upload-status': 'cancelled' }, body: null };
      case 'upload':
      case 'upload, finalize':
      case 'finalize':
        return withSessionLock(session.id, () => writeChunk(session.id, command, input));
    }
  }

  async function writeChunk(
    id: string,
    command: 'upload' | 'upload, finalize' | 'finalize',
    input: {
      bucket: string;
      offset: string | undefined;
      contentLength: number | undefined;
      body: Readable;
    },
  ): Promise<TProtocolReply> {
    // Read again inside the lock: the request before this one may have moved it.
    const session = await requireSession(id, input.bucket);
    if (input.offset === undefined || !/^\d{1,16}$/.test(input.offset.trim())) {
      throw new AppError(
        'bad-request',
        'X-Goog-Upload-Offset must give the byte offset of the chunk.',
      );
    }
    const offset = Number(input.offset.trim());
    const total = session.totalSize;
    const isFinalizing = command !== 'upload';
    const hasBody = command !== 'finalize' && input.contentLength !== 0;

    if (session.status === 'final') {
      // A finalize repeated after its answer was lost: answer it again.
      if (isFinalizing && offset === total && !hasBody) return finalReply(session);
      throw new AppError('bad-request', 'This upload is already finalized.', undefined, {
        'x-goog-upload-status': 'final',
        'x-goog-upload-size-received': String(total),
      });
    }
    if (offset !== session.received) {
      throw new AppError(
        'bad-request',
        `The chunk starts at byte ${offset}, but the server holds ${session.received} bytes; query the upload and continue from there.`,
        { received: session.received },
        statusHeaders(session.received, 'active'),
      );
    }
    if (input.contentLength !== undefined) {
      if (input.contentLength > MAX_CHUNK_BYTES) {
        throw new AppError(
          'payload-too-large',
          `A chunk carries at most ${formatBytes(MAX_CHUNK_BYTES)}.`,
          undefined,
          statusHeaders(offset, 'active'),
        );
      }
      if (offset + input.contentLength > total) throw pastTotal(offset, total);
    }

    let received = offset;
    if (hasBody) {
      received = await appendChunk(session, offset, input.body);
    }
    if (!isFinalizing) return statusReply({ ...session, received });
    if (received !== total) {
      throw new AppError(
        'wrong-size',
        `The upload holds ${received} bytes but declared ${total}; send the rest before finalizing.`,
        { received, total },
        statusHeaders(received, 'active'),
      );
    }
    return finalize({ ...session, received });
  }

  /** Streams one chunk into the driver and records it; returns the new received size. */
  async function appendChunk(
    session: TUploadSessionRow,
    offset: number,
    body: Readable,
  ): Promise<number> {
    const running = runningHashes.get(session.id);
    // Hash a copy: if this chunk fails half-way, the state before it is still good.
    const hash = running?.offset === offset ? running.hash.copy() : undefined;
    if (!hash) runningHashes.delete(session.id);
    const limit = Math.min(MAX_CHUNK_BYTES, session.totalSize - offset);
    const meter = new ChunkMeter(limit, () => pastTotal(offset, session.totalSize), hash);
    body.on('error', (error) => meter.destroy(error));
    body.pipe(meter);
    let result;
    try {
      result = await driver.appendSession(driverSession(session), offset, meter);
    } catch (error) {
      // Leave the connection usable for our answer: read and drop the rest of the body.
      body.unpipe(meter);
      body.resume();
      runningHashes.delete(session.id);
      if (error instanceof SessionDataLostError) await lostData(session, error.heldBytes);
      throw error;
    }
    const received = offset + result.written;
    const isRecorded = await repo.advanceSession(session.id, offset, received, result.state);
    if (!isRecorded) {
      runningHashes.delete(session.id);
      throw new AppError(
        'unavailable',
        'Another request changed this upload at the same time; query it and continue.',
      );
    }
    if (hash) runningHashes.set(session.id, { offset: received, hash });
    return received;
  }

  async function finalize(session: TUploadSessionRow): Promise<TProtocolReply> {
    const handle = driverSession(session);
    try {
      await driver.finalizeSession(handle, session.totalSize, session.contentType);
    } catch (error) {
      if (error instanceof SessionDataLostError) await lostData(session, error.heldBytes);
      throw error;
    }
    const running = runningHashes.get(session.id);
    const md5Hash =
      running?.offset === session.totalSize
        ? running.hash.digest('base64')
        : await md5OfBlob(handle.key);
    runningHashes.delete(session.id);
    const row = await commit(
      {
        bucket: session.bucket,
        name: session.name,
        ownerId: session.ownerId,
        blobKey: handle.key,
        size: session.totalSize,
        md5Hash,
        contentType: session.contentType,
        cacheControl: session.cacheControl,
        contentDisposition: session.contentDisposition,
        contentEncoding: session.contentEncoding,
        contentLanguage: session.contentLanguage,
        customMetadata: session.customMetadata,
      },
      session.id,
    );
    return {
      status: 200,
      headers: statusHeaders(session.totalSize, 'final'),
      body: toResource(row),
    };
  }

  async function finalReply(session: TUploadSessionRow): Promise<TProtocolReply> {
    const row = await requireObject(session.bucket, session.name);
    return {
      status: 200,
      headers: statusHeaders(session.totalSize, 'final'),
      body: toResource(row),
    };
  }

  /** The driver lost bytes (a wiped spool, a crash before fsync): continue from what it holds. */
  async function lostData(session: TUploadSessionRow, held: number): Promise<never> {
    const received = Math.min(held, session.received);
    await repo.lowerSessionReceived(session.id, received);
    log.warn({ session: session.id, received }, 'upload session lost bytes; client resumes');
    throw new AppError(
      'unavailable',
      'The server lost part of this upload; query it and continue from the size it reports.',
    );
  }

  async function checkHeldBytes(session: TUploadSessionRow): Promise<TUploadSessionRow> {
    if (session.status !== 'active') return session;
    const held = await driver.sessionSize(driverSession(session), session.received);
    if (held >= session.received) return session;
    await repo.lowerSessionReceived(session.id, held);
    runningHashes.delete(session.id);
    return { ...session, received: held };
  }

  async function commit(
    values: Omit<TNewStorageObject, 'generation' | 'downloadTokens'>,
    sessionId: string | undefined,
  ): Promise<TStorageObjectRow> {
    let saved;
    try {
      saved = await repo.commitObject(
        { ...values, generation: nextGeneration(), downloadTokens: randomUUID() },
        // A session reserved its bytes when it started; a multipart write is counted now.
        sessionId === undefined ? { quotaBytes: config.storage.quotaBytes } : { sessionId },
      );
    } catch (error) {
      if (sessionId === undefined) await deleteBlobQuietly(values.blobKey);
      throw error;
    }
    if ('quotaExceeded' in saved) {
      await deleteBlobQuietly(values.blobKey);
      if (saved.used === null) throw unauthenticated();
      throw quotaExceeded(saved.used);
    }
    if (saved.replacedBlobKey) await deleteBlobQuietly(saved.replacedBlobKey);
    return saved.row;
  }

  // ---- helpers ----

  async function requireObject(bucket: string, name: string): Promise<TStorageObjectRow> {
    const row = await repo.findObject(bucket, name);
    if (!row) throw objectNotFound(name);
    return row;
  }

  async function requireSession(id: string, bucket: string): Promise<TUploadSessionRow> {
    const session = await repo.findSession(id);
    if (!session || session.bucket !== bucket) {
      throw new AppError(
        'not-found',
        'This upload session does not exist; it was finished long ago, canceled or expired.',
      );
    }
    if (session.expiresAt.getTime() < Date.now()) {
      await dropSession(session);
      throw new AppError('not-found', 'This upload session has expired; start the upload again.');
    }
    return session;
  }

  async function dropSession(session: TUploadSessionRow): Promise<void> {
    await repo.deleteSession(session.id);
    runningHashes.delete(session.id);
    if (session.status === 'active') {
      await driver.abortSession(driverSession(session)).catch((error: unknown) => {
        log.warn({ err: error, session: session.id }, 'could not drop upload session bytes');
      });
    }
  }

  async function withSessionLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = sessionLocks.get(id) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    sessionLocks.set(id, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (sessionLocks.get(id) === tail) sessionLocks.delete(id);
    }
  }

  async function md5OfBlob(key: string): Promise<string> {
    const hash = createHash('md5');
    for await (const chunk of await driver.read(key)) hash.update(toBuffer(chunk));
    return hash.digest('base64');
  }

  async function deleteBlobQuietly(key: string): Promise<void> {
    try {
      await driver.delete(key);
    } catch (error) {
      // The metadata is gone, so nobody can reach these bytes; log them for a manual sweep.
      log.error({ err: error, blobKey: key }, 'could not delete a storage blob');
    }
  }

  function nextGeneration(): number {
    // Microseconds since the epoch, always increasing within this process; the database
    // keeps it increasing per object across processes.
    lastGeneration = Math.max(Date.now() * 1000, lastGeneration + 1);
    return lastGeneration;
  }

  function toResource(row: TStorageObjectRow): TStorageObject {
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

  // ---- for other modules ----

  /** An object's row in the service's bucket, without access checks (callers check). */
  function findObject(name: string): Promise<TStorageObjectRow | undefined> {
    return repo.findObject(bucketName, name);
  }

  /** A same-origin link that downloads the object with its first download token. */
  function downloadPath(
    row: Pick<TStorageObjectRow, 'bucket' | 'name' | 'downloadTokens'>,
  ): string {
    const token = row.downloadTokens.split(',')[0] ?? '';
    return `/v0/b/${encodeURIComponent(row.bucket)}/o/${encodeURIComponent(row.name)}?alt=media&token=${encodeURIComponent(token)}`;
  }

  /** Deletes an object for its owner (the content library); a missing object is fine. */
  async function deleteOwnObject(ownerId: string, name: string): Promise<void> {
    requireOwnPath(ownerId, name);
    const blobKey = await repo.deleteObject(bucketName, name);
    if (blobKey !== null) await deleteBlobQuietly(blobKey);
  }

  /** After an account is deleted: every object and upload session of the user goes. */
  async function deleteUserData(userId: string): Promise<void> {
    const sessions = await repo.deleteSessionsOf(userId);
    for (const session of sessions) {
      runningHashes.delete(session.id);
      if (session.status === 'active') {
        await driver.abortSession(driverSession(session)).catch((error: unknown) => {
          log.warn({ err: error, session: session.id }, 'could not drop upload session bytes');
        });
      }
    }
    const blobKeys = await repo.deleteObjectsOf(userId);
    for (let i = 0; i < blobKeys.length; i += 16) {
      await Promise.all(blobKeys.slice(i, i + 16).map((key) => deleteBlobQuietly(key)));
    }
    log.info(
      { userId, objects: blobKeys.length, sessions: sessions.length },
      'user storage deleted',
    );
  }

  /** Drops sessions past their expiry (abandoned uploads) with their bytes. */
  async function expireSessions(now = new Date()): Promise<number> {
    let count = 0;
    for (;;) {
      const expired = await repo.deleteExpiredSessions(now, EXPIRY_BATCH);
      for (const session of expired) {
        runningHashes.delete(session.id);
        if (session.status === 'active') {
          await driver.abortSession(driverSession(session)).catch((error: unknown) => {
            log.warn({ err: error, session: session.id }, 'could not drop upload session bytes');
          });
        }
      }
      count += expired.length;
      if (expired.length < EXPIRY_BATCH) return count;
    }
  }

  return {
    getMetadata,
    download,
    deleteObject,
    updateMetadata,
    uploadMultipart,
    startResumable,
    sessionCommand,
    findObject,
    downloadPath,
    deleteOwnObject,
    deleteUserData,
    expireSessions,
    check: () => driver.check(),
  };
}

export type TStorageService = ReturnType<typeof createStorageService>;

/** Counts (and limits, and hashes) the bytes of a chunk on their way to the driver. */
class ChunkMeter extends Transform {
  #bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly tooMuch: () => AppError,
    private readonly hash: Hash | undefined,
  ) {
    super();
  }

  override _transform(
    chunk: unknown,
    _encoding: BufferEncoding,
    callback: (e?: Error | null, data?: Buffer) => void,
  ) {
    const bytes = toBuffer(chunk);
    this.#bytes += bytes.length;
    if (this.#bytes > this.limit) {
      callback(this.tooMuch());
      return;
    }
    this.hash?.update(bytes);
    callback(null, bytes);
  }
}

/** A fresh blob key: random, so no two writes ever share bytes. */
function newKey(): string {
  return randomBytes(18).toString('base64url');
}

function driverSession(session: TUploadSessionRow): TDriverSession {
  return { id: session.id, key: session.id, state: session.driverState };
}

function statusHeaders(received: number, status: 'active' | 'final'): Record<string, string> {
  return { 'x-goog-upload-status': status, 'x-goog-upload-size-received': String(received) };
}

function statusReply(session: Pick<TUploadSessionRow, 'received' | 'status'>): TProtocolReply {
  return { status: 200, headers: statusHeaders(session.received, session.status), body: null };
}

function pastTotal(offset: number, total: number): AppError {
  return new AppError(
    'bad-request',
    `The chunk would pass the ${total} bytes the upload declared.`,
    undefined,
    statusHeaders(offset, 'active'),
  );
}

function objectNotFound(name: string): AppError {
  return new AppError('not-found', `Object '${name}' does not exist.`);
}

function parseCommand(value: string | undefined): TUploadCommand {
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

function parseContentTypeHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = ZContentType.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function objectFields(
  contentType: string,
  resource: z.infer<typeof ZUploadResource>,
): {
  contentType: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string> | null;
} {
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

function parseJson<T extends z.ZodType>(raw: Buffer, schema: T): z.infer<T> {
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
function readBody(source: Readable, limit: number, tooLarge: () => AppError): Promise<Buffer> {
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

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('A body stream produced something other than bytes.');
}
