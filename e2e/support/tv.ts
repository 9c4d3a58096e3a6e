import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TPlaylistItem } from '@screenline/shared/playlist';
import { apiOf, JAR } from './api';
import { BASE_URL } from './app';

/* Seeding for the TV playback journeys, through the shared API client (e2e/support/api.ts): an
   owner's library (a real PNG and a real WebM clip, uploaded through the storage service as the
   web app does), a playlist, a location, an ad space, and a TV registered for it; then the TV
   page opened with that device, as it is after setup (the pairing and setup journeys cover the
   way there). */

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

/** Uploads a fixture (or the given bytes) and adds it to the library of the signed-in owner. */
export async function addToLibrary(
  request: APIRequestContext,
  name: string,
  sample: typeof SAMPLE_IMAGE | typeof SAMPLE_CLIP,
  bytes: Buffer = fs.readFileSync(path.join(FIXTURES, sample.file)),
): Promise<TLibraryItem> {
  const api = apiOf(request, BASE_URL);
  const me = await api.getMe(JAR);
  const extension = sample.file.split('.').pop() ?? 'bin';
  const objectPath = `users/${me.uid}/content/${crypto.randomUUID()}.${extension}`;
  await api.uploadObject({
    authorization: await api.storageAuthorization(JAR),
    bucket: BUCKET,
    objectPath,
    bytes: new Uint8Array(bytes),
    contentType: sample.type,
  });
  const isVideo = sample.type.startsWith('video/');
  const item = await api.createContent(JAR, {
    name,
    objectPath,
    kind: isVideo ? 'video' : 'image',
    width: sample.width,
    height: sample.height,
    durationMs: 'durationMs' in sample ? sample.durationMs : null,
  });
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
  const items = entries.map((entry, index): TPlaylistItem =>
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
  const playlist = await apiOf(request, BASE_URL).createPlaylist(JAR, { name, items });
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
  const api = apiOf(request, BASE_URL);
  const location = await api.createLocation(JAR, {
    name: 'Riverside Mall',
    address: { line: '1 Quay', city: 'London', country: 'GB' },
    timeZone,
    venueType: 'retail',
  });
  const portrait = orientation === 'portrait';
  const space = await api.createAdSpace(JAR, {
    name,
    locationId: location.id,
    orientation,
    resolutionWidth: portrait ? 1080 : 1920,
    resolutionHeight: portrait ? 1920 : 1080,
    defaultPlaylistId,
  });
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
  const { deviceId, token } = await apiOf(request, BASE_URL).registerDevice(JAR, {
    deviceKey: crypto.randomBytes(24).toString('hex'),
    adSpaceId: screen.adSpaceId,
    userAgent: 'e2e',
    appVersion: 'e2e',
  });
  return { deviceId, token };
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
