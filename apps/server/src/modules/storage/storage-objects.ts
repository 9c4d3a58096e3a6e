import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  STORAGE_CACHE_CONTROL,
  type TStorageObject,
  type TStorageObjectUser,
  type TUpdateObjectMetadata,
  ZContentDisposition,
} from '@screenline/shared/storage';
import type { TConfig } from '../../config';
import { AppError, unauthenticated } from '../../lib/app-error';
import { requireBytesOfType, SNIFF_BYTES } from './content-sniffing';
import { BlobNotFoundError, type TStorageDriver } from './drivers/storage-driver';
import { matchesEntityTag, parseRangeHeader, type TByteRange } from './http-range';
import type { TStorageAccess } from './storage-access';
import { objectNotFound, type TProtocolReply, toBuffer, toResource } from './storage-protocol';
import type {
  TNewStorageObject,
  TStorageObjectRow,
  TStorageRepository,
} from './storage.repository';

/** An object as an in-use check is asked about it. */
export interface TObjectKey {
  bucket: string;
  name: string;
  ownerId: string;
}

/** Says what uses an object (empty when nothing does); modules that keep files register one. */
export type TObjectInUseCheck = (object: TObjectKey) => Promise<TStorageObjectUser[]>;

export interface TStorageObjectsDeps {
  config: TConfig;
  repo: TStorageRepository;
  driver: TStorageDriver;
  access: TStorageAccess;
  log: FastifyBaseLogger;
}

/**
 * Finished objects (SPEC §7 calls 1–3 and PATCH): metadata, downloads with ranges and
 * conditional requests, deletes, metadata updates, and the commit every upload ends with.
 */
