import type { TContentItem, TContentKind } from '@screenline/shared/content';
import type { Storage, TaskState } from '@screenline/storage-client';
import type { TMediaInfo } from '@/features/content/utils/media-probe';

/*
 * What an upload is, apart from the store that runs it (upload-store.ts): its phases, the row
 * the upload list shows, what it needs from the signed-in page, and the error its waiters get.
 */

/**
 * Where an upload is, from the user's point of view:
 * - refused: not an accepted file; nothing was sent.
 * - waiting-for-file: an upload from before a reload; it continues once the same file is picked.
 * - queued → preparing (reading size, duration, poster) → uploading (the storage task, with its
 *   own TaskState) → finishing (poster, then adding it to the library) → done.
 * - failed (with a message; Retry) or canceled.
 */
export type TUploadPhase =
  | 'refused'
  | 'waiting-for-file'
  | 'queued'
  | 'preparing'
  | 'uploading'
  | 'finishing'
  | 'done'
  | 'failed'
  | 'canceled';

export type TUploadEntry = {
  readonly id: string;
  readonly uid: string;
  readonly fileName: string;
  readonly kind: TContentKind | null;
  readonly phase: TUploadPhase;
  /** The storage task's state while uploading (and the last one it had after). */
  readonly taskState: TaskState | null;
  readonly bytesTransferred: number;
  readonly totalBytes: number;
  /** A request failed and the storage task is backing off or trying again. */
  readonly isRetrying: boolean;
  /** Why it failed or was refused, or what it waits for. */
  readonly message: string | null;
  /** Whether Retry can start it again. */
  readonly canRetry: boolean;
  /** The library item, once added. */
  readonly item: TContentItem | null;
};

/** What an upload needs from the signed-in page. */
export type TUploadContext = {
  storage: Storage;
  uid: string;
  /** Called after an item was added (the page refreshes its list). */
  onAdded: (item: TContentItem) => void;
};

export type TAddOptions = {
  /** The library name; the file name without its extension otherwise. */
  name?: string;
  /** Known size (a rendered creative); the file is read in the browser otherwise. */
  info?: TMediaInfo;
};

/** Thrown to a waiter (the creative generator) when its upload fails or is canceled. */
export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
}

/** Has a task or is about to: its row must not be replaced. */
export function isRunning(entry: TUploadEntry): boolean {
  return ['queued', 'preparing', 'uploading', 'finishing'].includes(entry.phase);
}

/** Reading a file or sending bytes: it counts against MAX_ACTIVE_UPLOADS. */
export function isBusy(entry: TUploadEntry): boolean {
  return (
    entry.phase === 'preparing' ||
    entry.phase === 'finishing' ||
    (entry.phase === 'uploading' && entry.taskState !== 'paused')
  );
}
