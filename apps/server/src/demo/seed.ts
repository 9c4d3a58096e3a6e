import crypto from 'node:crypto';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createOTP } from '@better-auth/utils/otp';
import type { TDaypart } from '@screenline/shared/campaign';
import { chargeMicros, ZPlatformSettings } from '@screenline/shared/platform-settings';
import { TWO_FACTOR_CODE_HEADER } from '@screenline/shared/two-factor';
import {
  IMPRESSION_BATCH_MAX,
  MANIFEST_TIMELINE_DAYS,
  type TImpression,
  type TPlayerManifest,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { ZWallet } from '@screenline/shared/wallet';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';
import {
  campaignEvent,
  deviceServedFill,
  impression,
  ledgerEntry,
  ledgerTransaction,
  monetizationRequest,
  qrScan,
  servedFill,
  topUpRequest,
  user,
} from '../db/schema/index';
import type { TDb } from '../db/database';
import { rowsOf } from '../db/rows';
import { campaignWindows, flightOf } from '../modules/fill/campaign-windows';
import { paceOf, pacedWeight } from '../modules/fill/pacing';
import { cachedEligibleDayOf, elapsedOf } from '../modules/fill/eligible-time';
import { qrCodesFor } from '../modules/fill/qr-codes';
import { createMeRepository } from '../modules/me/me.repository';
import { servedFillOf } from '../modules/proof-of-play/served-fills';
import { MEDIA_TYPES, renderSlide, type TSlide, type TSlideFormat } from './creatives';
import { createDemoClient, type TDemoClient, type TDemoSession } from './demo-client';
import { DEMO_TV_KEY_PREFIX } from './demo-tvs';

/**
 * `npm run demo` and `DEMO=1 npm start` (issue 10 item 3): a small screen-advertising business,
 * made through the product's own API so every row obeys its rules. A screen owner with
 * locations in Berlin, New York and Tokyo, playlists of generated slides, schedules and three
 * monetized screens with a TV each; an ad buyer whose wallet was topped up and approved, with two
 * running campaigns whose past days of plays went through the TVs' impressions route and were
 * billed by the settlement (so the ledger holds every cent); and a super-user with one request of
 * each kind waiting. Past days are simulated the way the marketplace tests do it: plays sent with
 * the times they started, after the business was dated back to the start of those days (what
 * the API stamps "now": approvals, and which manifests each TV was sent), so the plays pass the
 * proof-of-play rules (issue 17) as a running business's would.
 */

export const DEMO_PASSWORD = 'screenline-demo';

/**
 * The demo's two-factor key (issue 18 item 4): the super-user needs two-factor sign-in on for the
 * admin pages, the screen owner for payouts. Both accounts use this published key, whose base32
 * form (what an authenticator app takes) docs/demo.md gives: never use it for a real account.
 */
export const DEMO_TOTP_SECRET = 'screenline-demo-two-factor-2026!';

export const DEMO_USERS = {
  owner: {
    email: 'owner@demo.screenline.example',
    name: 'Maya Lindqvist',
    company: 'Lindqvist Screens',
    role: 'Screen owner: locations, ad spaces, playlists, earnings',
  },
  buyer: {
    email: 'buyer@demo.screenline.example',
    name: 'Daniel Moreau',
    company: 'Aurora Coffee Roasters',
    role: 'Ad buyer: wallet, campaigns, results',
  },
  buyer2: {
    email: 'kaito@demo.screenline.example',
    name: 'Kaito Sato',
    company: 'Ramen Bar Kaito',
    role: 'Ad buyer: a pending top-up and a campaign awaiting approval',
  },
  admin: {
    email: 'admin@demo.screenline.example',
    name: 'Priya Raman',
    company: 'Screenline Operations',
    role: 'Super-user: approvals of top-ups, campaigns, payouts, monetization',
  },
} as const;

/**
 * Past days of plays (today so far comes on top): a play older than PLAY_MAX_AGE_MS (72 h) when
 * it arrives is stored and never billed. The local midnight two days before a screen's today is at
 * most 72 h ago, and no demo venue opens before 6:00, so two past days bill in full.
 */
export const DEMO_MAX_DAYS = 2;

export interface TDemoOptions {
  /** Past days of plays and scans, 0 to DEMO_MAX_DAYS (today so far comes on top). */
  days?: number;
  /** Playlist loops an hour on each monetized screen: each loop has one ad slot. */
  loopsPerHour?: number;
  /** The slides' size against 1920×1080 (tests draw them small: drawing is the slow part). */
  slideScale?: number;
  /** Draws of the simulation (which campaign fills a slot, jitter, scans). */
  seed?: number;
  /** The clock (tests and the CLI use the real one). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface TDemoSummary {
  url: string;
  password: string;
  users: { key: keyof typeof DEMO_USERS; email: string; name: string; role: string }[];
  counts: {
    locations: number;
    adSpaces: number;
    playlists: number;
    creatives: number;
    impressions: number;
    adPlays: number;
    /** Ad plays the settlement billed (the rest: how many per verdict in `unbilled`). */
    billedAdPlays: number;
    unbilled: Record<string, number>;
    qrScans: number;
    /** What the settlement charged the campaigns. */
    spentMicros: number;
  };
  ms: number;
}

/** Whether the demo users exist already (the seed ran on this database). */
export async function isDemoSeeded(app: FastifyInstance): Promise<boolean> {
  const rows = await app.deps.db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.email, [DEMO_USERS.owner.email, DEMO_USERS.admin.email]));
  return rows.length > 0;
}

export function demoSignIns(): TDemoSummary['users'] {
  return (Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]).map((key) => ({
    key,
    email: DEMO_USERS[key].email,
    name: DEMO_USERS[key].name,
    role: DEMO_USERS[key].role,
  }));
}

