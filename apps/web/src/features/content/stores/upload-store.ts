import type { TContentItem } from '@screenline/shared/content';
import {
  cancelSavedUpload,
  isStorageError,
  ref,
  uploadBytesResumable,
  type Storage,
  type TResumeInfo,
  type UploadTask,
} from '@screenline/storage-client';
import { createContentItem } from '@/features/content/api/create-content-item';
import {
  readImageInfo,
  readVideoInfo,
  type TMediaInfo,
} from '@/features/content/utils/media-probe';
import {
  contentObjectPath,
  displayNameOf,
  newUploadId,
  posterObjectPath,
} from '@/features/content/utils/object-names';
import {
  kindOfFile,
  MediaReadError,
  mediaTypeOf,
  refusalFor,
  uploadErrorMessage,
} from '@/features/content/utils/upload-rules';
import {
  findSavedUpload,
  fingerprintOf,
  findSavedUploadById,
  forgetUpload,
  loadSavedUploads,
  saveUpload,
  type TSavedUpload,
} from '@/features/content/stores/saved-uploads';
import {
  isBusy,
  isRunning,
  UploadFailedError,
  type TAddOptions,
  type TUploadContext,
  type TUploadEntry,
} from '@/features/content/stores/upload-entry';

/** Uploads that read files and send bytes at the same time; the rest wait their turn. */
const MAX_ACTIVE_UPLOADS = 3;
/** A finished row stays this long, then makes room (the item is in the library by then). */
const DONE_ROW_MS = 6000;

type TRecord = {
  entry: TUploadEntry;
  file: File | null;
  context: TUploadContext | null;
  name: string;
  objectPath: string;
  info: TMediaInfo | null;
  task: UploadTask | null;
  /** A session to continue (after a reload, or a retry after a failure). */
  resume: TResumeInfo | null;
  isUploaded: boolean;
  waiters: { resolve: (item: TContentItem) => void; reject: (error: Error) => void }[];
};

/**
 * The uploads of this browser tab, outside React so that they keep going while the user moves
 * between pages. Components read it with useSyncExternalStore (see hooks/use-uploads).
 */
