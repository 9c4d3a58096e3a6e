// What the upload task's tests (upload-task*.test.ts) share: a storage on the in-memory server, byte
// patterns and their comparison, and a recorder of what an observer hears.
import { ref } from '../reference';
import { type StorageOptions, createStorage } from '../storage';
import { BASE_URL, MemoryStorageServer } from './memory-server';
import { type TaskState, type UploadTask } from '../upload-task';

export const KiB = 1024;
export const MiB = 1024 * KiB;

export function setup(options: Partial<StorageOptions> = {}) {
  const server = new MemoryStorageServer();
  const storage = createStorage({
    baseUrl: BASE_URL,
    bucket: 'screenline',
    fetch: server.fetch,
    clock: { random: () => 0 },
    ...options,
  });
  return { server, storage, file: ref(storage, 'users/u1/content/video.mp4') };
}

/** Bytes with a recognisable pattern, so misplaced chunks show. */
export function pattern(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7 + (index >> 8)) & 0xff;
  return bytes;
}

/** Compares bytes in a loop: vitest's deep equality is far too slow for megabytes. */
export function isSame(actual: Uint8Array | undefined, expected: Uint8Array): boolean {
  if (!actual || actual.byteLength !== expected.byteLength) return false;
  for (let index = 0; index < expected.byteLength; index += 1) {
    if (actual[index] !== expected[index]) return false;
  }
  return true;
}

export function stored(server: MemoryStorageServer, name = 'users/u1/content/video.mp4') {
  return server.objects.get(`screenline/${name}`);
}

/** Records every state an observer hears about, and settles with the task. */
export function record(task: UploadTask) {
  const states: TaskState[] = [];
  const progress: number[] = [];
  const errors: unknown[] = [];
  let completions = 0;
  task.on(
    'state_changed',
    (snapshot) => {
      states.push(snapshot.state);
      progress.push(snapshot.bytesTransferred);
    },
    (error) => {
      states.push(task.snapshot.state);
      errors.push(error);
    },
    () => {
      completions += 1;
    },
  );
  return {
    states,
    progress,
    errors,
    get completions() {
      return completions;
    },
  };
}

export async function settled(task: UploadTask): Promise<unknown> {
  try {
    return await task;
  } catch (error) {
    return error;
  }
}

export const isSettled = (task: UploadTask) =>
  ['success', 'error', 'canceled'].includes(task.snapshot.state);
