import { RetryBudget, TransientFailure, runWithRetries } from './backoff';
import { storageErrors } from './errors';
import type { FullMetadata, UploadMetadata } from './metadata';
import { type StorageReference, assertNotRoot } from './reference';
import { deleteObjectRequest, getObjectMetadata } from './requests';
import type { Storage } from './storage';
import { type StringFormat, decodeString, isStringFormat } from './string-format';
import { type UploadData, uploadBytesResumable } from './upload-task';

export interface UploadResult {
  metadata: FullMetadata;
  ref: StorageReference;
}

/** Retries an operation within maxOperationRetryTime; the last transient failure never leaks. */
async function withOperationRetries<T>(storage: Storage, attempt: () => Promise<T>): Promise<T> {
  const budget = new RetryBudget(() => storage.maxOperationRetryTime, storage.clock);
  try {
    return await runWithRetries(attempt, budget);
  } catch (error) {
    throw error instanceof TransientFailure ? error.error : error;
  }
}

/** Reads the object's metadata (GET). */
export async function getMetadata(reference: StorageReference): Promise<FullMetadata> {
  assertNotRoot(reference, 'getMetadata');
  return withOperationRetries(reference.storage, () =>
    getObjectMetadata(reference.storage, reference.location),
  );
}

/**
 * A URL anyone holding it can download the object from: the object's address with
 * `alt=media` and its first download token. Rejects with no-download-url when it has none.
 */
export async function getDownloadURL(reference: StorageReference): Promise<string> {
  assertNotRoot(reference, 'getDownloadURL');
  const metadata = await withOperationRetries(reference.storage, () =>
    getObjectMetadata(reference.storage, reference.location),
  );
  return buildDownloadUrl(reference.storage, metadata);
}

export function buildDownloadUrl(storage: Storage, metadata: FullMetadata): string {
  const token = metadata.downloadTokens[0];
  if (token === undefined) throw storageErrors.noDownloadUrl(metadata.fullPath);
  const object = `${encodeURIComponent(metadata.bucket)}/o/${encodeURIComponent(metadata.fullPath)}`;
  return `${storage.baseUrl}/v0/b/${object}?alt=media&token=${encodeURIComponent(token)}`;
}

/** Deletes the object (DELETE). */
export async function deleteObject(reference: StorageReference): Promise<void> {
  assertNotRoot(reference, 'deleteObject');
  await withOperationRetries(reference.storage, () =>
    deleteObjectRequest(reference.storage, reference.location),
  );
}

/** Uploads bytes and resolves when stored; for progress or pausing use uploadBytesResumable. */
export async function uploadBytes(
  reference: StorageReference,
  data: UploadData,
  metadata?: UploadMetadata,
): Promise<UploadResult> {
  const snapshot = await uploadBytesResumable(reference, data, metadata);
  return { metadata: requireMetadata(snapshot.metadata), ref: reference };
}

/**
 * Uploads a string given as raw text, base64, base64url or a data URL (SPEC §5). A data URL's
 * media type becomes the content type unless `metadata.contentType` says otherwise.
 */
export async function uploadString(
  reference: StorageReference,
  value: string,
  format: StringFormat = 'raw',
  metadata?: UploadMetadata,
): Promise<UploadResult> {
  assertNotRoot(reference, 'uploadString');
  if (!isStringFormat(format)) {
    throw storageErrors.invalidArgument(
      `Invalid string format '${String(format)}'; expected raw, base64, base64url or data_url.`,
    );
  }
  const decoded = decodeString(format, value);
  const contentType = metadata?.contentType ?? decoded.contentType ?? undefined;
  return uploadBytes(reference, decoded.bytes, { ...metadata, contentType });
}

function requireMetadata(metadata: FullMetadata | undefined): FullMetadata {
  // A successful task always carries metadata; this only narrows the type.
  if (!metadata) throw storageErrors.internalError('the upload finished without metadata.');
  return metadata;
}