export function createStorageObjects({ config, repo, driver, access, log }: TStorageObjectsDeps) {
  let lastGeneration = 0;
  // Storage must not know the modules built on it: they register what they use at start-up.
  const inUseChecks = new Set<TObjectInUseCheck>();

  /** Adds a check; returns a function that removes it again. */
  function registerObjectInUseCheck(check: TObjectInUseCheck): () => void {
    inUseChecks.add(check);
    return () => {
      inUseChecks.delete(check);
    };
  }

  async function findObjectUsers(object: TObjectKey): Promise<TStorageObjectUser[]> {
    const found = await Promise.all([...inUseChecks].map((check) => check(object)));
    return found.flat();
  }

  /**
   * Refuses (409 `in-use`, naming the items) to delete or replace an object a library item uses:
   * its record (size, MD5, dimensions) and the TVs' caches describe those bytes.
   */
  async function requireNotInUse(object: TObjectKey, change: 'delete' | 'replace'): Promise<void> {
    const users = await findObjectUsers(object);
    if (users.length > 0) {
      throw new AppError('in-use', inUseMessage(users, change), { usedBy: users });
    }
  }

  /** 1. GET metadata: the owner, or a super-user. */
  async function getMetadata(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
  }): Promise<TStorageObject> {
    await access.requireMetadataReader(input.authorization, input.bucket, input.name);
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
    await access.requireMediaReader(input);
    // A blob can vanish between reading the row and opening it when the object is replaced at
    // that moment; the second attempt reads the new row.
    for (let attempt = 1; ; attempt += 1) {
      const row = await requireObject(input.bucket, input.name);
      await access.requireTokenReader(row, input);
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
    const isAllowed = access.isAllowedType(row.contentType);
    // An owner's Content-Disposition is an attachment filename at most; a value stored before
    // that rule is not served.
    const disposition = ZContentDisposition.safeParse(row.contentDisposition);
    const headers: Record<string, string> = {
      etag,
      'last-modified': row.updatedAt.toUTCString(),
      // The server's policy whatever was stored: owners cannot make a shared cache keep a file.
      'cache-control': STORAGE_CACHE_CONTROL,
      'accept-ranges': 'bytes',
      // Only types on the allowlist are shown inline; anything else (stored before the list
      // changed) downloads as opaque bytes. nosniff keeps browsers from guessing otherwise.
      'content-type': isAllowed ? row.contentType : 'application/octet-stream',
      'content-disposition': isAllowed
        ? disposition.success
          ? disposition.data
          : 'inline'
        : 'attachment',
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
    const uid = await access.requireWriter(input.authorization, input.bucket, input.name);
    await requireNotInUse({ bucket: input.bucket, name: input.name, ownerId: uid }, 'delete');
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
    await access.requireWriter(input.authorization, input.bucket, input.name);
    const { changes } = input;
    if (changes.contentType !== undefined) access.requireAllowedType(changes.contentType);
    const current = await requireObject(input.bucket, input.name);
    if (changes.contentType !== undefined && changes.contentType !== current.contentType) {
      // A new type must fit the stored bytes, as it had to at upload.
      await requireBytesOfType(changes.contentType, await readHead(current.blobKey, current.size));
    }
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

  /**
   * Writes an object's metadata for a blob already in the driver (insert or replace), and
   * deletes the blob it replaced. A multipart write (no session) counts against the quota
   * here; a session reserved its bytes when it started.
   */
  async function commit(
    values: Omit<TNewStorageObject, 'generation' | 'downloadTokens'>,
    sessionId: string | undefined,
  ): Promise<TStorageObjectRow> {
    try {
      await requireNotInUse(values, 'replace');
    } catch (error) {
      await deleteBlobQuietly(values.blobKey);
      throw error;
    }
    let saved;
    try {
      saved = await repo.commitObject(
        { ...values, generation: nextGeneration(), downloadTokens: randomUUID() },
        sessionId === undefined ? { quotaBytes: config.storage.quotaBytes } : { sessionId },
      );
    } catch (error) {
      if (sessionId === undefined) await deleteBlobQuietly(values.blobKey);
      throw error;
    }
    if ('quotaExceeded' in saved) {
      await deleteBlobQuietly(values.blobKey);
      if (saved.used === null) throw unauthenticated();
      throw access.quotaExceeded(saved.used);
    }
    if (saved.replacedBlobKey) await deleteBlobQuietly(saved.replacedBlobKey);
    return saved.row;
  }

  async function requireObject(bucket: string, name: string): Promise<TStorageObjectRow> {
    const row = await repo.findObject(bucket, name);
    if (!row) throw objectNotFound(name);
    return row;
  }

  /** The first bytes of a blob, as many as the content check reads. */
  async function readHead(key: string, size: number): Promise<Buffer> {
    if (size === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    const end = Math.min(size, SNIFF_BYTES) - 1;
    for await (const chunk of await driver.read(key, { start: 0, end })) {
      chunks.push(toBuffer(chunk));
    }
    return Buffer.concat(chunks);
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

  /**
   * Deletes an object of `ownerId` without a token (for other modules), unless something still
   * uses it: a file two library items share stays until the last one goes. Returns whether it
   * is gone now (a missing object is fine).
   */
  async function deleteOwnObject(ownerId: string, name: string): Promise<boolean> {
    access.requireOwnPath(ownerId, name);
    const users = await findObjectUsers({ bucket: access.bucketName, name, ownerId });
    if (users.length > 0) return false;
    const blobKey = await repo.deleteObject(access.bucketName, name);
    if (blobKey !== null) await deleteBlobQuietly(blobKey);
    return true;
  }

  /** Every object of a user, with its bytes; returns how many there were. */
  async function deleteObjectsOf(userId: string): Promise<number> {
    const blobKeys = await repo.deleteObjectsOf(userId);
    for (let i = 0; i < blobKeys.length; i += 16) {
      await Promise.all(blobKeys.slice(i, i + 16).map((key) => deleteBlobQuietly(key)));
    }
    return blobKeys.length;
  }

  return {
    getMetadata,
    download,
    deleteObject,
    updateMetadata,
    commit,
    requireObject,
    readHead,
    md5OfBlob,
    deleteBlobQuietly,
    deleteOwnObject,
    deleteObjectsOf,
    registerObjectInUseCheck,
    requireNotInUse,
  };
}

function inUseMessage(users: TStorageObjectUser[], change: 'delete' | 'replace'): string {
  const [first] = users;
  if (!first) return 'This file is in use.';
  const more = users.length > 1 ? ` and ${users.length - 1} more` : '';
  const advice =
    change === 'delete' ? 'delete the item first' : 'upload it under another name instead';
  return `This file is the ${first.usage} of the library item “${first.name}”${more}; ${advice}.`;
}

export type TStorageObjects = ReturnType<typeof createStorageObjects>;
