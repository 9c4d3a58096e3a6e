import { expect } from 'vitest';
import { ZContentItem } from '@screenline/shared/content';
import type { TTestApp } from '../harness';
import { insertAdSpace } from '../screen-rows';
import { type TStorageUser, uploadMultipart } from '../storage-helpers';
import type { TFixture } from './matrix-types';

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

/** The fixture's user on the `target` side: the owner, or the other owner. */
export const userOf = (f: TFixture, target: 'own' | 'foreign') =>
  target === 'own' ? f.owner : f.other;

/** An ad space of `target`'s (a row: the cases are about what names it). */
export const adSpaceOf = (f: TFixture, target: 'own' | 'foreign') =>
  insertAdSpace(f.t, userOf(f, target).userId);
