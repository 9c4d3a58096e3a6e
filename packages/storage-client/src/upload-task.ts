import { z } from 'zod';
import { RetryBudget, TransientFailure, sleep } from './backoff';
import { StorageError, storageErrors } from './errors';
import {
  type FullMetadata,
  type UploadMetadata,
  type UploadResource,
  checkUploadMetadata,
  toUploadResource,
} from './metadata';
import { type StorageReference, assertNotRoot } from './reference';
import {
  cancelResumableUpload,
  deleteObjectRequest,
  getObjectMetadata,
  queryResumableUpload,
  startResumableUpload,
  uploadChunk,
  uploadMultipart,
} from './requests';
import {
  INITIAL_CHUNK_SIZE,
  RESUMABLE_UPLOAD_THRESHOLD,
  type TResumeInfo,
  type UploadData,
  type UploadOptions,
  ZResumeInfo,
  nextChunkSize,
  sliceBlob,
  toBlob,
  toStorageError,
} from './upload-data';
import {
  LEGAL_TRANSITIONS,
  type TaskEventName,
  type TaskState,
  TaskEvent,
  deliver,
  isTerminal,
} from './upload-task-state';

// The upload task itself: the loop that sends the protocol's requests one after another, pause,
// resume and cancel, and its observers. Its data and sizes are in upload-data.ts, its states in
// upload-task-state.ts; what callers import from either is exported here too.
export {
  CHUNK_SIZE_LIMIT,
  INITIAL_CHUNK_SIZE,
  RESUMABLE_UPLOAD_THRESHOLD,
  type TResumeInfo,
  type UploadData,
  type UploadOptions,
  ZResumeInfo,
  nextChunkSize,
  toBlob,
} from './upload-data';
export { type TaskEventName, type TaskState, TaskEvent } from './upload-task-state';

export interface UploadTaskSnapshot {
  /** Bytes the server has confirmed. */
  bytesTransferred: number;
  totalBytes: number;
  state: TaskState;
  /** The stored object's metadata, once the upload succeeded. */
  metadata?: FullMetadata;
  ref: StorageReference;
  task: UploadTask;
}

export interface TaskObserver {
  /** Each state change and each confirmed chunk. */
  next?: ((snapshot: UploadTaskSnapshot) => unknown) | null;
  /** Once, when the task fails or is canceled. */
  error?: ((error: StorageError) => unknown) | null;
  /** Once, after the final `next`, when the upload succeeded. */
  complete?: (() => unknown) | null;
}

/**
 * One upload (SPEC §4): runs at once, can be paused, resumed and canceled, reports progress to
 * observers, and can be awaited for its final snapshot. Create it with uploadBytesResumable().
 */
export class UploadTask implements PromiseLike<UploadTaskSnapshot> {
  readonly ref: StorageReference;
  readonly #blob: Blob;
  readonly #resource: UploadResource;
  readonly #isResumable: boolean;
  readonly #budget: RetryBudget;
  readonly #observers = new Set<TaskObserver>();
  /** Events already queued for an observer are dropped once it unsubscribes. */
  readonly #unsubscribed = new WeakSet<TaskObserver>();
  readonly #settled: Promise<UploadTaskSnapshot>;
  #resolve!: (snapshot: UploadTaskSnapshot) => void;
  #reject!: (error: StorageError) => void;

  #state: TaskState = 'running';
  #transferred = 0;
  #metadata: FullMetadata | undefined;
  #error: StorageError | undefined;
  #uploadUrl: string | null = null;
  /** False after an interrupted or failed request: the server may hold more than we know. */
  #isPositionKnown = true;
  /** The server finalized the object but its metadata is still to be read. */
  #needsMetadata = false;
  #chunkSize = INITIAL_CHUNK_SIZE;
  #abort: AbortController | null = null;
  #isDriving = false;
  #isWaitingToRetry = false;

