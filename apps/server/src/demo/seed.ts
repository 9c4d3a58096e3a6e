import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../db/schema/index';
import { DEMO_PASSWORD, DEMO_USERS, seedPeople } from './accounts';
import { backdateApprovals, dateLedgerBack, recordServedFills } from './backdating';
import { createDemoClient } from './demo-client';
import { addSlides, BUYER2_SLIDES, BUYER_SLIDES, OWNER_SLIDES } from './library';
import {
  requestMonetization,
  requestPayout,
  seedCampaigns,
  setPlatformBankDetails,
  topUpWallets,
} from './marketplace';
import { localDate } from './seed-helpers';
import { billingOf, sendAndSettleByHour, simulatePlays } from './simulated-plays';
import {
  checkInTvs,
  DEFAULT_PLAYLIST,
  LOCATIONS,
  LUNCH_WINDOW,
  registerTvs,
  seedLocationsAndScreens,
  seedPlaylists,
  seedSchedules,
  SPACES,
} from './venues';

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

// The demo's accounts are part of the seed's public surface (the CLI, the demo test and the help
// screenshots sign in with them); they are defined with the people in accounts.ts.
export { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from './accounts';

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
  if (await isDemoSeeded(app)) throw new Error('The demo is seeded on this database already.');

  log('people');
  const { owner, buyer, buyer2, admin } = await seedPeople(app, client);

  // Libraries: generated slides, stored through the storage API and added to the library.
  log('creatives');
  const scale = options.slideScale ?? 1;
  const ownerContent = await addSlides(client, owner, OWNER_SLIDES, scale);
  const buyerContent = await addSlides(client, buyer, BUYER_SLIDES, scale);
  const buyer2Content = await addSlides(client, buyer2, BUYER2_SLIDES, scale);

  log('playlists');
  const playlists = await seedPlaylists(client, owner, ownerContent);

  log('locations and screens');
  const spaceIds = await seedLocationsAndScreens(client, owner, playlists);

  log('schedules');
  const today = localDate(now(), 'UTC');
  await seedSchedules(client, owner, { spaceIds, playlists, today, days });

  log('monetization');
  await requestMonetization(client, { owner, admin }, spaceIds);

  log('TVs');
  const tvs = await registerTvs(app, client, owner, spaceIds);

  await setPlatformBankDetails(client, admin);

  log('wallets');
  await topUpWallets(client, { buyer, buyer2, admin });

  log('campaigns');
  const running = await seedCampaigns(
    client,
    { buyer, buyer2, admin },
    { buyerContent, buyer2Content, spaceIds, today, days },
  );

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
    defaultPlaylist: DEFAULT_PLAYLIST,
    lunch: { space: 'berlin-counter', playlist: 'lunch', ...LUNCH_WINDOW },
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

  log('TV check-ins');
  await checkInTvs(app, client, tvs);

  log('payout');
  await requestPayout(client, owner, log);

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
