import { describe, expect, it, vi } from 'vitest';
import { createStorage } from '@screenline/storage-client';
import type { TContentItem } from '@screenline/shared/content';
import { jsonResponse, makeContentItem } from '@/test/fixtures';
import {
  loadSavedUploads,
  saveUpload,
  fingerprintOf,
} from '@/features/content/stores/saved-uploads';
import { UploadFailedError } from '@/features/content/stores/upload-entry';
import { UploadStore } from '@/features/content/stores/upload-store';

const ITEM: TContentItem = makeContentItem({
  id: '7d2b1c3e-1111-4111-8111-111111111111',
  name: 'Banner',
  objectPath: 'users/u1/content/x-banner.png',
  sizeBytes: 4,
  mediaUrl: '/v0/b/screenline/o/x?alt=media&token=t',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A storage service that stores small (multipart) uploads, or answers every call with `status`. */
function fakeStorage(status = 200) {
  const requests: { url: string; headers: Headers }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push({ url, headers: new Headers(init?.headers) });
    if (status !== 200) {
      return Promise.resolve(
        jsonResponse(
          { error: { code: 'quota-exceeded', message: 'Your storage is full.' } },
          status,
        ),
      );
    }
    const name = new URL(url).searchParams.get('name') ?? '';
    return Promise.resolve(
      jsonResponse({
        bucket: 'screenline',
        name,
        fullPath: name,
        generation: '1',
        metageneration: '1',
        size: '4',
        timeCreated: '2026-01-01T00:00:00.000Z',
        updated: '2026-01-01T00:00:00.000Z',
        md5Hash: 'md5',
        contentType: 'image/png',
        downloadTokens: 'token',
      }),
    );
  });
  const storage = createStorage({
    baseUrl: 'http://app.test',
    bucket: 'screenline',
    getToken: () => 'jwt',
    fetch,
  });
  return { storage, requests };
}

/** The content API: POST /api/v1/content answers with ITEM and records the body. */
function stubContentApi(): { bodies: unknown[] } {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_path: string, init?: RequestInit) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
      return Promise.resolve(jsonResponse(ITEM, 201));
    }),
  );
  return { bodies };
}

const png = () => new File([new Uint8Array([1, 2, 3, 4])], 'Banner.png', { type: 'image/png' });

describe('UploadStore', () => {
  it('uploads a file, adds it to the library and tells the page', async () => {
    const { bodies } = stubContentApi();
    const { storage, requests } = fakeStorage();
    const onAdded = vi.fn();
    const store = new UploadStore();

    const item = await store.add(
      png(),
      { storage, uid: 'u1', onAdded },
      {
        info: { kind: 'image', width: 1920, height: 1080 },
      },
    );

    expect(item).toEqual(ITEM);
    expect(onAdded).toHaveBeenCalledWith(ITEM);
    const [upload] = requests;
    const objectName = new URL(upload!.url).searchParams.get('name');
    expect(objectName).toMatch(/^users\/u1\/content\/[0-9a-f-]{36}-Banner\.png$/);
    expect(upload!.headers.get('authorization')).toBe('Firebase jwt');
    expect(bodies).toEqual([
      {
        name: 'Banner',
        objectPath: objectName,
        kind: 'image',
        width: 1920,
        height: 1080,
        durationMs: null,
        posterPath: null,
      },
    ]);
    expect(store.getSnapshot()).toMatchObject([
      { fileName: 'Banner.png', phase: 'done', item: ITEM, bytesTransferred: 4, totalBytes: 4 },
    ]);
  });

  it('refuses an unsupported file before sending anything', async () => {
    const { storage, requests } = fakeStorage();
    const store = new UploadStore();
    const pdf = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });

    await expect(store.add(pdf, { storage, uid: 'u1', onAdded: vi.fn() })).rejects.toBeInstanceOf(
      UploadFailedError,
    );

    expect(requests).toEqual([]);
    const [refused] = store.getSnapshot();
    expect(refused?.phase).toBe('refused');
    expect(refused?.message).toMatch(/not a supported image or video/);
  });

  it('shows a storage failure as a sentence and offers Retry', async () => {
    stubContentApi();
    const { storage } = fakeStorage(402);
    const store = new UploadStore();

    await expect(
      store.add(
        png(),
        { storage, uid: 'u1', onAdded: vi.fn() },
        {
          info: { kind: 'image', width: 10, height: 10 },
        },
      ),
    ).rejects.toThrow('Your storage is full.');

    expect(store.getSnapshot()).toMatchObject([
      { phase: 'failed', message: 'Your storage is full.', canRetry: true, taskState: 'error' },
    ]);
  });

  it('does not offer Retry for a file that cannot be read as an image, and sends nothing', async () => {
    stubContentApi();
    const { storage, requests } = fakeStorage();
    const store = new UploadStore();
    // Four bytes labelled PNG: the browser cannot decode them.
    await expect(store.add(png(), { storage, uid: 'u1', onAdded: vi.fn() })).rejects.toThrow(
      /could not be read as an image/,
    );
    expect(requests).toEqual([]);
    expect(store.getSnapshot()).toMatchObject([{ phase: 'failed', canRetry: false }]);
  });

  it('lists unfinished uploads from before a reload until the same file is picked; dismissing one cancels its session', async () => {
    const file = new File([new Uint8Array(300_000)], 'clip.mp4', {
      type: 'video/mp4',
      lastModified: 1_700_000_000_000,
    });
    saveUpload({
      id: 'up-1',
      uid: 'u1',
      fingerprint: fingerprintOf(file),
      fileName: 'clip.mp4',
      size: file.size,
      kind: 'video',
      name: 'clip',
      objectPath: 'users/u1/content/up-1-clip.mp4',
      resume: {
        uploadUrl: 'http://app.test/upload/1',
        total: file.size,
        name: 'users/u1/content/up-1-clip.mp4',
      },
      savedAt: Date.now(),
    });
    const { storage, requests } = fakeStorage();
    const store = new UploadStore();
    store.restoreSaved('u1', storage);
    store.restoreSaved('u2', storage);

    expect(store.getSnapshot()).toMatchObject([
      { id: 'up-1', phase: 'waiting-for-file', fileName: 'clip.mp4', taskState: 'paused' },
    ]);

    const other = new File([new Uint8Array(10)], 'other.mp4', { type: 'video/mp4' });
    store.resumeWithFile('up-1', other, { storage, uid: 'u1', onAdded: vi.fn() });
    const [waiting] = store.getSnapshot();
    expect(waiting?.phase).toBe('waiting-for-file');
    expect(waiting?.message).toMatch(/not the file this upload started with/);

    store.dismiss('up-1');
    expect(store.getSnapshot()).toEqual([]);
    expect(loadSavedUploads('u1')).toEqual([]);
    // The server is told to drop the bytes it holds, not left to expire them.
    await vi.waitFor(() =>
      expect(
        requests.filter(
          (request) =>
            request.url === 'http://app.test/upload/1' &&
            request.headers.get('X-Goog-Upload-Command') === 'cancel',
        ),
      ).toHaveLength(1),
    );
  });
});
