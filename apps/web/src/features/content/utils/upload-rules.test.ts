import { describe, expect, it } from 'vitest';
import { StorageError, type TaskState } from '@screenline/storage-client';
import { ApiError } from '@/lib/api-client';
import {
  MediaReadError,
  mediaTypeOf,
  refusalFor,
  uploadActionsFor,
  uploadErrorMessage,
} from '@/features/content/utils/upload-rules';

describe('uploadActionsFor (SPEC §4)', () => {
  it.each<[TaskState | null, boolean, boolean, boolean]>([
    // state, pause, resume, cancel
    ['running', true, false, true],
    ['pausing', false, true, true],
    ['paused', false, true, false],
    ['canceling', false, false, false],
    ['canceled', false, false, false],
    ['success', false, false, false],
    ['error', false, false, false],
    [null, false, false, false],
  ])('%s: pause %s, resume %s, cancel %s', (state, canPause, canResume, canCancel) => {
    expect(uploadActionsFor(state)).toEqual({ canPause, canResume, canCancel });
  });
});

describe('mediaTypeOf', () => {
  it('trusts the browser, and the extension when the browser has nothing', () => {
    expect(mediaTypeOf({ name: 'a.bin', type: 'image/png' })).toBe('image/png');
    expect(mediaTypeOf({ name: 'clip.WEBM', type: '' })).toBe('video/webm');
    expect(mediaTypeOf({ name: 'photo.jpg', type: 'image/jpg' })).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'notes', type: '' })).toBe('');
  });
});

describe('refusalFor', () => {
  const file = (name: string, type: string, size = 10) => ({ name, type, size });

  it('accepts the library types', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.gif', 'image/gif'],
      ['a.mp4', 'video/mp4'],
      ['a.webm', 'video/webm'],
    ] as const) {
      expect(refusalFor(file(name, type))).toBeNull();
    }
  });

  it('refuses other types with a sentence naming the file and what is accepted', () => {
    expect(refusalFor(file('report.pdf', 'application/pdf'))).toBe(
      '“report.pdf” is not a supported image or video. Use JPEG, PNG, WebP or GIF images, or MP4 or WebM videos.',
    );
    expect(refusalFor(file('clip.mov', 'video/quicktime'))).toMatch(/not a supported/);
    expect(refusalFor(file('vector.svg', 'image/svg+xml'))).toMatch(/not a supported/);
  });

  it('refuses empty and too large files', () => {
    expect(refusalFor(file('a.png', 'image/png', 0))).toBe('“a.png” is empty.');
    expect(refusalFor(file('big.mp4', 'video/mp4', 3 * 1024 ** 3))).toBe(
      '“big.mp4” is 3 GB; files can be at most 2 GB.',
    );
  });
});

describe('uploadErrorMessage', () => {
  const body = (code: string, message: string) => JSON.stringify({ error: { code, message } });

  it('uses the server’s sentence for a full quota, or its own', () => {
    expect(
      uploadErrorMessage(
        new StorageError('quota-exceeded', 'x', {
          status: 402,
          serverResponse: body('quota-exceeded', 'Your storage is full: 1 MiB left of 10 GiB.'),
        }),
      ),
    ).toBe('Your storage is full: 1 MiB left of 10 GiB.');
    expect(uploadErrorMessage(new StorageError('quota-exceeded', 'x', { status: 402 }))).toMatch(
      /^Your storage is full\./,
    );
  });

  it.each([
    ['unauthenticated', 401, /session has ended/],
    ['unauthorized', 403, /not allowed to store files here/],
    ['retry-limit-exceeded', 0, /connection kept failing/],
    ['canceled', 0, /^Upload canceled\.$/],
    ['object-not-found', 404, /session has expired/],
    ['server-file-wrong-size', 400, /different amount of data/],
  ] as const)('%s → a sentence', (code, status, expected) => {
    expect(uploadErrorMessage(new StorageError(code, 'raw', { status }))).toMatch(expected);
  });

  it('explains too large and unsupported types from the status', () => {
    expect(uploadErrorMessage(new StorageError('unknown', 'x', { status: 413 }))).toBe(
      'This file is too large; files can be at most 2 GB.',
    );
    expect(uploadErrorMessage(new StorageError('unknown', 'x', { status: 415 }))).toMatch(
      /^This type of file cannot be uploaded\./,
    );
    expect(
      uploadErrorMessage(
        new StorageError('unknown', 'x', {
          status: 415,
          serverResponse: body(
            'unsupported-media-type',
            'Files of type text/html cannot be stored.',
          ),
        }),
      ),
    ).toBe('Files of type text/html cannot be stored.');
    expect(uploadErrorMessage(new StorageError('unknown', 'x', { status: 503 }))).toMatch(
      /had a problem/,
    );
  });

  it('passes API and media-reading messages through', () => {
    expect(uploadErrorMessage(new ApiError(409, 'conflict', 'Already in your library.'))).toBe(
      'Already in your library.',
    );
    expect(uploadErrorMessage(new MediaReadError('Cannot play it.'))).toBe('Cannot play it.');
    expect(uploadErrorMessage(new Error('boom'))).toBe('The upload failed. Try again.');
  });
});