  /** @internal Use uploadBytesResumable(). */
  constructor(
    reference: StorageReference,
    blob: Blob,
    metadata: UploadMetadata,
    options: UploadOptions = {},
  ) {
    this.ref = reference;
    this.#blob = blob;
    this.#resource = toUploadResource(reference.fullPath, blob.size, {
      ...metadata,
      contentType: metadata.contentType ?? (blob.type || 'application/octet-stream'),
    });
    const storage = reference.storage;
    this.#budget = new RetryBudget(() => storage.maxUploadRetryTime, storage.clock);
    this.#settled = new Promise<UploadTaskSnapshot>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Callers that only observe through on() must not see an unhandled rejection.
    this.#settled.catch(() => undefined);

    const { resume } = options;
    this.#isResumable = resume !== undefined || blob.size > RESUMABLE_UPLOAD_THRESHOLD;
    if (resume) {
      this.#uploadUrl = resume.uploadUrl;
      this.#isPositionKnown = false;
      if (resume.total !== blob.size) {
        // SPEC §5: a continuation fails if the blob size differs from the recorded total.
        this.#fail(
          storageErrors.serverFileWrongSize(
            `the saved session holds ${resume.total} bytes, the blob has ${blob.size}`,
          ),
        );
        return;
      }
    }
    void this.#drive();
  }

  get snapshot(): UploadTaskSnapshot {
    return {
      bytesTransferred: this.#transferred,
      totalBytes: this.#blob.size,
      state: this.#state,
      metadata: this.#metadata,
      ref: this.ref,
      task: this,
    };
  }

  /**
   * The resumable session, once the server opened one; save it to continue after a reload with
   * `uploadBytesResumable(ref, blob, metadata, { resume })`. Null for multipart uploads and
   * after success or cancel.
   */
  get resumeInfo(): TResumeInfo | null {
    if (this.#uploadUrl === null || this.#state === 'success' || this.#state === 'canceled') {
      return null;
    }
    return { uploadUrl: this.#uploadUrl, total: this.#blob.size, name: this.ref.fullPath };
  }

  /**
   * True from a failure worth retrying (no answer, 5xx, 408, 429) until a request succeeds again:
   * the task is backing off or trying again. Observers hear when it starts and ends, so a UI can
   * say "Retrying…" instead of showing progress that does not move.
   */
  get isRetrying(): boolean {
    return this.#isWaitingToRetry && this.#state === 'running';
  }

  /** Legal only while running. Returns whether the task is now pausing. */
  pause(): boolean {
    if (this.#state !== 'running') return false;
    this.#transition('pausing');
    this.#abort?.abort();
    return true;
  }

  /** Legal while paused or pausing. Returns whether the task is now running. */
  resume(): boolean {
    if (this.#state !== 'paused' && this.#state !== 'pausing') return false;
    this.#budget.restart();
    this.#transition('running');
    // While pausing, the loop is still unwinding the aborted request and carries on itself.
    if (!this.#isDriving) void this.#drive();
    return true;
  }

  /**
   * Legal while running or pausing (SPEC §4; not from paused, as in Firebase). Once the request
   * in flight has been aborted, a resumable session that the server opened is told to cancel, so
   * its bytes go now rather than at its expiry (best effort, see #cancelSession).
   */
  cancel(): boolean {
    if (this.#state !== 'running' && this.#state !== 'pausing') return false;
    this.#transition('canceling');
    this.#abort?.abort();
    return true;
  }

  /**
   * Subscribes to state changes and progress. The observer first hears the current state, then
   * every change. Returns a function that unsubscribes.
   */
  on(
    event: TaskEventName,
    nextOrObserver?: TaskObserver | ((snapshot: UploadTaskSnapshot) => unknown) | null,
    error?: ((error: StorageError) => unknown) | null,
    complete?: (() => unknown) | null,
  ): () => void {
    if (event !== TaskEvent.STATE_CHANGED) {
      throw storageErrors.invalidArgument(`Unknown event '${String(event)}'; use 'state_changed'.`);
    }
    const observer: TaskObserver =
      typeof nextOrObserver === 'function' || nextOrObserver == null
        ? { next: nextOrObserver, error, complete }
        : nextOrObserver;
    this.#notifyObserver(observer, this.snapshot);
    if (!isTerminal(this.#state)) this.#observers.add(observer);
    return () => {
      this.#observers.delete(observer);
      this.#unsubscribed.add(observer);
    };
  }

  then<TResult1 = UploadTaskSnapshot, TResult2 = never>(
    onFulfilled?: ((snapshot: UploadTaskSnapshot) => TResult1 | PromiseLike<TResult1>) | null,
    onRejected?: ((error: StorageError) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    return this.#settled.then(onFulfilled, onRejected);
  }

  catch<TResult = never>(
    onRejected?: ((error: StorageError) => TResult | PromiseLike<TResult>) | null,
  ): Promise<UploadTaskSnapshot | TResult> {
    return this.#settled.catch(onRejected);
  }

  /** Runs requests one after another until the task leaves `running`. */
  async #drive(): Promise<void> {
    this.#isDriving = true;
    try {
      while (this.#state === 'running') {
        const controller = new AbortController();
        this.#abort = controller;
        try {
          await this.#step(controller.signal);
          this.#budget.restart();
          if (this.#isWaitingToRetry) {
            this.#isWaitingToRetry = false;
            this.#notifyAll();
          }
        } catch (error) {
          if (controller.signal.aborted) {
            // Paused or canceled mid-request: the server may have taken part of the chunk.
            this.#forgetPosition();
            continue;
          }
          if (!(error instanceof TransientFailure)) {
            this.#fail(toStorageError(error));
            return;
          }
          this.#forgetPosition();
          // Small chunks again: the connection just proved unreliable (Firebase does the same).
          this.#chunkSize = INITIAL_CHUNK_SIZE;
          let delay: number;
          try {
            delay = this.#budget.nextDelay(error.error);
          } catch (limit) {
            this.#fail(toStorageError(limit));
            return;
          }
          this.#isWaitingToRetry = true;
          this.#notifyAll();
          await sleep(delay, controller.signal).catch(() => undefined);
        }
      }
    } catch (error) {
      this.#fail(toStorageError(error));
      return;
    } finally {
      this.#isDriving = false;
      this.#abort = null;
    }
    if (this.#state === 'pausing') {
      this.#transition('paused');
    } else if (this.#state === 'canceling') {
      this.#cancelSession();
      this.#error = storageErrors.canceled();
      this.#transition('canceled');
      this.#reject(this.#error);
    }
  }

  /** One request of the protocol, chosen by what is known so far. */
  async #step(signal: AbortSignal): Promise<void> {
    const storage = this.ref.storage;
    const location = this.ref.location;
    const total = this.#blob.size;

    if (!this.#isResumable) {
      const metadata = await uploadMultipart(storage, location, this.#blob, this.#resource, signal);
      signal.throwIfAborted();
      this.#succeed(metadata);
      return;
    }

    if (this.#uploadUrl === null) {
      // Kept even when the task was paused or canceled meanwhile: the session exists on the
      // server now, to be continued or canceled rather than left holding its space.
      this.#uploadUrl = await startResumableUpload(storage, location, this.#resource, signal);
      signal.throwIfAborted();
      this.#isPositionKnown = true;
      this.#notifyAll(); // resumeInfo is available from here on
      return;
    }

    if (!this.#isPositionKnown) {
      const status = await queryResumableUpload(storage, this.#uploadUrl, location, signal);
      signal.throwIfAborted();
      if (status.received > total || (status.isFinal && status.received !== total)) {
        throw storageErrors.serverFileWrongSize(
          `the server holds ${status.received} of ${total} bytes${status.isFinal ? ' and finalized the upload' : ''}`,
        );
      }
      this.#isPositionKnown = true;
      this.#needsMetadata = status.isFinal;
      this.#setProgress(status.received);
      return;
    }

    if (this.#needsMetadata) {
      const metadata = await getObjectMetadata(storage, location, signal);
      signal.throwIfAborted();
      this.#succeed(metadata);
      return;
    }

    const offset = this.#transferred;
    const end = Math.min(offset + this.#chunkSize, total);
    const result = await uploadChunk(storage, {
      uploadUrl: this.#uploadUrl,
      location,
      chunk: sliceBlob(this.#blob, offset, end),
      offset,
      isLast: end === total,
      signal,
    });
    signal.throwIfAborted();
    if (result.isFinal && end !== total) {
      throw storageErrors.serverFileWrongSize(
        `the server finalized the upload at ${end} of ${total} bytes`,
      );
    }
    if (result.metadata) {
      this.#succeed(result.metadata);
      return;
    }
    if (!result.isFinal && offset === total) {
      // Otherwise a server that never finalizes would be asked to, forever.
      throw new StorageError(
        'unknown',
        'The server did not finalize the upload after the last byte.',
      );
    }
    // Finalized without metadata in the body: read it with a GET next.
    this.#needsMetadata = result.isFinal;
    this.#chunkSize = nextChunkSize(this.#chunkSize);
    this.#setProgress(end);
  }

  /**
   * Sends the protocol's cancel command once, without waiting for it and without retries: the
   * task is canceled whatever the answer, and a session the server still holds (no answer, a
   * refusal, a token that could not be read) is removed by the server's expiry job instead.
   */
  #cancelSession(): void {
    if (this.#uploadUrl === null) return; // multipart, or the session was never opened
    const { storage, location } = this.ref;
    cancelResumableUpload(storage, this.#uploadUrl, location)
      // The last chunk made the object before the cancel arrived: the user canceled, so the
      // object goes too, or it would hold their storage with no upload to show for it.
      .then((status) => (status === 'final' ? deleteObjectRequest(storage, location) : undefined))
      .catch(() => undefined);
  }

  #forgetPosition(): void {
    if (this.#uploadUrl !== null) this.#isPositionKnown = false;
  }

  #setProgress(bytes: number): void {
    this.#transferred = bytes;
    this.#notifyAll();
  }

  #succeed(metadata: FullMetadata): void {
    this.#transferred = this.#blob.size;
    this.#metadata = metadata;
    this.#transition('success');
    this.#resolve(this.snapshot);
  }

  #fail(error: StorageError): void {
    if (isTerminal(this.#state)) return;
    this.#error = error;
    this.#transition('error');
    this.#reject(error);
  }

  #transition(next: TaskState): void {
    if (!LEGAL_TRANSITIONS[this.#state].includes(next)) {
      // A bug in this class, never a caller's mistake: callers go through pause/resume/cancel.
      throw storageErrors.internalError(`illegal upload state change ${this.#state} → ${next}.`);
    }
    this.#state = next;
    this.#notifyAll();
  }

  #notifyAll(): void {
    const snapshot = this.snapshot;
    for (const observer of this.#observers) this.#notifyObserver(observer, snapshot);
    if (isTerminal(this.#state)) this.#observers.clear();
  }

  /** Delivered in a microtask, so an observer cannot re-enter or break the upload loop. */
  #notifyObserver(observer: TaskObserver, snapshot: UploadTaskSnapshot): void {
    const error = this.#error;
    queueMicrotask(() => {
      if (!this.#unsubscribed.has(observer)) deliver(observer, snapshot, error);
    });
  }
}

/**
 * Cancels a resumable upload saved earlier (`UploadTask.resumeInfo`) without resuming it, as
 * `UploadTask.cancel()` does for a running one: the server deletes the bytes it holds at once
 * instead of at the session's expiry. Rejects with the server's error; a session that is gone
 * already answers 404.
 */
export async function cancelSavedUpload(
  reference: StorageReference,
  resume: TResumeInfo,
): Promise<void> {
  assertNotRoot(reference, 'cancelSavedUpload');
  await cancelResumableUpload(reference.storage, resume.uploadUrl, reference.location);
}

/**
 * Starts an upload: one multipart request up to 256 KiB, a resumable session above. Throws
 * invalid-root-operation for the bucket root and invalid-argument for bad metadata or options.
 */
export function uploadBytesResumable(
  reference: StorageReference,
  data: UploadData,
  metadata?: UploadMetadata,
  options: UploadOptions = {},
): UploadTask {
  assertNotRoot(reference, 'uploadBytesResumable');
  const blob = toBlob(data);
  const checked = checkUploadMetadata(metadata);
  if (options.resume !== undefined) {
    const resume = ZResumeInfo.safeParse(options.resume);
    if (!resume.success) {
      throw storageErrors.invalidArgument(`Invalid resume info: ${z.prettifyError(resume.error)}`);
    }
    if (resume.data.name !== reference.fullPath) {
      throw storageErrors.invalidArgument(
        `The saved session uploads '${resume.data.name}', not '${reference.fullPath}'.`,
      );
    }
    return new UploadTask(reference, blob, checked, { resume: resume.data });
  }
  return new UploadTask(reference, blob, checked);
}
