// Canceling an upload ends its session on the server (and the object a last chunk made).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { ref } from './reference';
import { createStorage } from './storage';
import { BASE_URL, MemoryStorageServer } from './test/memory-server';
import { flushUntil, macrotask } from './test/timing';
import { type UploadTask, uploadBytesResumable } from './upload-task';
import { KiB, setup, pattern, record, settled } from './test/upload-task-setup';

afterEach(() => {
  vi.useRealTimers();
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
