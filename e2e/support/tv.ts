import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from './app';

/* Seeding for the TV playback journeys: an owner's library (a real PNG and a real WebM clip,
   uploaded through the storage service as the web app does), a playlist, a location, an ad
   space, and a TV registered for it; then the TV page opened with that device, as it is after
   setup (the pairing and setup journeys cover the way there). */

const ORIGIN = { origin: BASE_URL };
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const BUCKET = 'screenline';

export const SAMPLE_IMAGE = {
  file: 'sample-image.png',
  type: 'image/png',
  width: 640,
  height: 360,
};
export const SAMPLE_CLIP = {
  file: 'sample-clip.webm',
  type: 'video/webm',
  width: 320,
  height: 240,
  durationMs: 2000,
};

export interface TLibraryItem {
  id: string;
  name: string;
  objectPath: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Uploads a fixture (or the given bytes) and adds it to the library of the signed-in owner. */
export async function addToLibrary(
  request: APIRequestContext,
  name: string,
  sample: typeof SAMPLE_IMAGE | typeof SAMPLE_CLIP,
  bytes: Buffer = fs.readFileSync(path.join(FIXTURES, sample.file)),
): Promise<TLibraryItem> {
  const me = await ok<{ uid: string }>(await request.get('/api/v1/me'));
  const { token } = await ok<{ token: string }>(await request.get('/api/auth/token'));
  const extension = sample.file.split('.').pop() ?? 'bin';
  const objectPath = `users/${me.uid}/content/${crypto.randomUUID()}.${extension}`;
  const boundary = `screenline-${crypto.randomBytes(8).toString('hex')}`;
  const resource = {
    name: objectPath,
    fullPath: objectPath,
    size: bytes.length,
    contentType: sample.type,
  };
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(resource)}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: ${sample.type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  await ok(
    await request.post(`/v0/b/${BUCKET}/o?name=${encodeURIComponent(objectPath)}`, {
      headers: {
        authorization: `Firebase ${token}`,
        'x-goog-upload-protocol': 'multipart',
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      data: body,
    }),
  );
  const isVideo = sample.type.startsWith('video/');
  const item = await ok<{ id: string }>(
    await request.post('/api/v1/content', {
      headers: ORIGIN,
      data: {
        name,
        objectPath,
        kind: isVideo ? 'video' : 'image',
        width: sample.width,
        height: sample.height,
        durationMs: 'durationMs' in sample ? sample.durationMs : null,
      },
    }),
  );
  return { id: item.id, name, objectPath };
}

export type TPlaylistEntry =
  | { content: TLibraryItem; kind: 'image'; durationSeconds: number }
  | { content: TLibraryItem; kind: 'video' }
  | { adSlotSeconds: number };

export async function createPlaylist(
  request: APIRequestContext,
  name: string,
  entries: TPlaylistEntry[],
): Promise<string> {
  const items = entries.map((entry, index) =>
    'adSlotSeconds' in entry
      ? { id: `slot-${index}`, type: 'adSlot', lengthSeconds: entry.adSlotSeconds }
      : entry.kind === 'image'
        ? {
            id: `item-${index}`,
            type: 'content',
            contentId: entry.content.id,
            kind: 'image',
            durationSeconds: entry.durationSeconds,
          }
        : { id: `item-${index}`, type: 'content', contentId: entry.content.id, kind: 'video' },
  );
  const playlist = await ok<{ id: string }>(
    await request.post('/api/v1/playlists', { headers: ORIGIN, data: { name, items } }),
  );
  return playlist.id;
}

export interface TScreen {
  adSpaceId: string;
  locationId: string;
  adSpace: { id: string; name: string; orientation: 'landscape' | 'portrait'; location: unknown };
}

/** A location in `timeZone` and an ad space playing `defaultPlaylistId`. */
export async function createScreen(
  request: APIRequestContext,
  {
    name = 'Lobby screen',
    timeZone = 'Europe/London',
    defaultPlaylistId = null,
    orientation = 'landscape',
  }: {
    name?: string;
    timeZone?: string;
    defaultPlaylistId?: string | null;
    orientation?: 'landscape' | 'portrait';
  } = {},
): Promise<TScreen> {
  const location = await ok<{
    id: string;
    name: string;
    timeZone: string;
    address: { city: string };
  }>(
    await request.post('/api/v1/locations', {
      headers: ORIGIN,
      data: {
        name: 'Riverside Mall',
        address: { line: '1 Quay', city: 'London', country: 'GB' },
        timeZone,
        venueType: 'retail',
      },
    }),
  );
  const portrait = orientation === 'portrait';
  const space = await ok<{ id: string; name: string }>(
    await request.post('/api/v1/ad-spaces', {
      headers: ORIGIN,
      data: {
        name,
        locationId: location.id,
        orientation,
        resolutionWidth: portrait ? 1080 : 1920,
        resolutionHeight: portrait ? 1920 : 1080,
        defaultPlaylistId,
      },
    }),
  );
  return {
    adSpaceId: space.id,
    locationId: location.id,
    adSpace: {
      id: space.id,
      name: space.name,
      orientation,
      location: {
        id: location.id,
        name: location.name,
        city: location.address.city,
        timeZone: location.timeZone,
      },
    },
  };
}

export interface TTvDevice {
  deviceId: string;
  token: string;
}

/** Registers a TV for the ad space as setup does (the owner's session) and answers its token. */
export async function registerTv(request: APIRequestContext, screen: TScreen): Promise<TTvDevice> {
  const registration = await ok<{ deviceId: string; token: string }>(
    await request.post('/api/v1/player/devices', {
      headers: ORIGIN,
      data: {
        deviceKey: crypto.randomBytes(24).toString('hex'),
        adSpaceId: screen.adSpaceId,
        userAgent: 'e2e',
        appVersion: 'e2e',
      },
    }),
  );
  return registration;
}

/** Opens /tv/ on a TV that was set up for `screen` (its saved device, as setup leaves it). */
export async function openSetUpTv(tv: Page, screen: TScreen, device: TTvDevice): Promise<void> {
  const saved = JSON.stringify({
    deviceId: device.deviceId,
    token: device.token,
    adSpace: screen.adSpace,
  });
  await tv.addInitScript((value) => {
    if (!window.localStorage.getItem('screenline.tv.device')) {
      window.localStorage.setItem('screenline.tv.device', value);
    }
  }, saved);
  await tv.goto('/tv/');
}
