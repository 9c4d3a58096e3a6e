import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { ZContentItem, type TContentItem } from '@screenline/shared/content';
import { ZApiError } from '@screenline/shared/errors';
import { adSpace, location } from '../src/db/schema/index';
import type { TTestApp } from './harness';
import {
  mediaBytes,
  signUpForStorage,
  type TStorageUser,
  uploadMultipart,
} from './storage-helpers';

// Fixtures for the screen-owner tests. Locations and ad spaces are inserted as rows: their API
// is built elsewhere, and these tests are about what refers to them.

/** A user with the advertiser role (screen owners hold it) and a storage token. */
export async function signUpScreenOwner(t: TTestApp): Promise<TStorageUser> {
  const user = await signUpForStorage(t);
  const res = await t.request({
    method: 'PATCH',
    url: '/api/v1/me',
    cookie: user.cookie,
    payload: { role: 'advertiser' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** A location and one ad space at it, owned by `ownerId`; returns the space's id. */
export async function insertAdSpace(
  t: TTestApp,
  ownerId: string,
  options: { name?: string; defaultPlaylistId?: string | null; timeZone?: string } = {},
): Promise<string> {
  const db = t.app.deps.db;
  const [place] = await db
    .insert(location)
    .values({
      ownerId,
      name: 'Main street',
      addressLine: '1 Main street',
      city: 'Springfield',
      country: 'US',
      timeZone: options.timeZone ?? 'America/New_York',
      venueType: 'retail',
    })
    .returning({ id: location.id });
  const [space] = await db
    .insert(adSpace)
    .values({
      ownerId,
      locationId: place!.id,
      name: options.name ?? 'Window screen',
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      defaultPlaylistId: options.defaultPlaylistId ?? null,
    })
    .returning({ id: adSpace.id });
  return space!.id;
}

/** The ad space's content version, read from the database. */
export async function contentVersionOf(t: TTestApp, adSpaceId: string): Promise<number> {
  const [row] = await t.app.deps.db
    .select({ version: adSpace.contentVersion })
    .from(adSpace)
    .where(eq(adSpace.id, adSpaceId));
  return row!.version;
}

/** Makes the playlist the ad space's default, as the ad-spaces API would. */
export async function setDefaultPlaylist(
  t: TTestApp,
  adSpaceId: string,
  playlistId: string | null,
) {
  await t.app.deps.db
    .update(adSpace)
    .set({ defaultPlaylistId: playlistId })
    .where(eq(adSpace.id, adSpaceId));
}

let uploads = 0;

/** A library item of `user`, uploaded and added through the API like a client would. */
export async function addContent(
  t: TTestApp,
  user: TStorageUser,
  kind: 'image' | 'video',
  name: string,
  durationMs = 15_000,
): Promise<TContentItem> {
  uploads += 1;
  const type = kind === 'image' ? 'image/png' : 'video/mp4';
  const objectPath = `users/${user.userId}/content/screens-${uploads}.${type.split('/')[1]}`;
  const upload = await uploadMultipart(t, user, objectPath, mediaBytes(type, 600, uploads), type);
  expect(upload.statusCode, upload.body).toBe(200);
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/content',
    cookie: user.cookie,
    payload: {
      name,
      objectPath,
      kind,
      width: 1920,
      height: 1080,
      ...(kind === 'video' ? { durationMs } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZContentItem.parse(res.json());
}

const ZFieldErrors = z.object({
  fields: z.array(z.object({ path: z.string(), message: z.string().min(1) })),
});

/** The field messages of a 400 answer (`details.fields`); fails the parse when there are none. */
export function fieldErrorsOf(body: unknown): { path: string; message: string }[] {
  return ZFieldErrors.parse(ZApiError.parse(body).error.details).fields;
}