/** The sign-ins and the URL, as printed by `npm run demo` and `DEMO=1 npm start`. */
export function formatSignIns(url: string): string {
  const users = demoSignIns();
  const width = Math.max(...users.map((u) => u.email.length));
  return [
    `  Open ${url}/signin and sign in with (password for all: ${DEMO_PASSWORD}):`,
    ...users.map((u) => `    ${u.email.padEnd(width)}  ${u.name}: ${u.role}`),
  ].join('\n');
}

/** What was seeded, in a few lines, then the sign-ins. */
export function formatSummary(summary: TDemoSummary): string {
  const c = summary.counts;
  return [
    '',
    `  Seeded in ${(summary.ms / 1000).toFixed(1)} s: ${c.locations} locations, ${c.adSpaces} ad spaces, ` +
      `${c.playlists} playlists, ${c.creatives} generated creatives, ${c.impressions} plays ` +
      `(${c.adPlays} ads, €${(c.spentMicros / 1_000_000).toFixed(2)} billed), ${c.qrScans} QR scans.`,
    '',
    formatSignIns(summary.url),
  ].join('\n');
}

const ZId = z.object({ id: z.string() });
const ZPlaylistMade = z.object({ id: z.string(), version: z.number() });
const ZRegistration = z.object({ deviceId: z.string(), token: z.string() });

const ZCampaignMade = z.object({ id: z.string(), startDate: z.string(), endDate: z.string() });

const EUR = 1_000_000;

interface TSpacePlan {
  key: string;
  location: string;
  name: string;
  orientation: 'landscape' | 'portrait';
  /** Micros per second; null: not monetized (pending: a request waits for the super-user). */
  floor: number | null;
  pending?: number;
  tv?: boolean;
}

