import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZPlayerManifest } from '@screenline/shared/player';
import { API } from '@screenline/shared/api-paths';
import type { TDemoClient, TDemoSession } from './demo-client';
import { DEMO_TV_KEY_PREFIX } from './demo-tvs';
import { addDays, ZId } from './seed-helpers';

// The screen owner's venues: locations, their screens (ad spaces), playlists, schedules and the
// TVs registered on the monetized screens.

const ZPlaylistMade = z.object({ id: z.string(), version: z.number() });
const ZRegistration = z.object({ deviceId: z.string(), token: z.string() });

export interface TSpacePlan {
  key: string;
  location: string;
  name: string;
  orientation: 'landscape' | 'portrait';
  /** Micros per second; null: not monetized (pending: a request waits for the super-user). */
  floor: number | null;
  pending?: number;
  tv?: boolean;
}

export interface TLocationPlan {
  key: string;
  name: string;
  address: { line: string; city: string; region?: string; postalCode: string; country: string };
  latitude: number;
  longitude: number;
  timeZone: string;
  venueType: 'food-and-drink' | 'fitness' | 'transit';
  weeklyFootfall: number;
  /** Local opening hours [open, close). */
  hours: [number, number];
}

export const LOCATIONS: TLocationPlan[] = [
  {
    key: 'berlin',
    name: 'Café Lindenhof, Kreuzberg',
    address: { line: 'Oranienstraße 25', city: 'Berlin', postalCode: '10999', country: 'DE' },
    latitude: 52.5003,
    longitude: 13.4195,
    timeZone: 'Europe/Berlin',
    venueType: 'food-and-drink',
    weeklyFootfall: 4200,
    hours: [7, 20],
  },
  {
    key: 'newyork',
    name: 'Hudson Fitness, Chelsea',
    address: {
      line: '245 W 17th St',
      city: 'New York',
      region: 'NY',
      postalCode: '10011',
      country: 'US',
    },
    latitude: 40.741,
    longitude: -73.9995,
    timeZone: 'America/New_York',
    venueType: 'fitness',
    weeklyFootfall: 6100,
    hours: [6, 22],
  },
  {
    key: 'tokyo',
    name: 'Shibuya Station Kiosk',
    address: { line: '2-24-1 Shibuya', city: 'Tokyo', postalCode: '150-0002', country: 'JP' },
    latitude: 35.658,
    longitude: 139.7016,
    timeZone: 'Asia/Tokyo',
    venueType: 'transit',
    weeklyFootfall: 38000,
    hours: [6, 23],
  },
];

export const SPACES: TSpacePlan[] = [
  {
    key: 'berlin-counter',
    location: 'berlin',
    name: 'Counter menu board',
    orientation: 'landscape',
    floor: 1500,
    tv: true,
  },
  {
    key: 'berlin-window',
    location: 'berlin',
    name: 'Window display',
    orientation: 'portrait',
    floor: null,
  },
  {
    key: 'newyork-lobby',
    location: 'newyork',
    name: 'Lobby screen',
    orientation: 'landscape',
    floor: 2000,
    tv: true,
  },
  {
    key: 'newyork-lockers',
    location: 'newyork',
    name: 'Locker room screen',
    orientation: 'landscape',
    floor: null,
    pending: 1800,
  },
  {
    key: 'tokyo-platform',
    location: 'tokyo',
    name: 'Platform 3 screen',
    orientation: 'landscape',
    floor: 1200,
    tv: true,
  },
];

export interface TLoopItem {
  id: string;
  seconds: number;
  contentId: string | null;
}

export type TDemoPlaylists = Map<string, { id: string; version: number; items: TLoopItem[] }>;

/** Each screen's playlist when no schedule entry applies. */
export const DEFAULT_PLAYLIST: Record<string, string> = {
  'berlin-counter': 'cafe',
  'berlin-window': 'window',
  'newyork-lobby': 'gym',
  'newyork-lockers': 'gym',
  'tokyo-platform': 'station',
};

/** The café counter's lunch playlist: weekdays 11:30 to 14:00 (hours as fractions). */
export const LUNCH_WINDOW = { weekdays: [1, 2, 3, 4, 5], start: 11.5, end: 14 };

/** Playlists: the owner's slides with an ad slot in each loop. */
export async function seedPlaylists(
  client: TDemoClient,
  owner: TDemoSession,
  ownerContent: Map<string, string>,
): Promise<TDemoPlaylists> {
  const { call } = client;
  const item = (key: string, durationSeconds = 10) => ({
    id: `slide-${key}`,
    type: 'content' as const,
    contentId: ownerContent.get(key)!,
    kind: 'image' as const,
    durationSeconds,
  });
  const adSlot = { id: 'ad-slot', type: 'adSlot' as const, lengthSeconds: 20 };
  const playlistPlans = {
    cafe: { name: 'Café all day', items: [item('welcome'), item('breakfast'), adSlot] },
    lunch: { name: 'Lunch rush', items: [item('lunch', 15), adSlot, item('welcome', 8)] },
    window: { name: 'Window: open now', items: [item('window', 30)] },
    gym: { name: 'Gym lobby loop', items: [item('classes'), item('challenge'), adSlot] },
    station: { name: 'Station loop', items: [item('platform', 12), adSlot, item('kiosk')] },
  };
  const playlists: TDemoPlaylists = new Map();
  for (const [key, plan] of Object.entries(playlistPlans)) {
    const made = ZPlaylistMade.parse(
      await call({ method: 'POST', url: API.playlists, cookie: owner.cookie, payload: plan }),
    );
    playlists.set(key, {
      ...made,
      items: plan.items.map((entry) =>
        'contentId' in entry
          ? { id: entry.id, seconds: entry.durationSeconds, contentId: entry.contentId }
          : { id: entry.id, seconds: entry.lengthSeconds, contentId: null },
      ),
    });
  }
  return playlists;
}

