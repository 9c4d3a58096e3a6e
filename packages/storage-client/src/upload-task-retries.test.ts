// The upload task's retries: what is retried, the backoff, the budget, and where it resumes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { advanceUntil, flushUntil } from './test/timing';
import { uploadBytesResumable } from './upload-task';
import { KiB, setup, pattern, isSame, stored, settled, isSettled } from './test/upload-task-setup';

afterEach(() => {
  vi.useRealTimers();
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
