// The product's HTTP API as the journeys call it from Node (the phone's and the web app's side):
// sign-ups, two-factor, pairing, locations and ad spaces, uploads, playlists, TVs, plays. Every
// call goes through the shared typed client (packages/shared/src/api-client.ts) over fetch.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { createApiClient, fetchTransport, type TApiSession } from '@screenline/shared/api-client';
import type { TLocation } from '@screenline/shared/location';
import { EXPECTED } from './expected';
import { baseUrl, root } from './harness';

/** The product's API, typed: every answer parsed with its route's shared schema. */
export const api = createApiClient(fetchTransport(baseUrl));

/** A signed-in person: the session cookie (the client adds the Origin Better Auth checks). */
export type TSession = TApiSession;

const PASSWORD = 'correct-horse-battery';

/** A screen owner signs up on the web (here, over HTTP): their session. */
export async function signUpOwner(prefix: string): Promise<{ email: string; owner: TSession }> {
  const { email, session } = await signUp(`${prefix}-${Date.now()}@example.com`, 'advertiser');
  return { email, owner: session };
}

/** Someone signs up with `email` and picks `role` (advertiser: screen owner; publisher: ad buyer). */
export async function signUp(
  email: string,
  role: 'advertiser' | 'publisher',
): Promise<{ email: string; session: TSession }> {
  const { session } = await api.signUpAndIn({ email, password: PASSWORD, name: 'TV check' });
  await api.updateMe(session, { role });
  return { email, session };
}

/**
 * Turns two-factor sign-in on, as a super-user must before acting as one (issue 18 item 4): the
 * password, then a first code from the secret in the otpauth:// URI. Answers the new session.
 */
export async function withTwoFactor(session: TSession): Promise<TSession> {
  const enabled = await api.enableTwoFactor(session, PASSWORD);
  const encoded = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  const secret = new TextDecoder().decode(base32.decode(encoded));
  return api.verifyTotp(session, await createOTP(secret).hotp(Math.floor(Date.now() / 30_000)));
}

/** A phone's side of pairing, from Node: sign up as a screen owner, claim the code, approve it. */
export async function approveFromPhone(
  userCode: string,
): Promise<{ email: string; owner: TSession }> {
  const { email, owner } = await signUpOwner('tv69');
  await api.approveDevice(owner, userCode);
  return { email, owner };
}

