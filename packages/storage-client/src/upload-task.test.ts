import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { ref } from './reference';
import { type StorageOptions, createStorage } from './storage';
import { ZUploadResource } from '@screenline/shared/storage';
import { BASE_URL, MemoryStorageServer } from './test/memory-server';
import { advanceUntil, flushUntil, macrotask } from './test/timing';
import {
  CHUNK_SIZE_LIMIT,
  INITIAL_CHUNK_SIZE,
  RESUMABLE_UPLOAD_THRESHOLD,
  type TaskState,
  type UploadTask,
  ZResumeInfo,
  nextChunkSize,
  uploadBytesResumable,
} from './upload-task';

const KiB = 1024;
const MiB = 1024 * KiB;

function setup(options: Partial<StorageOptions> = {}) {
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
function pattern(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7 + (index >> 8)) & 0xff;
  return bytes;
}

/** Compares bytes in a loop: vitest's deep equality is far too slow for megabytes. */
function isSame(actual: Uint8Array | undefined, expected: Uint8Array): boolean {
  if (!actual || actual.byteLength !== expected.byteLength) return false;
  for (let index = 0; index < expected.byteLength; index += 1) {
    if (actual[index] !== expected[index]) return false;
  }
  return true;
}

function stored(server: MemoryStorageServer, name = 'users/u1/content/video.mp4') {
  return server.objects.get(`screenline/${name}`);
}

/** Records every state an observer hears about, and settles with the task. */
function record(task: UploadTask) {
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

async function settled(task: UploadTask): Promise<unknown> {
  try {
    return await task;
  } catch (error) {
    return error;
  }
}

const isSettled = (task: UploadTask) =>
  ['success', 'error', 'canceled'].includes(task.snapshot.state);

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk size', () => {
  it('doubles from 256 KiB while staying below 32 MiB', () => {
    const sizes = [INITIAL_CHUNK_SIZE];
    for (let index = 0; index < 9; index += 1) sizes.push(nextChunkSize(sizes.at(-1) ?? 0));
    expect(sizes.map((size) => size / KiB)).toEqual([
      256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 16384, 16384,
    ]);
    expect(Math.max(...sizes)).toBeLessThan(CHUNK_SIZE_LIMIT);
  });

  it('sends a 64 MiB blob in chunks of 256 KiB, 512 KiB … 16 MiB, 16 MiB, 16 MiB, rest', async () => {
    const { server, file } = setup();
    const data = pattern(64 * MiB);
    const snapshot = await uploadBytesResumable(file, new Blob([data]));
    expect(server.chunkSizes.map((size) => size / KiB)).toEqual([
      256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 16384, 256,
    ]);
    expect(snapshot.bytesTransferred).toBe(64 * MiB);
    expect(isSame(stored(server)?.data, data)).toBe(true);
  }, 30_000);
});