/** The locations and their screens, each with its default playlist. Answers the screens' ids. */
export async function seedLocationsAndScreens(
  client: TDemoClient,
  owner: TDemoSession,
  playlists: TDemoPlaylists,
): Promise<Map<string, string>> {
  const { call } = client;
  const locationIds = new Map<string, string>();
  for (const place of LOCATIONS) {
    const made = ZId.parse(
      await call({
        method: 'POST',
        url: API.locations,
        cookie: owner.cookie,
        payload: {
          name: place.name,
          address: place.address,
          latitude: place.latitude,
          longitude: place.longitude,
          timeZone: place.timeZone,
          venueType: place.venueType,
          audience: {
            weeklyFootfall: place.weeklyFootfall,
            ageBands: {},
            genderSplit: null,
          },
        },
      }),
    );
    locationIds.set(place.key, made.id);
  }
  const spaceIds = new Map<string, string>();
  for (const space of SPACES) {
    const portrait = space.orientation === 'portrait';
    const made = ZId.parse(
      await call({
        method: 'POST',
        url: API.adSpaces,
        cookie: owner.cookie,
        payload: {
          name: space.name,
          locationId: locationIds.get(space.location),
          orientation: space.orientation,
          resolutionWidth: portrait ? 1080 : 1920,
          resolutionHeight: portrait ? 1920 : 1080,
          defaultPlaylistId: playlists.get(DEFAULT_PLAYLIST[space.key]!)!.id,
        },
      }),
    );
    spaceIds.set(space.key, made.id);
  }
  return spaceIds;
}

/** Schedules: weekday lunch at the café counter, weekends start later in the gym. */
export async function seedSchedules(
  client: TDemoClient,
  owner: TDemoSession,
  input: {
    spaceIds: Map<string, string>;
    playlists: TDemoPlaylists;
    today: string;
    days: number;
  },
): Promise<void> {
  const { call } = client;
  const { spaceIds, playlists, today, days } = input;
  await call({
    method: 'POST',
    url: API.scheduleEntries,
    cookie: owner.cookie,
    payload: {
      adSpaceId: spaceIds.get('berlin-counter'),
      playlistId: playlists.get('lunch')!.id,
      firstDay: addDays(today, -days - 30),
      lastDay: null,
      weekdays: LUNCH_WINDOW.weekdays,
      startTime: '11:30',
      endTime: '14:00',
      priority: 10,
    },
  });
  await call({
    method: 'POST',
    url: API.scheduleEntries,
    cookie: owner.cookie,
    payload: {
      adSpaceId: spaceIds.get('berlin-window'),
      playlistId: playlists.get('cafe')!.id,
      firstDay: addDays(today, -days - 30),
      lastDay: addDays(today, 60),
      weekdays: [6, 7],
      startTime: '09:00',
      endTime: '18:00',
      priority: 5,
    },
  });
}

export type TDemoTvs = Map<string, { deviceId: string; token: string }>;

/** TVs: one registered on each monetized screen, as the pairing page does for the owner. */
export async function registerTvs(
  app: FastifyInstance,
  client: TDemoClient,
  owner: TDemoSession,
  spaceIds: Map<string, string>,
): Promise<TDemoTvs> {
  const { call } = client;
  const tvs: TDemoTvs = new Map();
  for (const space of SPACES.filter((s) => s.tv)) {
    const registration = ZRegistration.parse(
      await call({
        method: 'POST',
        url: API.playerDevices,
        cookie: owner.cookie,
        payload: {
          deviceKey: `${DEMO_TV_KEY_PREFIX}${space.key}`,
          adSpaceId: spaceIds.get(space.key),
          name: `${space.name} TV`,
          userAgent: 'Mozilla/5.0 (Linux; Android 9; Smart TV) Chrome/69.0.3497.128 Safari/537.36',
          appVersion: app.deps.config.version,
        },
      }),
    );
    tvs.set(space.key, registration);
  }
  return tvs;
}

/**
 * Each TV fetches its manifest and reports in with everything cached, as the player does after
 * a poll: the owner sees the TVs connected, the buyer the creatives ready on them.
 */
export async function checkInTvs(
  app: FastifyInstance,
  client: TDemoClient,
  tvs: TDemoTvs,
): Promise<void> {
  const { call } = client;
  for (const tv of tvs.values()) {
    const authorization = `Bearer ${tv.token}`;
    const manifest = ZPlayerManifest.parse(
      await call({ method: 'GET', url: API.playerManifest, headers: { authorization } }),
    );
    const bytes = manifest.media.reduce((sum, media) => sum + media.sizeBytes, 0);
    await call({
      method: 'POST',
      url: API.playerHeartbeat,
      headers: { authorization },
      payload: {
        appVersion: app.deps.config.version,
        manifestVersion: manifest.version,
        storage: { usedBytes: bytes, quotaBytes: 4_000_000_000, persisted: true },
        cache: {
          filesReady: manifest.media.length,
          filesNeeded: manifest.media.length,
          bytesReady: bytes,
          bytesNeeded: bytes,
          problem: null,
        },
        nowPlaying: null,
        adCreativesReady: (manifest.adFill?.campaigns ?? []).flatMap((campaign) =>
          campaign.creatives.map((creative) => creative.contentId),
        ),
      },
    });
  }

  // The recorder writes heartbeats in batches; written now, the seed's result is whole.
  await app.deps.playerHeartbeats.flush();
}
