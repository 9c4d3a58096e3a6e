// The upload task's state transitions: pause, resume and cancel, legal and not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { flushUntil } from './test/timing';
import { uploadBytesResumable } from './upload-task';
import { KiB, setup, pattern, isSame, stored, record, settled } from './test/upload-task-setup';

afterEach(() => {
  vi.useRealTimers();
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