/** The owner adds a location and the expected ad spaces on the web (here, over HTTP). */
export async function addAdSpaces(owner: TSession): Promise<void> {
  const place = await api.createLocation(owner, {
    name: 'Harbour',
    address: { line: '1 Quay', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  for (const name of [...EXPECTED.setup.spaces].reverse()) {
    await api.createAdSpace(owner, {
      name,
      locationId: place.id,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
    });
  }
}

/** A file to upload to a library: what it is and its bytes. */
export interface TSample {
  kind: 'image' | 'video';
  file: string;
  type: string;
  width: number;
  height: number;
  durationMs: number | null;
  bytes: Buffer;
}

/** A library item: its id and its media cache key. */
export interface TLibraryItem {
  id: string;
  key: string;
}

/** A TV registered for an ad space: the device as the TV's setup saves it. */
export interface TTvSetup {
  deviceId: string;
  token: string;
  adSpace: {
    id: string;
    name: string;
    orientation: 'landscape' | 'portrait';
    location: { id: string; name: string; city: string; timeZone: string };
  };
}

export const FIXTURES = path.join(root, 'e2e/fixtures');

/** The e2e fixtures (e2e/support/tv.ts): a real PNG and a real 2-second WebM clip. */
export const SAMPLES: Record<'image' | 'video', Omit<TSample, 'kind' | 'bytes'>> = {
  image: { file: 'sample-image.png', type: 'image/png', width: 640, height: 360, durationMs: null },
  video: {
    file: 'sample-clip.webm',
    type: 'video/webm',
    width: 320,
    height: 240,
    durationMs: 2000,
  },
};

/** The media cache's key of a file: its MD5 as base64url without padding (`/tv/media/<key>`). */
export const mediaKey = (md5: string): string =>
  md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Adds a fixture (SAMPLES[kind]) to the owner's library. */
export async function addToLibrary(
  owner: TSession,
  name: string,
  kind: 'image' | 'video',
): Promise<TLibraryItem> {
  const sample = SAMPLES[kind];
  return uploadToLibrary(owner, name, {
    ...sample,
    kind,
    bytes: fs.readFileSync(path.join(FIXTURES, sample.file)),
  });
}

/**
 * Uploads a file through the storage service as the web app does (a Firebase multipart upload
 * with the owner's storage token) and adds it to the library: its id and media cache key.
 */
export async function uploadToLibrary(
  owner: TSession,
  name: string,
  sample: TSample,
): Promise<TLibraryItem> {
  const { bytes, kind } = sample;
  const me = await api.getMe(owner);
  const objectPath = `users/${me.uid}/content/${crypto.randomUUID()}.${sample.file.split('.').pop()}`;
  await api.uploadObject({
    authorization: await api.storageAuthorization(owner),
    bucket: 'screenline',
    objectPath,
    bytes: new Uint8Array(bytes),
    contentType: sample.type,
  });
  const item = await api.createContent(owner, {
    name,
    objectPath,
    kind,
    width: sample.width,
    height: sample.height,
    durationMs: sample.durationMs,
  });
  return { id: item.id, key: mediaKey(crypto.createHash('md5').update(bytes).digest('base64')) };
}

/**
 * What the phone and the web would have made before a TV plays (no pairing: over HTTP): an owner,
 * the image and the clip in the library, a playlist [image 3 s, clip], a location, a landscape and
 * a portrait ad space playing it, and a TV registered for each (the device setup saves).
 */
export async function seedPlayback(): Promise<{
  owner: TSession;
  keys: string[];
  landscape: TTvSetup;
  portrait: TTvSetup;
}> {
  const { owner } = await signUpOwner('tv69-play');
  const image = await addToLibrary(owner, 'Harbour poster', 'image');
  const video = await addToLibrary(owner, 'Harbour clip', 'video');
  const playlist = await api.createPlaylist(owner, {
    name: 'Harbour loop',
    items: [
      {
        id: 'poster',
        type: 'content',
        contentId: image.id,
        kind: 'image',
        durationSeconds: EXPECTED.playback.imageSeconds,
      },
      { id: 'clip', type: 'content', contentId: video.id, kind: 'video' },
    ],
  });
  const place = await api.createLocation(owner, {
    name: 'Quay',
    address: { line: '2 Quay', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  return {
    owner,
    keys: [image.key, video.key],
    landscape: await addSpaceWithTv(owner, place, playlist, 'Quay landscape', 'landscape'),
    portrait: await addSpaceWithTv(owner, place, playlist, 'Quay portrait', 'portrait'),
  };
}

/**
 * An ad space at `place` playing `playlist`, and a TV registered for it: the device as the TV's
 * setup saves it in localStorage ('screenline.tv.device').
 */
export async function addSpaceWithTv(
  owner: TSession,
  place: TLocation,
  playlist: { id: string },
  name: string,
  orientation: 'landscape' | 'portrait',
): Promise<TTvSetup> {
  const portrait = orientation === 'portrait';
  const space = await api.createAdSpace(owner, {
    name,
    locationId: place.id,
    orientation,
    resolutionWidth: portrait ? 1080 : 1920,
    resolutionHeight: portrait ? 1920 : 1080,
    defaultPlaylistId: playlist.id,
  });
  const registration = await api.registerDevice(owner, {
    deviceKey: crypto.randomBytes(24).toString('hex'),
    adSpaceId: space.id,
    userAgent: 'Chromium 69 check',
    appVersion: 'check',
  });
  return {
    deviceId: registration.deviceId,
    token: registration.token,
    adSpace: {
      id: space.id,
      name: space.name,
      orientation,
      location: {
        id: place.id,
        name: place.name,
        city: place.address.city,
        timeZone: place.timeZone,
      },
    },
  };
}

/** Yesterday to tomorrow (any zone's today): the days the plays reports cover. */
function reportDays(): [string, string] {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return [day(-1), day(1)];
}

/** The owner's plays report, yesterday to tomorrow. */
export const playsReportOf = (owner: TSession, adSpaceId: string) =>
  api.playsReport(owner, adSpaceId, ...reportDays());

/** The plays report's count and the CSV's play ids. */
export async function playsOf(
  owner: TSession,
  adSpaceId: string,
): Promise<{ count: number; ids: string[] }> {
  const report = await playsReportOf(owner, adSpaceId);
  const ids = (await api.playsCsv(owner, adSpaceId, ...reportDays()))
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0] ?? '');
  return { count: report.totals.plays, ids };
}

/**
 * A PNG of one colour (8-bit RGB): a real image the TV decodes, whose bytes (and so its media
 * cache key) differ from every other colour's.
 */
export function solidPng(
  width: number,
  height: number,
  [red, green, blue]: [number, number, number],
): Buffer {
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x += 1) row.set([red, green, blue], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngSample = (file: string, color: [number, number, number]): TSample => ({
  kind: 'image',
  file,
  type: 'image/png',
  width: 640,
  height: 360,
  durationMs: null,
  bytes: solidPng(640, 360, color),
});
