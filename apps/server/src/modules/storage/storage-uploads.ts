import { formatBytes } from '@screenline/shared/format';
import { createHash, type Hash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZUploadResource } from '@screenline/shared/storage';
import type { TConfig } from '../../config';
import { AppError, unauthenticated } from '../../lib/app-error';
import { requireBytesOfType, SNIFF_BYTES } from './content-sniffing';
import { SessionDataLostError, type TStorageDriver } from './drivers/storage-driver';
import type { TStorageAccess } from './storage-access';
import type { TStorageObjects } from './storage-objects';
import { createMultipartUpload } from './storage-multipart-upload';
import {
  ChunkMeter,
  driverSession,
  MAX_CHUNK_BYTES,
  MAX_JSON_BYTES,
  objectFields,
  parseByteCount,
  parseCommand,
  parseContentTypeHeader,
  parseJson,
  pastTotal,
  readBody,
  statusHeaders,
  statusReply,
  type TProtocolReply,
  toResource,
} from './storage-protocol';
import type { TStorageRepository, TUploadSessionRow } from './storage.repository';

const EXPIRY_BATCH = 100;

export interface TStorageUploadsDeps {
  config: TConfig;
  repo: TStorageRepository;
  driver: TStorageDriver;
  access: TStorageAccess;
  objects: TStorageObjects;
  log: FastifyBaseLogger;
}

/**
 * Uploads (SPEC §7 calls 4–7): multipart in one request (storage-multipart-upload.ts), and
 * resumable sessions with their chunks, finalize, cancel and expiry. A session's bytes live in the driver until finalize turns
 * them into the object's blob; a session that is cancelled or expires takes its bytes with it.
 */