export class UploadStore {
  readonly #records = new Map<string, TRecord>();
  readonly #listeners = new Set<() => void>();
  readonly #restoredFor = new Set<string>();
  /** The storage service of the signed-in page, for cancelling saved sessions of waiting rows. */
  #storage: Storage | null = null;
  #snapshot: readonly TUploadEntry[] = [];

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): readonly TUploadEntry[] => this.#snapshot;

  /** Starts uploading each file (refusing the ones the library does not take). */
  addFiles(files: Iterable<File>, context: TUploadContext): void {
    for (const file of files) {
      const waiting = this.#waitingFor(context.uid, file);
      if (waiting) {
        this.#attachFile(waiting, file, context);
        continue;
      }
      void this.add(file, context).catch(() => undefined);
    }
  }

  /** Uploads one file and adds it to the library; resolves with the new item. */
  add(file: File, context: TUploadContext, options: TAddOptions = {}): Promise<TContentItem> {
    const refusal = refusalFor(file);
    const kind = kindOfFile(file);
    const found = refusal || options.info ? undefined : findSavedUpload(context.uid, file);
    // The same file may be uploading in this tab already: then this is a second, separate upload.
    const current = found && this.#records.get(found.id);
    const saved = !current || !isRunning(current.entry) ? found : undefined;
    const id = saved?.id ?? newUploadId();
    const record: TRecord = {
      entry: {
        id,
        uid: context.uid,
        fileName: file.name,
        kind,
        phase: refusal ? 'refused' : 'queued',
        taskState: null,
        bytesTransferred: 0,
        totalBytes: file.size,
        isRetrying: false,
        message: refusal,
        canRetry: false,
        item: null,
      },
      file,
      context,
      name: saved?.name ?? options.name ?? displayNameOf(file.name),
      objectPath: saved?.objectPath ?? contentObjectPath(context.uid, id, file.name),
      info: options.info ?? null,
      task: null,
      resume: saved?.resume ?? null,
      isUploaded: false,
      waiters: [],
    };
    const done = new Promise<TContentItem>((resolve, reject) => {
      record.waiters.push({ resolve, reject });
    });
    // The newest upload first, as the rows are shown.
    this.#records.delete(id);
    const rest = [...this.#records.entries()];
    this.#records.clear();
    this.#records.set(id, record);
    for (const [key, value] of rest) this.#records.set(key, value);
    if (refusal) this.#settle(record, new UploadFailedError(refusal));
    this.#changed();
    this.#pump();
    return done;
  }

  /**
   * Shows the user's unfinished uploads from before a reload, once per user and tab, as rows
   * that wait for the same file to be picked again.
   */
  restoreSaved(uid: string, storage: Storage): void {
    this.#storage = storage;
    if (this.#restoredFor.has(uid)) return;
    this.#restoredFor.add(uid);
    for (const saved of loadSavedUploads(uid)) {
      if (this.#records.has(saved.id)) continue;
      this.#records.set(saved.id, this.#waitingRecord(saved));
    }
    this.#changed();
  }

  /** Continues a waiting upload with the file the user picked; refuses a different file. */
  resumeWithFile(id: string, file: File, context: TUploadContext): void {
    const record = this.#records.get(id);
    if (!record || record.entry.phase !== 'waiting-for-file') return;
    const saved = findSavedUpload(context.uid, file);
    if (!saved || saved.id !== id) {
      this.#update(record, {
        message: `“${file.name}” is not the file this upload started with. Pick “${record.entry.fileName}” (${record.entry.totalBytes} bytes) again.`,
      });
      return;
    }
    this.#attachFile(record, file, context);
  }

  pause(id: string): void {
    this.#records.get(id)?.task?.pause();
  }

  resume(id: string): void {
    this.#records.get(id)?.task?.resume();
  }

  cancel(id: string): void {
    const record = this.#records.get(id);
    if (!record) return;
    if (record.entry.phase === 'queued') {
      // A queued retry may hold a session saved by its failed run: end it on the server too.
      this.#cancelSavedSession(record);
      this.#finishCanceled(record);
      return;
    }
    record.task?.cancel();
  }

  /**
   * Discards a paused upload. SPEC §4 allows cancel only while running or pausing, so it goes
   * through the legal transitions: resume, then cancel at once (the task is running again).
   */
  discard(id: string): void {
    const task = this.#records.get(id)?.task;
    if (task?.snapshot.state !== 'paused') return;
    if (task.resume()) task.cancel();
  }

  /** Starts a failed upload again: from the saved session if there is one, else anew. */
  retry(id: string): void {
    const record = this.#records.get(id);
    if (!record?.entry.canRetry || !record.file) return;
    this.#update(record, { phase: 'queued', message: null, canRetry: false, taskState: null });
    this.#pump();
  }

  /** Removes a row that is no longer running; a waiting upload is forgotten for good. */
  dismiss(id: string): void {
    const record = this.#records.get(id);
    if (!record) return;
    if (
      !['refused', 'waiting-for-file', 'done', 'failed', 'canceled'].includes(record.entry.phase)
    ) {
      return;
    }
    if (record.entry.phase === 'waiting-for-file' || record.entry.phase === 'failed') {
      this.#cancelSavedSession(record);
      forgetUpload(id);
    }
    this.#records.delete(id);
    this.#changed();
  }

  // ---- internals ----

  #waitingRecord(saved: TSavedUpload): TRecord {
    return {
      entry: {
        id: saved.id,
        uid: saved.uid,
        fileName: saved.fileName,
        kind: saved.kind,
        phase: 'waiting-for-file',
        taskState: 'paused',
        bytesTransferred: 0,
        totalBytes: saved.size,
        isRetrying: false,
        message: 'Interrupted by a reload. Pick the same file again to continue where it stopped.',
        canRetry: false,
        item: null,
      },
      file: null,
      context: null,
      name: saved.name,
      objectPath: saved.objectPath,
      info: null,
      task: null,
      resume: saved.resume,
      isUploaded: false,
      waiters: [],
    };
  }

  #waitingFor(uid: string, file: File): TRecord | undefined {
    const fingerprint = fingerprintOf(file);
    const saved = loadSavedUploads(uid).find((entry) => entry.fingerprint === fingerprint);
    if (!saved) return undefined;
    const record = this.#records.get(saved.id);
    return record?.entry.phase === 'waiting-for-file' ? record : undefined;
  }

  #attachFile(record: TRecord, file: File, context: TUploadContext): void {
    record.file = file;
    record.context = context;
    this.#update(record, { phase: 'queued', message: null, taskState: null });
    this.#pump();
  }

  /** Starts queued uploads while fewer than MAX_ACTIVE_UPLOADS are busy. */
  #pump(): void {
    const records = [...this.#records.values()];
    let active = records.filter(({ entry }) => isBusy(entry)).length;
    // Oldest first: the map holds the newest first.
    for (const record of records.reverse()) {
      if (active >= MAX_ACTIVE_UPLOADS) break;
      if (record.entry.phase !== 'queued') continue;
      active += 1;
      this.#update(record, { phase: 'preparing' });
      void this.#run(record).finally(() => this.#pump());
    }
  }

  async #run(record: TRecord): Promise<void> {
    const { file, context } = record;
    if (!file || !context) return;
    try {
      record.info ??= await readInfo(file);
      if (!record.isUploaded) {
        await this.#upload(record, file, context);
        record.isUploaded = true;
      }
      this.#update(record, { phase: 'finishing', message: null });
      const info = record.info;
      let posterPath: string | null = null;
      if (info.kind === 'video') {
        posterPath = posterObjectPath(context.uid, record.entry.id);
        await uploadBytesResumable(ref(context.storage, posterPath), info.poster, {
          contentType: 'image/jpeg',
        });
      }
      const item = await createContentItem({
        name: record.name,
        objectPath: record.objectPath,
        kind: info.kind,
        width: info.width,
        height: info.height,
        durationMs: info.kind === 'video' ? info.durationMs : null,
        posterPath,
      });
      forgetUpload(record.entry.id);
      this.#update(record, { phase: 'done', item, message: null });
      context.onAdded(item);
      for (const waiter of record.waiters.splice(0)) waiter.resolve(item);
      window.setTimeout(() => this.dismiss(record.entry.id), DONE_ROW_MS);
    } catch (error) {
      if (isStorageError(error, 'canceled')) {
        this.#finishCanceled(record);
        return;
      }
      const message = uploadErrorMessage(error);
      // A file the browser cannot read as an image or video fails the same way every time.
      const canRetry = !(error instanceof MediaReadError);
      if (!canRetry) forgetUpload(record.entry.id);
      this.#update(record, { phase: 'failed', message, canRetry });
      this.#settle(record, new UploadFailedError(message, { cause: error }));
    }
  }

  /** The storage upload itself; keeps its session in localStorage while it runs. */
  async #upload(record: TRecord, file: File, context: TUploadContext): Promise<void> {
    const reference = ref(context.storage, record.objectPath);
    const metadata = { contentType: mediaTypeOf(file) };
    const resume = record.resume;
    record.resume = null;
    let task: UploadTask;
    try {
      task = uploadBytesResumable(reference, file, metadata, resume ? { resume } : undefined);
    } catch {
      // A saved session that no longer fits (another size, another name): start anew.
      forgetUpload(record.entry.id);
      task = uploadBytesResumable(reference, file, metadata);
    }
    record.task = task;
    this.#update(record, { phase: 'uploading', taskState: 'running', message: null });

    let savedUrl: string | null = null;
    const stop = task.on('state_changed', (snapshot) => {
      const info = task.resumeInfo;
      if (info && info.uploadUrl !== savedUrl && record.entry.kind) {
        savedUrl = info.uploadUrl;
        saveUpload({
          id: record.entry.id,
          uid: context.uid,
          fingerprint: fingerprintOf(file),
          fileName: file.name,
          size: file.size,
          kind: record.entry.kind,
          name: record.name,
          objectPath: record.objectPath,
          resume: info,
          savedAt: Date.now(),
        });
      }
      this.#update(record, {
        taskState: snapshot.state,
        bytesTransferred: snapshot.bytesTransferred,
        totalBytes: snapshot.totalBytes,
        isRetrying: task.isRetrying,
      });
    });
    let shouldRestart = false;
    try {
      await task;
    } catch (error) {
      const isCanceled = isStorageError(error, 'canceled');
      const isSessionGone =
        isCanceled ||
        isStorageError(error, 'object-not-found') ||
        isStorageError(error, 'server-file-wrong-size');
      if (isSessionGone) forgetUpload(record.entry.id);
      else record.resume = task.resumeInfo;
      this.#update(record, { taskState: task.snapshot.state, isRetrying: false });
      // A saved session that expired or no longer matches: upload the file again from the start.
      if (resume && isSessionGone && !isCanceled) shouldRestart = true;
      else throw error;
    } finally {
      stop();
      record.task = null;
    }
    if (shouldRestart) return this.#upload(record, file, context);
    this.#update(record, { taskState: 'success', bytesTransferred: file.size, isRetrying: false });
  }

  /**
   * Tells the server to drop the bytes of the row's saved resumable session now rather than at its
   * expiry (the hourly job removes it then if this request does not get through).
   */
  #cancelSavedSession(record: TRecord): void {
    const saved = findSavedUploadById(record.entry.uid, record.entry.id);
    const storage = record.context?.storage ?? this.#storage;
    if (!saved || !storage) return;
    cancelSavedUpload(ref(storage, saved.objectPath), saved.resume).catch(() => {
      // Nothing to tell the user: the session expires on its own.
    });
  }

  #finishCanceled(record: TRecord): void {
    forgetUpload(record.entry.id);
    this.#update(record, {
      phase: 'canceled',
      taskState: record.entry.taskState === null ? null : 'canceled',
      message: 'Upload canceled.',
      canRetry: false,
    });
    this.#settle(record, new UploadFailedError('Upload canceled.'));
    this.#pump();
  }

  #settle(record: TRecord, error: Error): void {
    for (const waiter of record.waiters.splice(0)) waiter.reject(error);
  }

  #update(record: TRecord, patch: Partial<TUploadEntry>): void {
    record.entry = { ...record.entry, ...patch };
    this.#changed();
  }

  #changed(): void {
    this.#snapshot = [...this.#records.values()].map((record) => record.entry);
    for (const listener of this.#listeners) listener();
  }
}

function readInfo(file: File): Promise<TMediaInfo> {
  return kindOfFile(file) === 'video'
    ? readVideoInfo(file, file.name)
    : readImageInfo(file, file.name);
}

/** The tab's one upload store. */
export const uploadStore = new UploadStore();
