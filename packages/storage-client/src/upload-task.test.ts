// The upload task: chunk sizes, multipart or resumable, progress and observers. Its states,
// cancel, retries and resuming are in the sibling upload-task-*.test.ts files.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ref } from './reference';
import { createStorage } from './storage';
import { ZUploadResource } from '@screenline/shared/storage';
import { BASE_URL } from './test/memory-server';
import { flushUntil } from './test/timing';
import {
  CHUNK_SIZE_LIMIT,
  INITIAL_CHUNK_SIZE,
  RESUMABLE_UPLOAD_THRESHOLD,
  nextChunkSize,
  uploadBytesResumable,
} from './upload-task';
import { KiB, MiB, setup, pattern, isSame, stored, record } from './test/upload-task-setup';

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
