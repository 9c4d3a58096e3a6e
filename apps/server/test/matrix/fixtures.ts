import { expect } from 'vitest';
import { ZContentItem } from '@screenline/shared/content';
import type { TTestApp } from '../harness';
import { type TStorageUser, uploadMultipart } from '../storage-helpers';

/** Resources the matrix's cases make through the API, like a client would. */

/** A 1×1 PNG: real image bytes, whatever checks the storage service makes on uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let uploads = 0;
/** A content item of `user`, made through the API like a client would. */
export async function contentItemOf(t: TTestApp, user: TStorageUser): Promise<string> {
  const objectPath = await uploadedImageOf(t, user);
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/content',
    cookie: user.cookie,
    payload: { name: 'Matrix', objectPath, kind: 'image', width: 1, height: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZContentItem.parse(res.json()).id;
}

export async function uploadedImageOf(t: TTestApp, user: TStorageUser): Promise<string> {
  uploads += 1;
  const objectPath = `users/${user.userId}/content/matrix-${uploads}.png`;
  const res = await uploadMultipart(t, user, objectPath, PNG, 'image/png');
  expect(res.statusCode, res.body).toBe(200);
  return objectPath;
}