export function createStorageUploads({
  config,
  repo,
  driver,
  access,
  objects,
  log,
}: TStorageUploadsDeps) {
  /** MD5 state of sessions whose every byte went through this process, by session id. */
  const runningHashes = new Map<string, { offset: number; hash: Hash }>();
  /** One request at a time per upload session, in this process. */
  const sessionLocks = new Map<string, Promise<void>>();
  const uploadMultipart = createMultipartUpload({ driver, access, objects });

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
    const uid = await access.requireUploader(input.authorization, input.bucket, input.name);
    const total = parseByteCount(input.declaredLength);
    if (total === null) {
      throw new AppError(
        'bad-request',
        'X-Goog-Upload-Header-Content-Length must give the size of the file in bytes.',
      );
    }
    access.requireAllowedSize(total);
    const raw = await readBody(
      input.body,
      MAX_JSON_BYTES,
      () => new AppError('payload-too-large', 'The upload metadata is too large.'),
    );
    const resource = raw.length > 0 ? parseJson(raw, ZUploadResource) : {};
    const name = input.name ?? resource.name ?? '';
    access.requireOwnName(uid, name);
    const contentType =
      resource.contentType ??
      parseContentTypeHeader(input.declaredType) ??
      'application/octet-stream';
    access.requireAllowedType(contentType);

    // Before any byte is sent, not after gigabytes: finalize checks again (commit).
    await objects.requireNotInUse({ bucket: input.bucket, name, ownerId: uid }, 'replace');

    const id = randomBytes(24).toString('base64url');
    const fields = objectFields(contentType, resource);
    const outcome = await repo.createSessionWithinQuota(
      {
        id,
        bucket: input.bucket,
        name,
        ownerId: uid,
        totalSize: total,
        ...fields,
        expiresAt: new Date(Date.now() + config.storage.sessionTtlMs),
      },
      config.storage.quotaBytes,
    );
    if (outcome === 'no-user') throw unauthenticated();
    if (outcome === 'quota-exceeded') {
      throw access.quotaExceeded(await repo.usedBytes(uid, { bucket: input.bucket, name }));
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
    const uid = await access.requireUser(input.authorization);
    access.requireBucket(input.bucket);
    const command = parseCommand(input.command);
    const session = await requireSession(input.uploadId, input.bucket);
    access.requireOwnPath(uid, session.name);

    switch (command) {
      case 'query':
        return statusReply(await checkHeldBytes(session));
      case 'cancel':
        return withSessionLock(session.id, async () => {
          // Read again inside the lock: a finalize may have made the object meanwhile (a
          // client that paused while its last chunk was in flight). Then nothing is cancelled:
          // the answer says final, and the object stays until its owner deletes it.
          const current = await requireSession(session.id, input.bucket);
          if (current.status === 'final') return finalReply(current);
          await repo.deleteSession(current.id);
          runningHashes.delete(current.id);
          await driver.abortSession(driverSession(current));
          return { status: 200, headers: { 'x-goog-upload-status': 'cancelled' }, body: null };
        });
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
    const offset = parseByteCount(input.offset);
    if (offset === null) {
      throw new AppError(
        'bad-request',
        'X-Goog-Upload-Offset must give the byte offset of the chunk.',
      );
    }
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
    // The first chunk's first bytes show what the file is: a mismatch ends the upload now
    // rather than after gigabytes (finalize checks again, for a first chunk too short to tell).
    const meter = new ChunkMeter(
      limit,
      () => pastTotal(offset, session.totalSize),
      hash,
      offset === 0 ? SNIFF_BYTES : 0,
    );
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
    if (offset === 0 && received >= Math.min(SNIFF_BYTES, session.totalSize)) {
      await requireSessionBytesOfType(session, meter.head);
    }
    return received;
  }

  /** A session whose bytes are not of its declared type ends here, bytes and all (415). */
  async function requireSessionBytesOfType(
    session: TUploadSessionRow,
    head: Uint8Array,
    blobKey?: string,
  ): Promise<void> {
    try {
      await requireBytesOfType(session.contentType, head);
    } catch (error) {
      await dropSession(session);
      if (blobKey !== undefined) await objects.deleteBlobQuietly(blobKey);
      throw error;
    }
  }

  async function finalize(session: TUploadSessionRow): Promise<TProtocolReply> {
    const handle = driverSession(session);
    try {
      await driver.finalizeSession(handle, session.totalSize, session.contentType);
    } catch (error) {
      if (error instanceof SessionDataLostError) await lostData(session, error.heldBytes);
      throw error;
    }
    await requireSessionBytesOfType(
      session,
      await objects.readHead(handle.key, session.totalSize),
      handle.key,
    );
    const running = runningHashes.get(session.id);
    const md5Hash =
      running?.offset === session.totalSize
        ? running.hash.digest('base64')
        : await objects.md5OfBlob(handle.key);
    runningHashes.delete(session.id);
    const row = await objects.commit(
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
    const row = await objects.requireObject(session.bucket, session.name);
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
    await dropSessionBytes(session);
  }

  /** After the session's row is gone: its bytes in the driver go too (once it is final, they are the object's). */
  async function dropSessionBytes(session: TUploadSessionRow): Promise<void> {
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

  /** Every upload session of a user, with its bytes; returns how many there were. */
  async function deleteSessionsOf(userId: string): Promise<number> {
    const sessions = await repo.deleteSessionsOf(userId);
    for (const session of sessions) await dropSessionBytes(session);
    return sessions.length;
  }

  /** Drops sessions past their expiry (abandoned uploads) with their bytes. */
  async function expireSessions(now = new Date()): Promise<number> {
    let count = 0;
    for (;;) {
      const expired = await repo.deleteExpiredSessions(now, EXPIRY_BATCH);
      for (const session of expired) await dropSessionBytes(session);
      count += expired.length;
      if (expired.length < EXPIRY_BATCH) return count;
    }
  }

  return {
    uploadMultipart,
    startResumable,
    sessionCommand,
    deleteSessionsOf,
    expireSessions,
  };
}

export type TStorageUploads = ReturnType<typeof createStorageUploads>;
