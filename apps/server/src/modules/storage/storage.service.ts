import type { FastifyBaseLogger } from 'fastify';
import type { TStorageUsage } from '@screenline/shared/storage';
import type { TConfig } from '../../config';
import type { TActor } from '../../lib/actor';
import { unauthenticated } from '../../lib/app-error';
import type { TStorageDriver } from './drivers/storage-driver';
import { createStorageAccess } from './storage-access';
import { createStorageObjects } from './storage-objects';
import { downloadPath } from './storage-protocol';
import { createStorageUploads } from './storage-uploads';
import type { TStorageObjectRow, TStorageRepository } from './storage.repository';
import type { TVerifyAuthorization } from './token-verifier';

// Other modules take these types from here, the facade's file, never from the parts.
export type { TObjectInUseCheck, TObjectKey } from './storage-objects';

export interface TStorageServiceDeps {
  config: TConfig;
  repo: TStorageRepository;
  driver: TStorageDriver;
  verifyAuthorization: TVerifyAuthorization;
  log: FastifyBaseLogger;
}

/**
 * The storage service (SPEC §7 calls 1–7), put together from its parts:
 *   storage-access    who may read and write which path; token rules; type, size and quota limits
 *   storage-objects   metadata, download, delete, PATCH, and the commit every upload ends with
 *   storage-uploads   multipart (storage-multipart-upload), resumable sessions (chunks, finalize,
 *                     cancel, expiry)
 *   storage-protocol  the wire: commands, headers, replies, the JSON resource
 * The protocol calls are for storage.routes.ts only; other modules get `facade`.
 */
export function createStorageService({
  config,
  repo,
  driver,
  verifyAuthorization,
  log,
}: TStorageServiceDeps) {
  const access = createStorageAccess({ config, repo, verifyAuthorization });
  const objects = createStorageObjects({ config, repo, driver, access, log });
  const uploads = createStorageUploads({ config, repo, driver, access, objects, log });

  /** GET /api/v1/storage/usage: what the actor stores, counted as the quota counts it. */
  async function getUsage(actor: TActor): Promise<TStorageUsage> {
    const usedBytes = await repo.usedBytes(actor.id);
    if (usedBytes === null) throw unauthenticated();
    return { usedBytes, quotaBytes: config.storage.quotaBytes };
  }

  /** After an account is deleted: every object and upload session of the user goes. */
  async function deleteUserData(userId: string): Promise<void> {
    const sessions = await uploads.deleteSessionsOf(userId);
    const count = await objects.deleteObjectsOf(userId);
    log.info({ userId, objects: count, sessions }, 'user storage deleted');
  }

  /** What other modules may do with storage; they never see the protocol calls or the repository. */
  const facade = {
    /** An object's row in the service's bucket, without access checks (callers check). */
    findObject: (name: string): Promise<TStorageObjectRow | undefined> =>
      repo.findObject(access.bucketName, name),
    /** A same-origin link that downloads the object with its first download token. */
    downloadPath,
    /** Deletes an object for its owner unless something still uses it; a missing one is fine. */
    deleteOwnObject: objects.deleteOwnObject,
    /**
     * A module that keeps files registers at start-up what uses an object; such an object is
     * refused to DELETE (409, naming the user) and kept by deleteOwnObject.
     */
    registerObjectInUseCheck: objects.registerObjectInUseCheck,
    deleteUserData,
    /** Drops upload sessions past their expiry, with their bytes; returns how many. */
    expireSessions: uploads.expireSessions,
    /** Whether object storage is reachable and writable (readiness). */
    check: () => driver.check(),
  };

  return {
    getMetadata: objects.getMetadata,
    download: objects.download,
    deleteObject: objects.deleteObject,
    updateMetadata: objects.updateMetadata,
    uploadMultipart: uploads.uploadMultipart,
    startResumable: uploads.startResumable,
    sessionCommand: uploads.sessionCommand,
    getUsage,
    facade,
  };
}

export type TStorageService = ReturnType<typeof createStorageService>;
export type TStorageFacade = TStorageService['facade'];
