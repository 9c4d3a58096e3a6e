import { formatBytes } from '@screenline/shared/format';
import type { TConfig } from '../../config';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error';
import { objectNameProblem, ownerOfObjectName } from './object-name';
import type { TStorageObjectRow, TStorageRepository } from './storage.repository';
import type { TVerifyAuthorization } from './token-verifier';

export interface TStorageAccessDeps {
  config: TConfig;
  repo: TStorageRepository;
  verifyAuthorization: TVerifyAuthorization;
}

/**
 * Who may do what in the storage service, and what may be stored: a user writes, deletes and
 * reads metadata only under `users/{uid}/`; super-users read any metadata; a download token
 * reads that object's bytes; nothing else is allowed. Within the limits: the bucket, valid
 * names, the type allowlist, the largest object and the owner's quota.
 */
export function createStorageAccess({ config, repo, verifyAuthorization }: TStorageAccessDeps) {
  const bucketName = config.storageBucket;
  const allowedTypes = new Set(config.storage.allowedTypes);

  /** The user of the bearer token; 401 without one. */
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

  /** Writes, deletes and owner reads: only under the user's own prefix. */
  function requireOwnPath(uid: string, name: string): void {
    if (ownerOfObjectName(name) !== uid) {
      throw forbidden(`You can only store files under users/${uid}/.`);
    }
  }

  /** A valid name under the user's own prefix. */
  function requireOwnName(uid: string, name: string): void {
    requireValidName(name);
    requireOwnPath(uid, name);
  }

  /**
   * The user who may upload: the name may come in the query or later in the metadata, so it is
   * checked here when given, and by the caller with requireOwnName once known.
   */
  async function requireUploader(
    authorization: string | undefined,
    bucket: string,
    name: string | undefined,
  ): Promise<string> {
    const uid = await requireUser(authorization);
    requireBucket(bucket);
    if (name !== undefined) requireOwnName(uid, name);
    return uid;
  }

  /** The user who may write the object at `name` (bucket, name and prefix checked). */
  async function requireWriter(
    authorization: string | undefined,
    bucket: string,
    name: string,
  ): Promise<string> {
    const uid = await requireUser(authorization);
    requireBucket(bucket);
    requireValidName(name);
    requireOwnPath(uid, name);
    return uid;
  }

  /** Metadata is read by its owner or a super-user. */
  async function requireMetadataReader(
    authorization: string | undefined,
    bucket: string,
    name: string,
  ): Promise<void> {
    const uid = await requireUser(authorization);
    requireBucket(bucket);
    requireValidName(name);
    if (ownerOfObjectName(name) !== uid && !(await repo.isSuperUser(uid))) {
      throw forbidden('You do not have access to this file.');
    }
  }

  /**
   * Bytes are read with a download token, or by the owner with their bearer token. Without a
   * download token this checks before the object is looked up; with one, `requireTokenReader`
   * checks once the row is known.
   */
  async function requireMediaReader(input: {
    authorization: string | undefined;
    bucket: string;
    name: string;
    token: string | undefined;
  }): Promise<void> {
    if (input.token === undefined) {
      await requireWriter(input.authorization, input.bucket, input.name);
    } else {
      requireBucket(input.bucket);
      requireValidName(input.name);
    }
  }

  async function requireTokenReader(
    row: Pick<TStorageObjectRow, 'downloadTokens'>,
    input: { authorization: string | undefined; name: string; token: string | undefined },
  ): Promise<void> {
    if (input.token === undefined || row.downloadTokens.split(',').includes(input.token)) return;
    // A stale link; the owner may still read with their own token.
    const uid = await verifyAuthorization(input.authorization).catch(() => null);
    if (uid === null || ownerOfObjectName(input.name) !== uid) {
      throw forbidden('This download link is not valid (anymore) for this file.');
    }
  }

  function isAllowedType(contentType: string): boolean {
    return allowedTypes.has(contentType);
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

  function quotaExceeded(used: number | null): AppError {
    const left = Math.max(0, config.storage.quotaBytes - (used ?? 0));
    return new AppError(
      'quota-exceeded',
      `Your storage is full: ${formatBytes(left)} left of ${formatBytes(config.storage.quotaBytes)}. Delete files to make room.`,
    );
  }

  async function requireQuota(uid: string, bucket: string, name: string, size: number) {
    const used = await repo.usedBytes(uid, { bucket, name });
    if (used === null) throw unauthenticated();
    if (used + size > config.storage.quotaBytes) throw quotaExceeded(used);
  }

  return {
    bucketName,
    requireUser,
    requireBucket,
    requireValidName,
    requireOwnPath,
    requireOwnName,
    requireUploader,
    requireWriter,
    requireMetadataReader,
    requireMediaReader,
    requireTokenReader,
    isAllowedType,
    requireAllowedType,
    requireAllowedSize,
    requireQuota,
    quotaExceeded,
  };
}

export type TStorageAccess = ReturnType<typeof createStorageAccess>;