describe('multipart or resumable', () => {
  it('sends up to 256 KiB in one multipart request with metadata and data parts', async () => {
    const { server, file } = setup();
    const data = pattern(RESUMABLE_UPLOAD_THRESHOLD);
    const snapshot = await uploadBytesResumable(file, new Blob([data], { type: 'video/mp4' }), {
      customMetadata: { owner: 'u1' },
    });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(request?.command).toBe('multipart');
    expect(request?.url.pathname).toBe('/v0/b/screenline/o');
    expect(request?.url.searchParams.get('name')).toBe('users/u1/content/video.mp4');
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/related; boundary=.+/);
    expect(stored(server)).toMatchObject({
      contentType: 'video/mp4',
      customMetadata: { owner: 'u1' },
    });
    expect(isSame(stored(server)?.data, data)).toBe(true);
    expect(snapshot.metadata?.size).toBe(RESUMABLE_UPLOAD_THRESHOLD);
    expect(snapshot.task.resumeInfo).toBeNull();
  });

  it('goes resumable above 256 KiB: start, then chunks with offsets', async () => {
    const { server, file } = setup();
    const data = pattern(RESUMABLE_UPLOAD_THRESHOLD + 1);
    await uploadBytesResumable(file, new Blob([data]), { contentType: 'video/mp4' });
    const [start, first, last] = server.requests;
    expect(server.requests).toHaveLength(3);
    expect(start?.command).toBe('start');
    expect(start?.url.searchParams.get('name')).toBe('users/u1/content/video.mp4');
    expect(start?.headers.get('X-Goog-Upload-Protocol')).toBe('resumable');
    expect(start?.headers.get('X-Goog-Upload-Header-Content-Length')).toBe('262145');
    expect(start?.headers.get('X-Goog-Upload-Header-Content-Type')).toBe('video/mp4');
    expect(start?.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(first?.command).toBe('upload');
    expect(first?.headers.get('X-Goog-Upload-Offset')).toBe('0');
    expect(first?.bodySize).toBe(262_144);
    expect(last?.command).toBe('upload, finalize');
    expect(last?.headers.get('X-Goog-Upload-Offset')).toBe('262144');
    expect(last?.bodySize).toBe(1);
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });

  it('sends the resource JSON in the start request', async () => {
    const { server, file } = setup();
    const bodies: unknown[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const body = init?.body;
      if (new Headers(init?.headers).get('X-Goog-Upload-Command') === 'start') {
        bodies.push(typeof body === 'string' ? JSON.parse(body) : null);
      }
      return server.fetch(input, init);
    };
    const storage = createStorage({ baseUrl: BASE_URL, bucket: 'screenline', fetch });
    await uploadBytesResumable(ref(storage, file.fullPath), new Blob([pattern(300 * KiB)]), {
      customMetadata: { a: 'b' },
    });
    // The server's own schema accepts it: one contract for both sides.
    expect(ZUploadResource.safeParse(bodies[0]).success).toBe(true);
    expect(bodies[0]).toEqual({
      name: 'users/u1/content/video.mp4',
      fullPath: 'users/u1/content/video.mp4',
      size: 300 * KiB,
      contentType: 'application/octet-stream',
      metadata: { a: 'b' },
    });
  });

  it('follows an upload URL given as a path', async () => {
    const { server, file } = setup();
    server.relativeUploadUrls = true;
    await uploadBytesResumable(file, new Blob([pattern(300 * KiB)]));
    expect(server.requests[1]?.url.href).toBe(`${BASE_URL}/upload/1`);
    expect(stored(server)?.data.byteLength).toBe(300 * KiB);
  });

  it('reads the metadata with a GET when the final chunk answer has none', async () => {
    const { server, file } = setup();
    server.omitFinalMetadata = true;
    const snapshot = await uploadBytesResumable(file, new Blob([pattern(300 * KiB)]));
    expect(server.requests.at(-1)?.method).toBe('GET');
    expect(snapshot.metadata?.size).toBe(300 * KiB);
  });

  it('refuses the bucket root synchronously', () => {
    const { server, storage } = setup();
    expect(() => uploadBytesResumable(ref(storage), new Blob(['x']))).toThrow(
      expect.objectContaining({ code: 'storage/invalid-root-operation' }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses metadata that is not strings', () => {
    const { file } = setup();
    const metadata: unknown = { customMetadata: { count: 3 } };
    expect(() =>
      uploadBytesResumable(file, new Blob(['x']), metadata as Record<string, never>),
    ).toThrow(/invalid-argument/);
  });
});

describe('progress and observers', () => {
  it('reports confirmed bytes, then success and completion once', async () => {
    const { file } = setup();
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    const events = record(task);
    const snapshot = await task;
    await flushUntil(() => events.completions > 0);
    expect(snapshot.state).toBe('success');
    expect(snapshot.bytesTransferred).toBe(600 * KiB);
    // Initial state, session opened, first chunk (256 KiB) confirmed, then success.
    expect(events.progress).toEqual([0, 0, 262_144, 614_400]);
    expect(events.states.at(-1)).toBe('success');
    expect(events.completions).toBe(1);
    expect(events.errors).toEqual([]);
  });

  it('stops notifying after unsubscribe', async () => {
    const { file } = setup();
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    const next = vi.fn();
    const unsubscribe = task.on('state_changed', { next });
    unsubscribe();
    await task;
    await flushUntil(() => true);
    expect(next).not.toHaveBeenCalled();
  });

  it('tells a late subscriber how it ended', async () => {
    const { file } = setup();
    const task = uploadBytesResumable(file, new Blob(['abc']));
    await task;
    const complete = vi.fn();
    task.on('state_changed', null, null, complete);
    await flushUntil(() => complete.mock.calls.length > 0);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('refuses unknown events', () => {
    const { file } = setup();
    const task = uploadBytesResumable(file, new Blob(['abc']));
    // @ts-expect-error: 'progress' is not an event of the task; this checks the runtime guard.
    expect(() => task.on('progress', () => undefined)).toThrow(/invalid-argument/);
  });
});

describe('state transitions', () => {
  /** A resumable task with its session start held at the server's gate. */
  async function heldTask(size = 600 * KiB) {
    const context = setup();
    const data = pattern(size);
    context.server.closeGate();
    const task = uploadBytesResumable(context.file, new Blob([data]));
    const events = record(task);
    await context.server.waitForParked();
    return { ...context, data, task, events };
  }

  it('running → pausing → paused, aborting the request in flight', async () => {
    const { server, task } = await heldTask();
    expect(task.snapshot.state).toBe('running');
    expect(task.pause()).toBe(true);
    expect(task.snapshot.state).toBe('pausing');
    await flushUntil(() => task.snapshot.state === 'paused');
    expect(server.parkedCount).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('paused → running → success', async () => {
    const { server, task, data, events } = await heldTask();
    task.pause();
    await flushUntil(() => task.snapshot.state === 'paused');
    server.open();
    expect(task.resume()).toBe(true);
    expect(task.snapshot.state).toBe('running');
    const snapshot = await task;
    expect(snapshot.state).toBe('success');
    expect(isSame(stored(server)?.data, data)).toBe(true);
    await flushUntil(() => events.completions > 0);
    expect(events.states).toEqual(expect.arrayContaining(['pausing', 'paused', 'running']));
  });

  it('pausing → running without ever being paused', async () => {
    const { server, task, data, events } = await heldTask();
    expect(task.pause()).toBe(true);
    expect(task.resume()).toBe(true);
    expect(task.snapshot.state).toBe('running');
    server.open();
    await task;
    await flushUntil(() => events.completions > 0);
    expect(events.states).not.toContain('paused');
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });

  it('running → canceling → canceled, rejecting with canceled', async () => {
    const { server, task, events } = await heldTask();
    expect(task.cancel()).toBe(true);
    expect(task.snapshot.state).toBe('canceling');
    const error = await settled(task);
    expect(isStorageError(error, 'canceled')).toBe(true);
    expect(task.snapshot.state).toBe('canceled');
    expect(server.parkedCount).toBe(0);
    await flushUntil(() => events.errors.length > 0);
    expect(isStorageError(events.errors[0], 'canceled')).toBe(true);
    expect(task.resumeInfo).toBeNull();
  });

  it('pausing → canceling → canceled', async () => {
    const { task } = await heldTask();
    task.pause();
    expect(task.cancel()).toBe(true);
    expect(isStorageError(await settled(task), 'canceled')).toBe(true);
  });

  it('running → error on a non-retryable failure', async () => {
    const { server, file } = setup();
    server.fail({ when: (request) => request.command === 'upload', status: 403 });
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    const error = await settled(task);
    expect(isStorageError(error, 'unauthorized')).toBe(true);
    expect(task.snapshot.state).toBe('error');
  });

  it('refuses illegal transitions and keeps its state', async () => {
    const { server, task } = await heldTask();
    expect(task.resume()).toBe(false); // running
    expect(task.snapshot.state).toBe('running');

    task.pause();
    expect(task.pause()).toBe(false); // pausing
    expect(task.snapshot.state).toBe('pausing');
    await flushUntil(() => task.snapshot.state === 'paused');

    expect(task.pause()).toBe(false); // paused
    expect(task.cancel()).toBe(false); // paused: SPEC §4 allows cancel from running or pausing only
    expect(task.snapshot.state).toBe('paused');

    server.open();
    task.resume();
    await task;
    expect(task.pause()).toBe(false); // success
    expect(task.resume()).toBe(false);
    expect(task.cancel()).toBe(false);
    expect(task.snapshot.state).toBe('success');
  });

  it('refuses every transition once canceled or failed', async () => {
    const canceled = await heldTask();
    canceled.task.cancel();
    expect(canceled.task.cancel()).toBe(false); // canceling
    await settled(canceled.task);
    expect([canceled.task.pause(), canceled.task.resume(), canceled.task.cancel()]).toEqual([
      false,
      false,
      false,
    ]);

    const { server, file } = setup();
    server.forbiddenPrefix = 'users/';
    const failed = uploadBytesResumable(file, new Blob(['x']));
    await settled(failed);
    expect(failed.snapshot.state).toBe('error');
    expect([failed.pause(), failed.resume(), failed.cancel()]).toEqual([false, false, false]);
  });

  it('pauses mid-upload and continues from the bytes the server confirmed', async () => {
    const { server, task, data } = await heldTask();
    server.releaseOne(); // start
    await server.waitForParked();
    server.releaseOne(); // first chunk
    await server.waitForParked(); // second chunk, held
    expect(task.snapshot.bytesTransferred).toBe(256 * KiB);
    task.pause();
    await flushUntil(() => task.snapshot.state === 'paused');
    server.open();
    task.resume();
    await task;
    expect(server.requests.map((request) => request.command)).toEqual([
      'start',
      'upload',
      'query',
      'upload, finalize',
    ]);
    expect(server.requests[3]?.headers.get('X-Goog-Upload-Offset')).toBe(String(256 * KiB));
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });
});

describe('cancel ends the server session', () => {
  const commands = (server: MemoryStorageServer) =>
    server.requests.map((request) => request.command);

  /** A resumable task whose first chunk the server holds and whose second chunk is in flight. */
  async function midUpload() {
    const context = setup();
    context.server.closeGate();
    const task = uploadBytesResumable(context.file, new Blob([pattern(600 * KiB)]));
    await context.server.waitForParked();
    context.server.releaseOne(); // start
    await context.server.waitForParked();
    context.server.releaseOne(); // first chunk
    await context.server.waitForParked(); // second chunk, held
    expect(context.server.sessions.get('1')?.received).toBe(256 * KiB);
    return { ...context, task };
  }

  /**
   * The task settles before its cancel command is sent, and the command needs no timer: one
   * macrotask later it has reached the server if it ever will.
   */
  async function settledAndFlushed(task: UploadTask): Promise<unknown> {
    const outcome = await settled(task);
    await macrotask();
    return outcome;
  }

  /** Lets the task end; it must be canceled, with one cancel command after the first chunk. */
  async function expectSessionCanceled(server: MemoryStorageServer, task: UploadTask) {
    server.open();
    expect(isStorageError(await settledAndFlushed(task), 'canceled')).toBe(true);
    expect(task.snapshot.state).toBe('canceled');
    expect(commands(server)).toEqual(['start', 'upload', 'cancel']);
    expect(server.requests[2]?.url.pathname).toBe('/upload/1');
    expect(server.sessions.size).toBe(0);
  }

  it('deletes the object when its last chunk made it before the cancel (the server answers final)', async () => {
    const { server, file } = setup();
    server.closeGate();
    const task = uploadBytesResumable(file, new Blob([pattern(400 * KiB)]));
    await server.waitForParked();
    server.releaseOne(); // start
    await server.waitForParked();
    server.releaseOne(); // first chunk
    await server.waitForParked(); // the last chunk, with finalize, held
    server.releaseOne(); // the server stores it and makes the object…
    expect(task.cancel()).toBe(true); // …while the client stops waiting for the answer
    server.open();
    expect(isStorageError(await settledAndFlushed(task), 'canceled')).toBe(true);
    await flushUntil(() => server.requests.some((request) => request.method === 'DELETE'));
    await macrotask();
    expect(commands(server)).toEqual(['start', 'upload', 'upload, finalize', 'cancel', null]);
    expect(server.objects.size).toBe(0);
  });

  it('sends one cancel command when a running task is canceled, and the server drops the session', async () => {
    const { server, task } = await midUpload();
    expect(task.cancel()).toBe(true);
    expect(task.snapshot.state).toBe('canceling');
    await expectSessionCanceled(server, task);
  });

  it('sends one cancel command when a pausing task is canceled', async () => {
    const { server, task } = await midUpload();
    task.pause();
    expect(task.cancel()).toBe(true);
    await expectSessionCanceled(server, task);
  });

  it('sends one cancel command when a paused task is discarded (resumed, then canceled)', async () => {
    const { server, task } = await midUpload();
    task.pause();
    await flushUntil(() => task.snapshot.state === 'paused');
    // What the web app's discard does: SPEC §4 has no cancel from paused. The query that
    // resume() begins is aborted before it leaves.
    expect(task.resume()).toBe(true);
    expect(task.cancel()).toBe(true);
    await expectSessionCanceled(server, task);
  });

  it('cancels a saved session it was continuing', async () => {
    const { server, task } = await midUpload();
    const resume = task.resumeInfo ?? undefined;
    expect(resume).toBeDefined();
    task.pause();
    await flushUntil(() => task.snapshot.state === 'paused');
    const continued = uploadBytesResumable(task.ref, pattern(600 * KiB), undefined, { resume });
    await server.waitForParked(); // its query
    expect(continued.cancel()).toBe(true);
    await expectSessionCanceled(server, continued);
  });

  it('sends nothing before the session exists, nor for a multipart upload', async () => {
    const { server, file } = setup();
    // A session start (600 KiB) and a multipart upload (10 KiB), each canceled while held.
    for (const size of [600 * KiB, 10 * KiB]) {
      server.closeGate();
      const task = uploadBytesResumable(file, new Blob([pattern(size)]));
      await server.waitForParked();
      task.cancel();
      server.open();
      expect(isStorageError(await settledAndFlushed(task), 'canceled')).toBe(true);
    }
    expect(server.requests).toEqual([]);
  });

  it('cancels a session whose start answered just as the task was canceled', async () => {
    const server = new MemoryStorageServer();
    const storage = createStorage({
      baseUrl: BASE_URL,
      bucket: 'screenline',
      // The answer arrives, then the caller cancels before the task reads it.
      fetch: async (input, init) => {
        const response = await server.fetch(input, init);
        // `task` is set by then: fetch runs after the task has read its tokens.
        if (new Headers(init?.headers).get('X-Goog-Upload-Command') === 'start') task.cancel();
        return response;
      },
    });
    const task = uploadBytesResumable(
      ref(storage, 'users/u1/content/video.mp4'),
      pattern(600 * KiB),
    );
    expect(isStorageError(await settledAndFlushed(task), 'canceled')).toBe(true);
    expect(commands(server)).toEqual(['start', 'cancel']);
    expect(server.sessions.size).toBe(0);
  });

  it('ignores a cancel command that fails: no retry, no throw, the task stays canceled', async () => {
    for (const failure of [{ status: 503 }, { status: 403 }, { network: true }]) {
      const { server, task } = await midUpload();
      server.fail({ when: (request) => request.command === 'cancel', ...failure });
      const events = record(task);
      expect(task.cancel()).toBe(true);
      server.open();
      const outcome = await settledAndFlushed(task);
      expect(isStorageError(outcome, 'canceled')).toBe(true);
      expect(task.snapshot.state).toBe('canceled');
      // Once only, even for a status worth retrying: the server's expiry job is the fallback.
      expect(commands(server)).toEqual(['start', 'upload', 'cancel']);
      expect(server.sessions.size).toBe(1);
      await flushUntil(() => events.errors.length > 0);
      expect(events.errors).toHaveLength(1);
      expect(isStorageError(events.errors[0], 'canceled')).toBe(true);
      expect(events.states.at(-1)).toBe('canceled');
    }
  });

  it('ignores a token source that fails for the cancel command', async () => {
    let isBroken = false;
    const { server, file } = setup({
      getToken: () => {
        if (isBroken) throw new Error('signed out meanwhile');
        return 'token';
      },
    });
    server.closeGate();
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    await server.waitForParked();
    server.releaseOne(); // start
    await server.waitForParked(); // first chunk, held
    isBroken = true;
    task.cancel();
    server.open();
    expect(isStorageError(await settledAndFlushed(task), 'canceled')).toBe(true);
    expect(task.snapshot.state).toBe('canceled');
    expect(commands(server)).toEqual(['start']);
  });
});

describe('upload retries', () => {
  const useFakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

  it('after a 503 mid-chunk, queries the server and resumes from the size it reports', async () => {
    useFakeTimers();
    const { server, file } = setup();
    const data = pattern(600 * KiB);
    server.fail({
      when: (request) => request.command === 'upload',
      status: 503,
      keepBytes: 100_000,
    });
    const task = uploadBytesResumable(file, new Blob([data]));
    await advanceUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
    expect(server.requests.map((request) => request.command)).toEqual([
      'start',
      'upload',
      'query',
      'upload',
      'upload, finalize',
    ]);
    expect(server.requests[3]?.headers.get('X-Goog-Upload-Offset')).toBe('100000');
    // The chunk size starts over at 256 KiB after a failure.
    expect(server.requests[3]?.bodySize).toBe(256 * KiB);
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });

  it('says it is retrying from a failure until a request succeeds, and tells its observers', async () => {
    useFakeTimers();
    const { server, file } = setup();
    server.fail({ when: (request) => request.command === 'upload', status: 503 });
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    const heard: boolean[] = [];
    task.on('state_changed', () => heard.push(task.isRetrying));
    expect(task.isRetrying).toBe(false);
    await advanceUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
    expect(task.isRetrying).toBe(false);
    // Observers heard it start retrying, then stop once a request went through.
    expect(heard).toContain(true);
    expect(heard.lastIndexOf(true)).toBeLessThan(heard.length - 1);
  });

  it('retries 429 on start and 408 on query, and network failures on chunks', async () => {
    useFakeTimers();
    const { server, file } = setup();
    const data = pattern(600 * KiB);
    server.fail({ when: (request) => request.command === 'start', status: 429 });
    server.fail({ when: (request) => request.command === 'upload', network: true });
    server.fail({ when: (request) => request.command === 'query', status: 408 });
    const task = uploadBytesResumable(file, new Blob([data]));
    await advanceUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
    expect(server.requests.map((request) => request.command)).toEqual([
      'start', // 429
      'start',
      'upload', // network failure
      'query', // 408
      'query',
      'upload',
      'upload, finalize',
    ]);
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });

  it('waits 1 s, then 2 s, between attempts', async () => {
    useFakeTimers();
    const { server, file } = setup();
    server.fail({ when: () => true, status: 503 });
    server.fail({ when: () => true, status: 503 });
    const task = uploadBytesResumable(file, new Blob(['small']));
    await flushUntil(() => server.requests.length === 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flushUntil(() => server.requests.length === 2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await flushUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
  });

  it('fails with retry-limit-exceeded when the next wait would pass maxUploadRetryTime', async () => {
    useFakeTimers();
    const { server, file } = setup({ maxUploadRetryTime: 5_000 });
    for (let index = 0; index < 10; index += 1) server.fail({ when: () => true, status: 503 });
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    await advanceUntil(() => isSettled(task));
    const error = await settled(task);
    // Attempts at 0, 1 and 3 s; the next would start at 7 s.
    expect(server.requests).toHaveLength(3);
    expect(isStorageError(error, 'retry-limit-exceeded')).toBe(true);
    expect(error).toMatchObject({ status: 503 });
    expect(task.snapshot.state).toBe('error');
  });

  it('gives each successful request a fresh retry window', async () => {
    useFakeTimers();
    const { server, file } = setup({ maxUploadRetryTime: 3_500 });
    // Two failures (1 s + 2 s of waiting) before each request would exhaust one shared window.
    for (const command of ['start', 'upload', 'upload, finalize']) {
      server.fail({ when: (request) => request.command === command, status: 500 });
      server.fail({ when: (request) => request.command === command, status: 500 });
    }
    const task = uploadBytesResumable(file, new Blob([pattern(300 * KiB)]));
    await advanceUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
  });

  it('can be paused while waiting to retry', async () => {
    useFakeTimers();
    const { server, file } = setup();
    server.fail({ when: () => true, status: 503 });
    const task = uploadBytesResumable(file, new Blob(['small']));
    await flushUntil(() => server.requests.length === 1);
    await flushUntil(() => vi.getTimerCount() === 1);
    task.pause();
    await flushUntil(() => task.snapshot.state === 'paused');
    expect(vi.getTimerCount()).toBe(0);
    task.resume();
    await flushUntil(() => isSettled(task));
    expect(task.snapshot.state).toBe('success');
    expect(server.requests).toHaveLength(2);
  });

  it('reports a server refusing to finalize at the wrong size as server-file-wrong-size', async () => {
    const { server, file } = setup();
    server.fail({
      when: (request) => request.command === 'upload, finalize',
      status: 400,
      body: JSON.stringify({ error: { code: 'wrong-size', message: 'Expected 307200 bytes.' } }),
    });
    const error = await settled(uploadBytesResumable(file, new Blob([pattern(300 * KiB)])));
    expect(isStorageError(error, 'server-file-wrong-size')).toBe(true);
    expect(error).toMatchObject({ status: 400 });
    expect((error as Error).message).toContain('Expected 307200 bytes.');
  });

  it('does not retry a 403', async () => {
    const { server, file } = setup();
    server.forbiddenPrefix = 'users/';
    const task = uploadBytesResumable(file, new Blob([pattern(600 * KiB)]));
    const error = await settled(task);
    expect(isStorageError(error, 'unauthorized')).toBe(true);
    expect(error).toMatchObject({ status: 403 });
    expect((error as Error).message).toContain('Not yours.');
    expect(server.requests).toHaveLength(1);
  });
});

describe('resuming a saved session', () => {
  it('continues after a reload from the saved resume info', async () => {
    const { server, file } = setup();
    const data = pattern(900 * KiB);
    server.closeGate();
    const first = uploadBytesResumable(file, new Blob([data]));
    await server.waitForParked();
    server.releaseOne(); // start
    await server.waitForParked();
    server.releaseOne(); // first chunk
    await server.waitForParked();
    first.pause(); // the page goes away mid-upload
    await flushUntil(() => first.snapshot.state === 'paused');
    const saved = JSON.stringify(first.resumeInfo);
    server.open();

    const info = ZResumeInfo.parse(JSON.parse(saved));
    expect(info).toEqual({
      uploadUrl: `${BASE_URL}/upload/1`,
      total: data.byteLength,
      name: file.fullPath,
    });
    const second = uploadBytesResumable(file, new Blob([data]), undefined, { resume: info });
    const snapshot = await second;
    expect(snapshot.state).toBe('success');
    expect(server.requests.filter((request) => request.command === 'start')).toHaveLength(1);
    expect(server.requests.slice(2).map((request) => request.command)).toEqual([
      'query',
      'upload',
      'upload, finalize',
    ]);
    expect(server.requests[3]?.headers.get('X-Goog-Upload-Offset')).toBe(String(256 * KiB));
    expect(isSame(stored(server)?.data, data)).toBe(true);
  });

  it('finishes with a GET when the server already finalized the session', async () => {
    const { server, file } = setup();
    const data = pattern(300 * KiB);
    server.putObject(file.fullPath, data);
    server.sessions.set('7', {
      bucket: 'screenline',
      name: file.fullPath,
      total: data.byteLength,
      contentType: 'application/octet-stream',
      parts: [data],
      received: data.byteLength,
      isFinal: true,
    });
    const resume = {
      uploadUrl: `${BASE_URL}/upload/7`,
      total: data.byteLength,
      name: file.fullPath,
    };
    const snapshot = await uploadBytesResumable(file, new Blob([data]), undefined, { resume });
    expect(server.requests.map((request) => request.command ?? request.method)).toEqual([
      'query',
      'GET',
    ]);
    expect(snapshot.metadata?.size).toBe(data.byteLength);
  });

  it('fails with server-file-wrong-size when the blob size differs from the saved total', async () => {
    const { server, file } = setup();
    const resume = { uploadUrl: `${BASE_URL}/upload/1`, total: 1_000, name: file.fullPath };
    const task = uploadBytesResumable(file, new Blob([pattern(999)]), undefined, { resume });
    expect(isStorageError(await settled(task), 'server-file-wrong-size')).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('fails with server-file-wrong-size when the server finalized at another size', async () => {
    const { server, file } = setup();
    server.sessions.set('7', {
      bucket: 'screenline',
      name: file.fullPath,
      total: 300 * KiB,
      contentType: 'application/octet-stream',
      parts: [],
      received: 1_000,
      isFinal: true,
    });
    const resume = { uploadUrl: `${BASE_URL}/upload/7`, total: 300 * KiB, name: file.fullPath };
    const task = uploadBytesResumable(file, new Blob([pattern(300 * KiB)]), undefined, { resume });
    expect(isStorageError(await settled(task), 'server-file-wrong-size')).toBe(true);
  });

  it('refuses a session saved for another object', () => {
    const { file, storage } = setup();
    const resume = { uploadUrl: `${BASE_URL}/upload/1`, total: 1, name: file.fullPath };
    expect(() =>
      uploadBytesResumable(ref(storage, 'other.mp4'), new Blob(['x']), undefined, { resume }),
    ).toThrow(/invalid-argument/);
  });
});
