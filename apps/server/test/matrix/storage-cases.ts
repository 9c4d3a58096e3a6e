import { expect } from 'vitest';
import {
  mediaBytes,
  multipartBody,
  objectUrl,
  sessionPath,
  startResumable,
  uploadUrl,
} from '../storage-helpers';
import { uploadedImageOf, userOf } from './fixtures';
import type { TCase, TFixture, TTarget } from './matrix-types';

/**
 * The storage service (`/v0/b/{bucket}/o…`, SPEC §7): the caller is always the owner with their
 * storage JWT; `target` says whose `users/{uid}/…` object the request names. Another user's
 * object answers 403 (the Firebase protocol's answer), no JWT 401, the session cookie alone 401
 * (the service takes no cookies). A download token in the URL is a capability link, checked in
 * storage.test.ts; here the bytes are asked for with the JWT only.
 */

const asOwner = (f: TFixture) => ({ authorization: f.owner.authorization });

/** An uploaded object of `target`'s (a PNG under their prefix). */
const objectOf = (f: TFixture, target: TTarget) => uploadedImageOf(f.t, userOf(f, target));

let names = 0;
/** A fresh object name under `target`'s prefix, for uploads. */
function freshName(f: TFixture, target: TTarget, extension: string): string {
  names += 1;
  return `users/${userOf(f, target).userId}/matrix-upload-${names}.${extension}`;
}

/** A resumable upload session `target` started: its session URL. */
async function sessionOf(f: TFixture, target: TTarget): Promise<string> {
  const start = await startResumable(f.t, userOf(f, target), freshName(f, target, 'mp4'), 24);
  expect(start.statusCode, start.body).toBe(200);
  return sessionPath(start);
}

const storage = (ok: number, request: TCase['request']): TCase => ({
  audience: 'storage-user',
  ok,
  hasIds: true,
  foreignStatus: 403,
  request,
});

export const STORAGE_CASES: Record<string, TCase> = {
  'GET /v0/b/:bucket/o/* (metadata)': storage(200, async (f, target) => ({
    method: 'GET',
    url: objectUrl(await objectOf(f, target)),
    headers: asOwner(f),
  })),
  'GET /v0/b/:bucket/o/* (download)': storage(200, async (f, target) => ({
    method: 'GET',
    url: `${objectUrl(await objectOf(f, target))}?alt=media`,
    headers: asOwner(f),
  })),
  'PATCH /v0/b/:bucket/o/*': storage(200, async (f, target) => ({
    method: 'PATCH',
    url: objectUrl(await objectOf(f, target)),
    headers: asOwner(f),
    payload: { contentLanguage: 'en' },
  })),
  'DELETE /v0/b/:bucket/o/*': storage(204, async (f, target) => ({
    method: 'DELETE',
    url: objectUrl(await objectOf(f, target)),
    headers: asOwner(f),
  })),
  'POST /v0/b/:bucket/o (multipart upload)': storage(200, async (f, target) => {
    const name = freshName(f, target, 'png');
    const data = mediaBytes('image/png', 64);
    const { payload, headers } = multipartBody(
      { name, fullPath: name, size: data.length, contentType: 'image/png' },
      data,
      'image/png',
    );
    return {
      method: 'POST',
      url: uploadUrl(name),
      headers: { ...headers, ...asOwner(f) },
      payload,
    };
  }),
  'POST /v0/b/:bucket/o (resumable start)': storage(200, async (f, target) => {
    const name = freshName(f, target, 'mp4');
    return {
      method: 'POST',
      url: uploadUrl(name),
      headers: {
        ...asOwner(f),
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': '24',
        'x-goog-upload-header-content-type': 'video/mp4',
        'content-type': 'application/json; charset=utf-8',
      },
      payload: JSON.stringify({ name, fullPath: name, size: 24, contentType: 'video/mp4' }),
    };
  }),
  // The session URL is the resource: another user's session is refused, whatever the command.
  'POST /v0/b/:bucket/o (resumable continue)': storage(200, async (f, target) => ({
    method: 'POST',
    url: await sessionOf(f, target),
    headers: { ...asOwner(f), 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' },
    payload: mediaBytes('video/mp4', 24),
  })),
  // Listing the bucket is offered to no one (SPEC §7): every caller gets the same 400, no names.
  'GET /v0/b/:bucket/o': {
    audience: 'anyone',
    ok: 400,
    request: async () => ({ method: 'GET', url: '/v0/b/screenline/o' }),
  },
};
