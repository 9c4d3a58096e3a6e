import {
  DEFAULT_STORAGE_ALLOWED_TYPES,
  DEFAULT_STORAGE_MAX_OBJECT_BYTES,
} from '@screenline/shared/storage';
import { contentKindOf, type TContentKind } from '@screenline/shared/content';
import { isStorageError, type TaskState } from '@screenline/storage-client';
import { ZApiError } from '@screenline/shared/errors';
import { ApiError } from '@/lib/api-client';
import { formatBytes } from '@screenline/shared/format';

/** The media types the library takes (the storage service's default allowlist). */
export const ACCEPTED_TYPES: readonly string[] = DEFAULT_STORAGE_ALLOWED_TYPES;
/** For `<input type="file" accept>`: types and extensions, so every picker filters right. */
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.mp4',
  '.m4v',
  '.webm',
].join(',');
export const MAX_UPLOAD_BYTES = DEFAULT_STORAGE_MAX_OBJECT_BYTES;

export const ACCEPTED_TYPES_SENTENCE = 'Use JPEG, PNG, WebP or GIF images, or MP4 or WebM videos.';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
};

type TFileLike = Pick<File, 'name' | 'type' | 'size'>;

/** The file's media type: what the browser says, else what its extension says, else ''. */
export function mediaTypeOf(file: Pick<File, 'name' | 'type'>): string {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type) return type === 'image/jpg' ? 'image/jpeg' : type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

/** Why a file cannot go to the library before anything is uploaded, or null when it can. */
export function refusalFor(file: TFileLike): string | null {
  const type = mediaTypeOf(file);
  if (!ACCEPTED_TYPES.includes(type)) {
    return `“${file.name}” is not a supported image or video. ${ACCEPTED_TYPES_SENTENCE}`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) {
    return `“${file.name}” is ${formatBytes(file.size)}; files can be at most ${formatBytes(MAX_UPLOAD_BYTES)}.`;
  }
  return null;
}

/** The library kind of an accepted file. */
export function kindOfFile(file: Pick<File, 'name' | 'type'>): TContentKind | null {
  return contentKindOf(mediaTypeOf(file));
}

export type TUploadActions = { canPause: boolean; canResume: boolean; canCancel: boolean };

/**
 * Which controls an upload offers in each task state (SPEC §4): pause only while running;
 * resume while paused or pausing; cancel while running or pausing.
 */
export function uploadActionsFor(state: TaskState | null): TUploadActions {
  return {
    canPause: state === 'running',
    canResume: state === 'paused' || state === 'pausing',
    canCancel: state === 'running' || state === 'pausing',
  };
}

/** A failure while reading a file in the browser (dimensions, duration, poster). */
export class MediaReadError extends Error {
  override readonly name = 'MediaReadError';
}

/** The server's own sentence from a storage error's body, when it sent one. */
function serverMessageOf(serverResponse: string | null): string | null {
  if (!serverResponse) return null;
  try {
    const parsed = ZApiError.safeParse(JSON.parse(serverResponse));
    return parsed.success ? parsed.data.error.message : null;
  } catch {
    return null;
  }
}

/** A sentence for whatever stopped an upload, for the upload's row. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof MediaReadError) return error.message;
  if (error instanceof ApiError) return error.message;
  if (!isStorageError(error)) return 'The upload failed. Try again.';
  const server = serverMessageOf(error.serverResponse);
  switch (error.code) {
    case 'storage/quota-exceeded':
      // The server's sentence says how much room is left; ours is the fallback.
      return server ?? 'Your storage is full. Delete files you no longer need, then try again.';
    case 'storage/unauthenticated':
      return 'Your session has ended. Sign in again, then retry the upload.';
    case 'storage/unauthorized':
      return 'You are not allowed to store files here. Sign in with your own account and try again.';
    case 'storage/canceled':
      return 'Upload canceled.';
    case 'storage/retry-limit-exceeded':
      return 'The connection kept failing, so the upload stopped. Check your connection, then retry.';
    case 'storage/object-not-found':
      return 'The upload session has expired. Retry to upload the file again.';
    case 'storage/server-file-wrong-size':
      return 'The server received a different amount of data than the file holds. Retry the upload.';
    case 'storage/cannot-slice-blob':
      return 'The file could not be read. It may have been moved or changed; pick it again.';
    case 'storage/unsupported-environment':
      return 'This browser cannot upload files. Use a current version of Chrome, Edge, Firefox or Safari.';
    case 'storage/invalid-argument':
    case 'storage/invalid-format':
    case 'storage/invalid-root-operation':
    case 'storage/no-default-bucket':
    case 'storage/internal-error':
    case 'storage/no-download-url':
    case 'storage/app-deleted':
    case 'storage/unknown':
      break;
  }
  if (error.status === 413) {
    return (
      server ?? `This file is too large; files can be at most ${formatBytes(MAX_UPLOAD_BYTES)}.`
    );
  }
  if (error.status === 415) {
    return server ?? `This type of file cannot be uploaded. ${ACCEPTED_TYPES_SENTENCE}`;
  }
  if (error.status >= 500)
    return 'Screenline had a problem storing the file. Try again in a moment.';
  if (error.status === 0 && error.is('unknown')) {
    return 'The connection was lost. Check your connection, then retry.';
  }
  return server ?? 'The upload failed. Try again.';
}
