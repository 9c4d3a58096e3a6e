import { z } from 'zod';
import { TransientFailure } from './backoff';
import { StorageError, storageErrors } from './errors';

// What an upload sends and how (SPEC §5, §9): the sizes that choose multipart or resumable and
// set the chunks, the data as a Blob and its slices, what to keep to resume a session after a
// reload, and any failure as a StorageError.

/** SPEC §9: files over 256 KiB go resumable; smaller ones in one multipart request. */
export const RESUMABLE_UPLOAD_THRESHOLD = 256 * 1024;
/** SPEC §9: chunks start at 256 KiB and double after each success, staying below 32 MiB. */
export const INITIAL_CHUNK_SIZE = 256 * 1024;
export const CHUNK_SIZE_LIMIT = 32 * 1024 * 1024;

/** The chunk size after a successful chunk: doubled while that stays below 32 MiB. */
export function nextChunkSize(current: number): number {
  return current * 2 < CHUNK_SIZE_LIMIT ? current * 2 : current;
}

export type UploadData = Blob | ArrayBuffer | ArrayBufferView<ArrayBuffer>;

/** What to keep (e.g. in localStorage) to continue an upload after a reload. */
export const ZResumeInfo = z.object({
  uploadUrl: z.string().min(1),
  total: z.number().int().nonnegative(),
  name: z.string(),
});
export type TResumeInfo = z.infer<typeof ZResumeInfo>;

export interface UploadOptions {
  /** Continue a session started earlier (see UploadTask.resumeInfo) instead of starting anew. */
  resume?: TResumeInfo;
}

export function sliceBlob(blob: Blob, start: number, end: number): Blob {
  try {
    return blob.slice(start, end);
  } catch (error) {
    throw storageErrors.cannotSliceBlob(error);
  }
}

export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof TransientFailure) return error.error;
  return storageErrors.internalError(error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

/** Wraps bytes in a Blob; uploads need the Blob API (SPEC §8: unsupported environment). */
export function toBlob(data: UploadData): Blob {
  if (typeof Blob === 'undefined') {
    throw storageErrors.unsupportedEnvironment('Blob is not available here; uploads need it.');
  }
  if (data instanceof Blob) return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new Blob([data]);
  throw storageErrors.invalidArgument(
    'Upload data must be a Blob, an ArrayBuffer or a typed array.',
  );
}