interface TLocationPlan {
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

const LOCATIONS: TLocationPlan[] = [
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

const SPACES: TSpacePlan[] = [
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

type TColors = TSlide['colors'];
const PALETTES: Record<string, TColors> = {
  espresso: { from: '#3b2418', to: '#8a5a3b', accent: '#f4c27a', text: '#fff8ee' },
  berry: { from: '#4a1036', to: '#b8325e', accent: '#ffd166', text: '#ffffff' },
  forest: { from: '#0f3d2e', to: '#2f8f5b', accent: '#c7f464', text: '#f4fff8' },
  ocean: { from: '#0b2545', to: '#1f6fb2', accent: '#7fdbff', text: '#ffffff' },
  sunset: { from: '#ff6b35', to: '#c81d4e', accent: '#fff3b0', text: '#ffffff' },
  night: { from: '#101020', to: '#3a2f7a', accent: '#ff8fab', text: '#ffffff' },
  sand: { from: '#f6e7c8', to: '#e0b77c', accent: '#7a3e12', text: '#2b1a0c' },
  ramen: { from: '#2b0f0a', to: '#a3311b', accent: '#ffcf56', text: '#fff6e8' },
};

interface TCreativePlan {
  key: string;
  name: string;
  slide: Omit<TSlide, 'width' | 'height' | 'format'>;
  format: TSlideFormat;
  portrait?: boolean;
}

const OWNER_SLIDES: TCreativePlan[] = [
  {
    key: 'welcome',
    name: 'Welcome to Lindenhof',
    format: 'png',
    slide: {
      tag: 'WELCOME',
      headline: 'Good morning,\nKreuzberg',
      subline: 'Fresh pastries from 7:00 · Oat milk at no extra cost',
      footer: 'Café Lindenhof · Oranienstraße 25',
      colors: PALETTES.espresso!,
    },
  },
  {
    key: 'breakfast',
    name: 'Breakfast menu',
    format: 'jpeg',
    slide: {
      tag: 'UNTIL 11:30',
      headline: 'Breakfast\nfrom €6.90',
      subline: 'Shakshuka · Granola bowl · Sourdough & jam',
      footer: 'Ask at the counter for today’s specials',
      colors: PALETTES.sand!,
    },
  },
  {
    key: 'lunch',
    name: 'Lunch specials',
    format: 'webp',
    slide: {
      tag: 'LUNCH 11:30–14:00',
      headline: 'Soup + bread\n€8.50',
      subline: 'Pumpkin & ginger today · vegan · add a coffee for €2',
      footer: 'Café Lindenhof · Kreuzberg',
      colors: PALETTES.forest!,
    },
  },
  {
    key: 'window',
    name: 'Window: open now',
    format: 'png',
    portrait: true,
    slide: {
      tag: 'OPEN',
      headline: 'Come in,\nwe’re\nopen',
      subline: 'Mon–Sat 7:00–20:00',
      footer: 'Café Lindenhof',
      colors: PALETTES.berry!,
    },
  },
  {
    key: 'classes',
    name: 'Class timetable',
    format: 'jpeg',
    slide: {
      tag: 'TODAY',
      headline: 'Spin 7:00 · HIIT 12:15\nYoga 18:30',
      subline: 'Book in the Hudson app · bring a towel',
      footer: 'Hudson Fitness · Chelsea',
      colors: PALETTES.ocean!,
    },
  },
  {
    key: 'challenge',
    name: 'November challenge',
    format: 'webp',
    slide: {
      tag: 'CHALLENGE',
      headline: '30 days,\n30 workouts',
      subline: 'Sign up at the front desk · prizes every Friday',
      footer: 'Hudson Fitness',
      colors: PALETTES.sunset!,
    },
  },
  {
    key: 'platform',
    name: 'Platform information',
    format: 'png',
    slide: {
      tag: 'PLATFORM 3',
      headline: 'Next trains\nevery 3 min',
      subline: 'Yamanote Line · please stand behind the yellow line',
      footer: 'Shibuya Station Kiosk',
      colors: PALETTES.night!,
    },
  },
  {
    key: 'kiosk',
    name: 'Kiosk snacks',
    format: 'jpeg',
    slide: {
      tag: 'KIOSK',
      headline: 'Onigiri ¥180\nHot tea ¥150',
      subline: 'Open until 23:00 · IC cards welcome',
      footer: 'Shibuya Station Kiosk',
      colors: PALETTES.forest!,
    },
  },
];

const BUYER_SLIDES: TCreativePlan[] = [
  {
    key: 'latte',
    name: 'Oat latte launch',
    format: 'jpeg',
    slide: {
      tag: 'NEW',
      headline: 'The Aurora\nOat Latte',
      subline: 'Roasted in small batches · now in 40 cafés',
      footer: 'aurora-coffee.example · scan for 20% off',
      colors: PALETTES.espresso!,
    },
  },
  {
    key: 'beans',
    name: 'Single-origin beans',
    format: 'png',
    slide: {
      tag: 'SINGLE ORIGIN',
      headline: 'Ethiopia\nYirgacheffe',
      subline: 'Notes of jasmine, bergamot and honey',
      footer: 'Aurora Coffee Roasters',
      colors: PALETTES.sand!,
    },
  },
  {
    key: 'night',
    name: 'Cold brew delivery',
    format: 'webp',
    slide: {
      tag: 'DELIVERY',
      headline: 'Cold brew\nto your door',
      subline: 'Order by 22:00, delivered by 7:00',
      footer: 'aurora-coffee.example/delivery',
      colors: PALETTES.night!,
    },
  },
];

const BUYER2_SLIDES: TCreativePlan[] = [
  {
    key: 'ramen',
    name: 'Tonkotsu lunch set',
    format: 'jpeg',
    slide: {
      tag: 'LUNCH SET',
      headline: 'Tonkotsu\n+ gyoza ¥1,200',
      subline: 'Every weekday 11:00–15:00',
      footer: 'Ramen Bar Kaito · 2 min from Shibuya',
      colors: PALETTES.ramen!,
    },
  },
  {
    key: 'ramen-night',
    name: 'Late-night ramen',
    format: 'webp',
    slide: {
      tag: 'UNTIL 2:00',
      headline: 'Late-night\nramen',
      subline: 'Shio · Shoyu · Miso',
      footer: 'Ramen Bar Kaito',
      colors: PALETTES.berry!,
    },
  },
];

/** Seeds the demo; throws when it ran before on this database (check isDemoSeeded first). */
export async function seedDemo(
  app: FastifyInstance,
  options: TDemoOptions = {},
): Promise<TDemoSummary> {
  const started = Date.now();
  const days = options.days ?? DEMO_MAX_DAYS;
  if (!Number.isInteger(days) || days < 0 || days > DEMO_MAX_DAYS)
    throw new Error(`The demo simulates 0 to ${DEMO_MAX_DAYS} past days, not ${days}.`);
  const loopsPerHour = options.loopsPerHour ?? 6;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed ?? 20261123);
  const client = createDemoClient(app);
  const { call } = client;
  if (await isDemoSeeded(app)) throw new Error('The demo is seeded on this database already.');

  // People.
  log('people');
  const sessions = {} as Record<keyof typeof DEMO_USERS, TDemoSession>;
  const roles = { owner: 'advertiser', buyer: 'publisher', buyer2: 'publisher', admin: null };
  // At once: hashing the passwords is the slow part, and it runs off the main thread.
  await Promise.all(
    (Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]).map(async (key) => {
      const person = DEMO_USERS[key];
      const session = await client.signUp(person.email, DEMO_PASSWORD, person.name);
      const role = roles[key];
      await call({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie: session.cookie,
        payload: { name: person.name, company: person.company, ...(role ? { role } : {}) },
      });
      sessions[key] = session;
    }),
  );
  // The first super-user comes from the repository, as `npm run admin -- grant` does.
  await createMeRepository(app.deps.db).setSuperUser(DEMO_USERS.admin.email, true);
  // Their addresses are made up (example.com's kind): no mail could reach them, so the people
  // are taken as having followed the link, and no page asks them to verify their email.
  await app.deps.db
    .update(user)
    .set({ emailVerified: true })
    .where(
      inArray(
        user.email,
        Object.values(DEMO_USERS).map((person) => person.email),
      ),
    );
  // Super-users act as such only with two-factor sign-in on; payouts need it too.
  sessions.admin = await client.enrollTwoFactor(sessions.admin, DEMO_PASSWORD, DEMO_TOTP_SECRET);
  sessions.owner = await client.enrollTwoFactor(sessions.owner, DEMO_PASSWORD, DEMO_TOTP_SECRET);
  const { owner, buyer, buyer2, admin } = sessions;

  // Libraries: generated slides, stored through the storage API and added to the library.
  log('creatives');
  const scale = options.slideScale ?? 1;
  const ownerContent = await addSlides(client, owner, OWNER_SLIDES, scale);
  const buyerContent = await addSlides(client, buyer, BUYER_SLIDES, scale);
  const buyer2Content = await addSlides(client, buyer2, BUYER2_SLIDES, scale);

  // Playlists: the owner's slides with an ad slot in each loop.
  log('playlists');
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
  const playlists = new Map<string, { id: string; version: number; items: TLoopItem[] }>();
  for (const [key, plan] of Object.entries(playlistPlans)) {
    const made = ZPlaylistMade.parse(
      await call({ method: 'POST', url: '/api/v1/playlists', cookie: owner.cookie, payload: plan }),
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
  const defaultPlaylist: Record<string, string> = {
    'berlin-counter': 'cafe',
    'berlin-window': 'window',
    'newyork-lobby': 'gym',
    'newyork-lockers': 'gym',
    'tokyo-platform': 'station',
  };

  // Locations and their screens.
  log('locations and screens');
  const locationIds = new Map<string, string>();
  for (const place of LOCATIONS) {
    const made = ZId.parse(
      await call({
        method: 'POST',
        url: '/api/v1/locations',
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
        url: '/api/v1/ad-spaces',
        cookie: owner.cookie,
        payload: {
          name: space.name,
          locationId: locationIds.get(space.location),
          orientation: space.orientation,
          resolutionWidth: portrait ? 1080 : 1920,
          resolutionHeight: portrait ? 1920 : 1080,
          defaultPlaylistId: playlists.get(defaultPlaylist[space.key]!)!.id,
        },
      }),
    );
    spaceIds.set(space.key, made.id);
  }

  // Schedules: weekday lunch at the café counter, weekends start later in the gym.
  log('schedules');
  const today = localDate(now(), 'UTC');
  const lunchWindow = { weekdays: [1, 2, 3, 4, 5], start: 11.5, end: 14 };
  await call({
    method: 'POST',
    url: '/api/v1/schedule-entries',
    cookie: owner.cookie,
    payload: {
      adSpaceId: spaceIds.get('berlin-counter'),
      playlistId: playlists.get('lunch')!.id,
      firstDay: addDays(today, -days - 30),
      lastDay: null,
      weekdays: lunchWindow.weekdays,
      startTime: '11:30',
      endTime: '14:00',
      priority: 10,
    },
  });
  await call({
    method: 'POST',
    url: '/api/v1/schedule-entries',
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

  // Monetization: requested by the owner, approved (or left pending) by the super-user.
  log('monetization');
  for (const space of SPACES) {
    const floor = space.floor ?? space.pending;
    if (floor === undefined || floor === null) continue;
    const request = ZId.parse(
      await call({
        method: 'POST',
        url: '/api/v1/monetization-requests',
        cookie: owner.cookie,
        payload: { adSpaceId: spaceIds.get(space.key), floorMicrosPerSecond: floor },
      }),
    );
    if (space.floor !== null) {
      await call({
        method: 'POST',
        url: `/api/v1/admin/monetization-requests/${request.id}/approve`,
        cookie: admin.cookie,
      });
    }
  }

  // TVs: one registered on each monetized screen, as the pairing page does for the owner.
  log('TVs');
  const tvs = new Map<string, { deviceId: string; token: string }>();
  for (const space of SPACES.filter((s) => s.tv)) {
    const registration = ZRegistration.parse(
      await call({
        method: 'POST',
        url: '/api/v1/player/devices',
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

  // The platform's bank details (issue 22): top-ups show them, receipts print them. The IBAN is
  // the ISO 13616 example, a valid number that belongs to no one.
  const settings = ZPlatformSettings.parse(
    await call({ method: 'GET', url: '/api/v1/platform-settings', cookie: admin.cookie }),
  );
  const { updatedAt: _at, updatedBy: _by, ...fields } = settings;
  await call({
    method: 'PUT',
    url: '/api/v1/admin/platform-settings',
    cookie: admin.cookie,
    payload: {
      ...fields,
      bank: {
        accountHolder: 'Screenline Demo GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        address: 'Demo-Allee 1, 10115 Berlin, Germany. VAT ID DE000000000',
      },
    },
  });

  // Money: top-ups requested by the buyers and approved by the super-user.
  log('wallets');
  // The platform makes each top-up's reference (SL-XXXX-XXXX).
  const topUp = async (session: TDemoSession, amountMicros: number) =>
    ZId.parse(
      await call({
        method: 'POST',
        url: '/api/v1/wallet/top-ups',
        cookie: session.cookie,
        idempotent: true,
        payload: { amountMicros },
      }),
    ).id;
  const approveTopUp = (id: string) =>
    call({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${id}/approve`,
      cookie: admin.cookie,
      idempotent: true,
    });
  await approveTopUp(await topUp(buyer, 1500 * EUR));
  await approveTopUp(await topUp(buyer2, 250 * EUR));
  await topUp(buyer2, 400 * EUR);

  // Campaigns: two of Aurora's running since the simulated week began; Kaito's waits.
  log('campaigns');
  const monetized = SPACES.filter((s) => s.floor !== null);
  // A day before the first simulated one: the flight's days are each screen's local days.
  const flightStart = addDays(today, -days - 1);
  const campaignPlans = [
    {
      name: 'Aurora Oat Latte: launch',
      creatives: ['latte', 'beans'],
      spaces: monetized.map((s) => s.key),
      bid: 4000,
      budget: 900 * EUR,
      dailyCap: 140 * EUR,
      destinationUrl: 'https://aurora-coffee.example/oat-latte',
      category: 'food-drink' as const,
    },
    {
      name: 'Cold brew delivery: night owls',
      creatives: ['night'],
      spaces: ['newyork-lobby', 'tokyo-platform'],
      bid: 2500,
      budget: 300 * EUR,
      dailyCap: null,
      destinationUrl: 'https://aurora-coffee.example/delivery',
      category: 'food-drink' as const,
    },
  ];
  const running: TRunningCampaign[] = [];
  for (const plan of campaignPlans) {
    const made = ZCampaignMade.parse(
      await call({
        method: 'POST',
        url: '/api/v1/campaigns',
        cookie: buyer.cookie,
        payload: {
          name: plan.name,
          creativeIds: plan.creatives.map((key) => buyerContent.get(key)!),
          targeting: { adSpaceIds: plan.spaces.map((key) => spaceIds.get(key)!) },
          startDate: flightStart,
          endDate: addDays(today, 23),
          dayparts: [],
          bidMicrosPerSecond: plan.bid,
          budgetMicros: plan.budget,
          dailyCapMicros: plan.dailyCap,
          destinationUrl: plan.destinationUrl,
          category: plan.category,
        },
      }),
    );
    await call({
      method: 'POST',
      url: `/api/v1/campaigns/${made.id}/submit`,
      cookie: buyer.cookie,
    });
    await call({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${made.id}/approve`,
      cookie: admin.cookie,
      idempotent: true,
    });
    running.push({
      id: made.id,
      startDate: made.startDate,
      endDate: made.endDate,
      bid: plan.bid,
      budget: plan.budget,
      dailyCap: plan.dailyCap,
      creativeIds: plan.creatives.map((key) => buyerContent.get(key)!),
      dayparts: [],
      spaces: new Set(plan.spaces),
      spent: 0,
      spentByDay: new Map(),
    });
  }
  const pendingCampaign = ZId.parse(
    await call({
      method: 'POST',
      url: '/api/v1/campaigns',
      cookie: buyer2.cookie,
      payload: {
        name: 'Kaito lunch sets: Shibuya',
        creativeIds: [buyer2Content.get('ramen')!, buyer2Content.get('ramen-night')!],
        targeting: { cities: ['Tokyo'] },
        startDate: addDays(today, 1),
        endDate: addDays(today, 30),
        dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '11:00', endTime: '15:00' }],
        bidMicrosPerSecond: 1500,
        budgetMicros: 200 * EUR,
        dailyCapMicros: 15 * EUR,
        destinationUrl: 'https://ramen-kaito.example/lunch',
        category: 'food-drink',
      },
    }),
  );
  await call({
    method: 'POST',
    url: `/api/v1/campaigns/${pendingCampaign.id}/submit`,
    cookie: buyer2.cookie,
  });

  // The business as if it had been running: what the API stamped "now" moves to before the first
  // simulated day, and each TV is recorded as sent each day's manifest.
  log('dating the business back');
  const since = await backdateApprovals(app, {
    days,
    now: now(),
    campaignIds: running.map((c) => c.id),
  });
  await recordServedFills(app, client, { days, now: now(), since, tvs, running });
  const settledAfter = await dateLedgerBack(app, since);

  // The simulated days: what each TV played, sent as the TV sends it, then billed.
  log(`simulating ${days} past days and today of plays`);
  const simulated = await simulatePlays(app, {
    days,
    loopsPerHour,
    now: now(),
    random,
    spaceIds,
    playlists,
    defaultPlaylist,
    lunch: { space: 'berlin-counter', playlist: 'lunch', ...lunchWindow },
    running,
  });
  log('sending and settling the plays hour by hour');
  const impressionCount = await sendAndSettleByHour(app, client, {
    tvs,
    plays: simulated.plays,
    settledAfter,
  });
  const billing = await billingOf(
    app,
    [...tvs.values()].map((tv) => tv.deviceId),
  );

  // Each TV fetches its manifest and reports in with everything cached, as the player does
  // after a poll: the owner sees the TVs connected, the buyer the creatives ready on them.
  log('TV check-ins');
  for (const tv of tvs.values()) {
    const authorization = `Bearer ${tv.token}`;
    const manifest = ZPlayerManifest.parse(
      await call({ method: 'GET', url: '/api/v1/player/manifest', headers: { authorization } }),
    );
    const bytes = manifest.media.reduce((sum, media) => sum + media.sizeBytes, 0);
    await call({
      method: 'POST',
      url: '/api/v1/player/heartbeat',
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

  // The owner asks for part of the earnings: a payout waiting for the super-user.
  log('payout');
  const ownerWallet = ZWallet.parse(
    await call({ method: 'GET', url: '/api/v1/wallet', cookie: owner.cookie }),
  );
  const payout = Math.max(10 * EUR, Math.floor((ownerWallet.availableMicros * 0.6) / EUR) * EUR);
  if (payout <= ownerWallet.availableMicros) {
    await call({
      method: 'POST',
      url: '/api/v1/wallet/payouts',
      cookie: owner.cookie,
      idempotent: true,
      // A fresh code from the owner's authenticator app (the demo key).
      headers: { [TWO_FACTOR_CODE_HEADER]: await createOTP(DEMO_TOTP_SECRET).totp() },
      payload: {
        amountMicros: payout,
        destination: { accountHolder: 'Lindqvist Screens GmbH', iban: 'DE89370400440532013000' },
      },
    });
  } else {
    log(`no payout: the owner earned ${ownerWallet.availableMicros / EUR} only`);
  }

  const url = app.deps.config.publicUrl;
  return {
    url,
    password: DEMO_PASSWORD,
    users: demoSignIns(),
    counts: {
      locations: LOCATIONS.length,
      adSpaces: SPACES.length,
      playlists: playlists.size,
      creatives: ownerContent.size + buyerContent.size + buyer2Content.size,
      impressions: impressionCount,
      adPlays: simulated.adPlays,
      billedAdPlays: billing.billed,
      unbilled: billing.unbilled,
      qrScans: simulated.qrScans,
      spentMicros: billing.spentMicros,
    },
    ms: Date.now() - started,
  };
}

interface TLoopItem {
  id: string;
  seconds: number;
  contentId: string | null;
}

interface TRunningCampaign {
  id: string;
  startDate: string;
  endDate: string;
  bid: number;
  budget: number;
  dailyCap: number | null;
  creativeIds: string[];
  dayparts: TDaypart[];
  spaces: Set<string>;
  /** What the plays sent so far will be charged (pacing reads it as the TV's server would). */
  spent: number;
  /** The same by local day at the screen (the daily cap's day, as settlement counts it). */
  spentByDay: Map<string, number>;
}

/** The start (ms) of the first simulated day: local midnight `days` before today at the TVs. */
function simulationStart(days: number, now: number): number {
  return Math.min(
    ...SPACES.filter((s) => s.tv).map((space) => {
      const { timeZone } = LOCATIONS.find((p) => p.key === space.location)!;
      const day = addDays(localDate(now, timeZone), -days);
      return resolveLocalDateTime(`${day}T00:00`, timeZone).epochMs;
    }),
  );
}

/**
 * Dates the approvals back to an hour before the first simulated day, as if the super-user had
 * approved them then: the monetization requests' approval (the space was monetized from then)
 * and the campaigns' history (each event moved back by the same amount, so they stay in order).
 * Settlement reads both at each play's start ('not-monetized', 'not-live'). Answers that moment.
 */
async function backdateApprovals(
  app: FastifyInstance,
  input: { days: number; now: number; campaignIds: string[] },
): Promise<number> {
  const since = simulationStart(input.days, input.now) - 3_600_000;
  const { db } = app.deps;
  await db
    .update(monetizationRequest)
    .set({ approvedAt: new Date(since), decidedAt: new Date(since) })
    .where(isNotNull(monetizationRequest.approvedAt));
  const [first] = await db
    .select({ at: sql<string>`min(${campaignEvent.at})` })
    .from(campaignEvent)
    .where(inArray(campaignEvent.campaignId, input.campaignIds));
  const shiftMs = first?.at ? new Date(first.at).getTime() - since : 0;
  await db
    .update(campaignEvent)
    .set({ at: sql`${campaignEvent.at} - ${`${shiftMs} milliseconds`}::interval` })
    .where(inArray(campaignEvent.campaignId, input.campaignIds));
  return since;
}

/**
 * Records that each TV was sent the manifest of each simulated day, ten minutes before the day
 * began at the screen (its poll; the first day's after the approvals): the fill of the manifest
 * it fetches now (its playlists' ad slots, the campaigns offered), with each campaign's windows
 * as that day's manifest would have offered them (campaignWindows over its timeline). The arrival
 * rule "it was offered" reads these rows (served-fills.ts).
 */
async function recordServedFills(
  app: FastifyInstance,
  client: TDemoClient,
  input: {
    days: number;
    now: number;
    since: number;
    tvs: Map<string, { deviceId: string; token: string }>;
    running: TRunningCampaign[];
  },
): Promise<void> {
  const { db } = app.deps;
  for (const [key, tv] of input.tvs) {
    const space = SPACES.find((s) => s.key === key)!;
    const { timeZone } = LOCATIONS.find((p) => p.key === space.location)!;
    const manifest: TPlayerManifest = ZPlayerManifest.parse(
      await client.call({
        method: 'GET',
        url: '/api/v1/player/manifest',
        headers: { authorization: `Bearer ${tv.token}` },
      }),
    );
    const adFill = manifest.adFill;
    if (!adFill) throw new Error(`The manifest of ${space.name} offers no ads.`);
    const localToday = localDate(input.now, timeZone);
    for (let d = input.days; d >= 0; d -= 1) {
      const day = addDays(localToday, -d);
      const servedAt = Math.max(
        input.since + 60_000,
        resolveLocalDateTime(`${day}T00:00`, timeZone).epochMs - 600_000,
      );
      const toMs = servedAt + MANIFEST_TIMELINE_DAYS * 86_400_000;
      const fill = servedFillOf(
        {
          ...adFill,
          campaigns: adFill.campaigns.map((entry) => {
            const campaign = input.running.find((c) => c.id === entry.campaignId);
            return campaign
              ? { ...entry, windows: campaignWindows(campaign, timeZone, servedAt, toMs) }
              : entry;
          }),
        },
        manifest.playlists,
      );
      if (!fill) continue;
      const version = `demo-${day}`;
      await db
        .insert(servedFill)
        .values({ adSpaceId: manifest.adSpace.id, version, fill, createdAt: new Date(servedAt) })
        .onConflictDoNothing();
      await db
        .insert(deviceServedFill)
        .values({
          deviceId: tv.deviceId,
          adSpaceId: manifest.adSpace.id,
          version,
          servedAt: new Date(servedAt),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * The ledger is append-only (its triggers refuse UPDATE), and the database stamps each row with
 * the moment it was written: the seed's run. A demo's history should read like the business it
 * simulates, so the seed, and nothing else, lifts that rule for one transaction to move the
 * stamps (never amounts, accounts or order: the history sorts by entry id).
 */
async function restampLedger(db: TDb, work: (tx: TDb) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`alter table ${ledgerTransaction} disable trigger ledger_transaction_append_only`,
    );
    await tx.execute(sql`alter table ${ledgerEntry} disable trigger ledger_entry_append_only`);
    await work(tx);
    await tx.execute(sql`alter table ${ledgerEntry} enable trigger ledger_entry_append_only`);
    await tx.execute(
      sql`alter table ${ledgerTransaction} enable trigger ledger_transaction_append_only`,
    );
  });
}

/**
 * Dates the money moved so far (the top-ups approved, the campaigns' budgets held) back to the
 * approvals' moment, `since`, keeping their gaps: the newest lands on it. The approved top-up
 * requests move with them. Answers the database's clock now: every ledger row stamped after it
 * is the simulated days' settlement (sendAndSettleByHour dates those).
 */
async function dateLedgerBack(app: FastifyInstance, since: number): Promise<Date> {
  const { db } = app.deps;
  // Epoch milliseconds, not timestamps as text: their text form differs between drivers.
  const [newest] = rowsOf<{ at_ms: string | null; now_ms: string }>(
    await db.execute(sql`
      select (extract(epoch from max(${ledgerTransaction.createdAt})) * 1000)::text as at_ms,
        (extract(epoch from now()) * 1000)::text as now_ms
      from ${ledgerTransaction}`),
  );
  if (!newest?.at_ms) throw new Error('The demo moved no money before the simulated days.');
  const shiftMs = Math.round(Number(newest.at_ms)) - since;
  const shift = sql`${`${shiftMs} milliseconds`}::interval`;
  await restampLedger(db, async (tx) => {
    await tx
      .update(ledgerTransaction)
      .set({ createdAt: sql`${ledgerTransaction.createdAt} - ${shift}` })
      .where(sql`true`);
    await tx
      .update(ledgerEntry)
      .set({ createdAt: sql`${ledgerEntry.createdAt} - ${shift}` })
      .where(sql`true`);
  });
  await db
    .update(topUpRequest)
    .set({
      createdAt: sql`${topUpRequest.createdAt} - ${shift}`,
      decidedAt: sql`${topUpRequest.decidedAt} - ${shift}`,
    })
    .where(isNotNull(topUpRequest.decidedAt));
  return new Date(Math.floor(Number(newest.now_ms)));
}

/**
 * Sends the simulated plays as the TVs would have, an hour of them at a time, each TV's in its
 * order, and runs the settlement after each hour, as the settlement that runs through the day
 * would have. Each hour's charges are then ledger transactions of their own, dated a minute after
 * the hour's last play ended (never later than the seed's start), so the wallets' histories show
 * the billing spread over the days like real activity. Answers how many plays were sent.
 */
async function sendAndSettleByHour(
  app: FastifyInstance,
  client: TDemoClient,
  input: {
    tvs: Map<string, { deviceId: string; token: string }>;
    plays: Map<string, TImpression[]>;
    settledAfter: Date;
  },
): Promise<number> {
  const HOUR_MS = 3_600_000;
  const byHour = new Map<number, Map<string, TImpression[]>>();
  for (const [key, list] of input.plays) {
    for (const play of list) {
      const hour = Math.floor(Date.parse(play.startedAt) / HOUR_MS);
      const ofHour = byHour.get(hour) ?? new Map<string, TImpression[]>();
      byHour.set(hour, ofHour);
      const ofTv = ofHour.get(key) ?? [];
      ofHour.set(key, ofTv);
      ofTv.push(play);
    }
  }
  const latest = input.settledAfter.getTime() - 1000;
  let sent = 0;
  for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
    let lastEnd = 0;
    for (const [key, list] of byHour.get(hour)!) {
      const tv = input.tvs.get(key)!;
      for (let start = 0; start < list.length; start += IMPRESSION_BATCH_MAX) {
        const batch = list.slice(start, start + IMPRESSION_BATCH_MAX);
        await client.call({
          method: 'POST',
          url: '/api/v1/player/impressions',
          headers: { authorization: `Bearer ${tv.token}` },
          payload: { impressions: batch },
        });
        sent += batch.length;
      }
      for (const play of list)
        lastEnd = Math.max(lastEnd, Date.parse(play.startedAt) + play.shownMs);
    }
    await app.deps.settlement.settleDue();
    const at = new Date(Math.min(lastEnd + 60_000, latest));
    await restampLedger(app.deps.db, async (tx) => {
      await tx
        .update(ledgerTransaction)
        .set({ createdAt: at })
        .where(
          sql`${ledgerTransaction.createdAt} > ${input.settledAfter.toISOString()}::timestamptz`,
        );
      await tx
        .update(ledgerEntry)
        .set({ createdAt: at })
        .where(sql`${ledgerEntry.createdAt} > ${input.settledAfter.toISOString()}::timestamptz`);
    });
  }
  return sent;
}

/** The demo TVs' ad plays by verdict once settled, and what they were charged. */
async function billingOf(
  app: FastifyInstance,
  deviceIds: string[],
): Promise<{ billed: number; unbilled: Record<string, number>; spentMicros: number }> {
  const rows = await app.deps.db
    .select({
      verdict: impression.verdict,
      plays: sql<number>`count(*)::int`,
      billed: sql<string>`coalesce(sum(${impression.billedMicros}), 0)::text`,
    })
    .from(impression)
    .where(and(inArray(impression.deviceId, deviceIds), isNotNull(impression.campaignId)))
    .groupBy(impression.verdict);
  const unbilled: Record<string, number> = {};
  let billed = 0;
  let spentMicros = 0;
  for (const row of rows) {
    spentMicros += Number(row.billed);
    if (row.verdict === 'billed') billed += Number(row.plays);
    else unbilled[row.verdict ?? 'none'] = Number(row.plays);
  }
  return { billed, unbilled, spentMicros };
}

async function addSlides(
  client: TDemoClient,
  session: TDemoSession,
  plans: readonly TCreativePlan[],
  scale: number,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const long = Math.round(1920 * scale);
  const short = Math.round(1080 * scale);
  const sized = plans.map((plan) => ({
    plan,
    width: plan.portrait ? short : long,
    height: plan.portrait ? long : short,
  }));
  // Encoding runs off the main thread: all at once, then stored in order.
  const drawn = await Promise.all(
    sized.map(({ plan, width, height }) =>
      renderSlide({ ...plan.slide, width, height, format: plan.format }),
    ),
  );
  for (const [index, { plan, width, height }] of sized.entries()) {
    const bytes = drawn[index]!;
    const extension = plan.format === 'jpeg' ? 'jpg' : plan.format;
    const objectPath = `users/${session.userId}/content/${plan.key}.${extension}`;
    await client.upload(session, objectPath, bytes, MEDIA_TYPES[plan.format]);
    const made = ZId.parse(
      await client.call({
        method: 'POST',
        url: '/api/v1/content',
        cookie: session.cookie,
        payload: { name: plan.name, objectPath, kind: 'image', width, height },
      }),
    );
    ids.set(plan.key, made.id);
  }
  return ids;
}

/**
 * Every loop of each TV'd screen's playlist in its opening hours over the past days (and today
 * until now): the slides it showed and its ad slot, filled by a draw weighted as the rotation
 * weights campaigns (bid × pacing factor, ad-rotation.ts), among the campaigns targeting the
 * screen whose bid meets its floor, whose hold and daily cap have money left and that are not
 * ahead of their even pace. Answers each TV's plays in order, numbered as the TV numbers them
 * (sendAndSettleByHour sends them). QR scans follow a share of the ad plays.
 */
async function simulatePlays(
  app: FastifyInstance,
  input: {
    days: number;
    loopsPerHour: number;
    now: number;
    random: () => number;
    spaceIds: Map<string, string>;
    playlists: Map<string, { id: string; version: number; items: TLoopItem[] }>;
    defaultPlaylist: Record<string, string>;
    lunch: { space: string; playlist: string; weekdays: number[]; start: number; end: number };
    running: TRunningCampaign[];
  },
): Promise<{ plays: Map<string, TImpression[]>; adPlays: number; qrScans: number }> {
  const { random, running } = input;
  const plays = new Map<string, TImpression[]>();
  const scans: { campaignId: string; adSpaceKey: string; at: number }[] = [];
  // Loops in time order across all screens, so pacing sees the spend as it happened.
  const loops: { at: number; space: TSpacePlan; local: Temporal.PlainDateTime }[] = [];
  for (const space of SPACES.filter((s) => s.tv)) {
    const place = LOCATIONS.find((p) => p.key === space.location)!;
    const localToday = localDate(input.now, place.timeZone);
    for (let d = input.days; d >= 0; d -= 1) {
      const day = addDays(localToday, -d);
      for (let hour = place.hours[0]; hour < place.hours[1]; hour += 1) {
        for (let loop = 0; loop < input.loopsPerHour; loop += 1) {
          const minute = (60 / input.loopsPerHour) * loop + random() * 2;
          const wall = Temporal.PlainDateTime.from(`${day}T${pad(hour)}:00`).add({
            seconds: Math.floor(minute * 60),
          });
          const at = resolveLocalDateTime(wall.toString(), place.timeZone).epochMs;
          if (at + 120_000 > input.now) continue;
          loops.push({ at, space, local: wall });
        }
      }
    }
  }
  loops.sort((a, b) => a.at - b.at);

  let adPlays = 0;
  for (const { at, space, local } of loops) {
    const place = LOCATIONS.find((p) => p.key === space.location)!;
    const hour = local.hour + local.minute / 60;
    const lunch =
      space.key === input.lunch.space &&
      input.lunch.weekdays.includes(local.dayOfWeek) &&
      hour >= input.lunch.start &&
      hour < input.lunch.end;
    const playlist = input.playlists.get(
      lunch ? input.lunch.playlist : input.defaultPlaylist[space.key]!,
    )!;
    const adSpaceId = input.spaceIds.get(space.key)!;
    const list = plays.get(space.key) ?? [];
    plays.set(space.key, list);
    let cursor = at;
    for (const entry of playlist.items) {
      const shownMs = entry.seconds * 1000 - Math.floor(random() * 200);
      const base = {
        id: crypto.randomUUID(),
        sequence: 0,
        startedAt: new Date(cursor).toISOString(),
        shownMs,
        endReason: 'completed' as const,
        adSpaceId,
        playlistId: playlist.id,
        playlistVersion: playlist.version,
        itemId: entry.id,
      };
      cursor += entry.seconds * 1000;
      if (entry.contentId !== null) {
        list.push({ ...base, contentId: entry.contentId, campaignId: null, creativeId: null });
        continue;
      }
      const campaign = pickCampaign(running, space, cursor, random, place.timeZone);
      if (!campaign) continue;
      const creativeId = campaign.creativeIds[Math.floor(random() * campaign.creativeIds.length)]!;
      list.push({ ...base, contentId: creativeId, campaignId: campaign.id, creativeId });
      adPlays += 1;
      const charge = chargeMicros(shownMs, campaign.bid);
      const day = localDate(Date.parse(base.startedAt), place.timeZone);
      const capLeft =
        campaign.dailyCap === null
          ? charge
          : campaign.dailyCap - (campaign.spentByDay.get(day) ?? 0);
      const charged = Math.max(0, Math.min(charge, campaign.budget - campaign.spent, capLeft));
      campaign.spent += charged;
      campaign.spentByDay.set(day, (campaign.spentByDay.get(day) ?? 0) + charged);
      // About one viewer in 120 scans the code, some minutes later.
      if (random() < 1 / 120) {
        const scanAt = cursor + Math.floor(random() * 600_000);
        if (scanAt < input.now)
          scans.push({ campaignId: campaign.id, adSpaceKey: space.key, at: scanAt });
      }
    }
  }

  for (const list of plays.values()) {
    list.forEach((play, index) => {
      play.sequence = index + 1;
    });
  }

  // Scans: each campaign's code on each screen is the one its TV's manifest shows (made on
  // first need); a scan is recorded at the time it happened, as the scan route records it.
  for (const scan of scans) {
    const adSpaceId = input.spaceIds.get(scan.adSpaceKey)!;
    const codes = await qrCodesFor(app.deps.db, adSpaceId, [scan.campaignId]);
    if (!codes.get(scan.campaignId)) continue;
    await app.deps.db
      .insert(qrScan)
      .values({ campaignId: scan.campaignId, adSpaceId, scannedAt: new Date(scan.at) });
  }
  return { plays, adPlays, qrScans: scans.length };
}

/** The campaign that fills one ad slot: a draw weighted by bid × pacing, as the rotation does. */
function pickCampaign(
  running: TRunningCampaign[],
  space: TSpacePlan,
  nowMs: number,
  random: () => number,
  timeZone: string,
): TRunningCampaign | null {
  const day = localDate(nowMs, timeZone);
  const eligible = running.flatMap((campaign) => {
    if (!campaign.spaces.has(space.key)) return [];
    if (space.floor === null || campaign.bid < space.floor) return [];
    if (campaign.spent >= campaign.budget) return [];
    if (campaign.dailyCap !== null && (campaign.spentByDay.get(day) ?? 0) >= campaign.dailyCap)
      return [];
    const flight = flightOf(campaign, timeZone);
    if (nowMs < flight.startMs || nowMs >= flight.endMs) return [];
    // Held back ahead of its even line, as the fill does (docs/marketplace.md "Pacing").
    const eligibleDay = cachedEligibleDayOf(campaign, timeZone, day);
    const pace = paceOf({
      remainingMicros: campaign.budget - campaign.spent,
      billedTodayMicros: campaign.spentByDay.get(day) ?? 0,
      dailyCapMicros: campaign.dailyCap,
      eligibleLeftMs: eligibleDay.leftMs,
      eligibleTodayMs: eligibleDay.todayMs,
      eligibleElapsedTodayMs: elapsedOf(eligibleDay, nowMs),
    });
    if (pace.isHeldBack) return [];
    return [{ campaign, weight: pacedWeight(campaign.bid, pace.steps) }];
  });
  const total = eligible.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0) return null;
  let draw = random() * total;
  for (const entry of eligible) {
    draw -= entry.weight;
    if (draw < 0) return entry.campaign;
  }
  return eligible.at(-1)?.campaign ?? null;
}

/** The local calendar day of an instant in a zone, `YYYY-MM-DD`. */
function localDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

function addDays(day: string, count: number): string {
  return Temporal.PlainDate.from(day).add({ days: count }).toString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** xorshift32: the same story for the same seed. */
function seededRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}
