// Resuming an upload from a saved session (resumeInfo) after a reload.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { ref } from './reference';
import { BASE_URL } from './test/memory-server';
import { flushUntil } from './test/timing';
import { ZResumeInfo, uploadBytesResumable } from './upload-task';
import { KiB, setup, pattern, isSame, stored, settled } from './test/upload-task-setup';

afterEach(() => {
  vi.useRealTimers();
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
