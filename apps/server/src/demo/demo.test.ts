import { inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCampaignList, ZCampaignResults, ZPublisherDashboard } from '@screenline/shared/campaign';
import { ZContentList } from '@screenline/shared/content';
import { ZLocationList } from '@screenline/shared/location';
import { ZEarnings, ZMonetizationRequestList } from '@screenline/shared/monetization';
import { ZPlaylistDetail, ZPlaylistList } from '@screenline/shared/playlist';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import {
  ZPayoutList,
  ZTopUpList,
  ZWallet,
  ZWalletTransactionList,
} from '@screenline/shared/wallet';
import { adSpace, device, impression, user } from '../db/schema/index';
import { createTestApp, sessionCookie, totpCode, type TTestApp } from '../../test/harness';
import {
  DEMO_MAX_DAYS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  isDemoSeeded,
  seedDemo,
  type TDemoSummary,
} from './seed';
import { keepDemoTvsReporting } from './demo-tvs';

/**
 * The demo seed (issue 10 item 3) on the embedded database, with one simulated past day and
 * today of plays: each demo user signs in and sees their part of the business through the API,
 * billed by the settlement (issue 17: the plays pass the proof-of-play rules as a running
 * business's would). The harness audits the ledger when the file ends.
 */
describe('the demo seed', () => {
  let t: TTestApp;
  let summary: TDemoSummary;
  let seedStarted: number;
  const cookies = {} as Record<'owner' | 'buyer' | 'admin', string>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    expect(await isDemoSeeded(t.app)).toBe(false);
    seedStarted = Date.now();
    summary = await seedDemo(t.app, { days: 1, loopsPerHour: 4, slideScale: 0.25 });
    for (const key of ['owner', 'buyer', 'admin'] as const) {
      const res = await t.signIn(DEMO_USERS[key].email, DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      cookies[key] = sessionCookie(res);
      if (key === 'buyer') continue;
      // The owner and the super-user have two-factor sign-in on, with the key docs/demo.md gives.
      expect(res.json()).toMatchObject({ twoFactorRedirect: true });
      const second = await t.request({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        cookie: cookies[key],
        payload: { code: await totpCode(DEMO_TOTP_SECRET) },
      });
      expect(second.statusCode, second.body).toBe(200);
      cookies[key] = sessionCookie(second);
    }
  });
  afterAll(() => t.close());

  const get = async (url: string, who: keyof typeof cookies) => {
    const res = await t.request({ method: 'GET', url, cookie: cookies[who] });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<unknown>();
  };

  it('knows it ran and refuses to run twice', async () => {
    expect(await isDemoSeeded(t.app)).toBe(true);
    await expect(seedDemo(t.app, { days: 1 })).rejects.toThrow(/seeded/);
    // Older plays than the 72-hour limit would be stored and never billed.
    await expect(seedDemo(t.app, { days: DEMO_MAX_DAYS + 1 })).rejects.toThrow(/0 to 2 past days/);
    expect(summary.users.map((u) => u.email)).toContain(DEMO_USERS.admin.email);
  });

  it('gives the owner locations in three zones, playlists with content and earnings', async () => {
    const locations = ZLocationList.parse(await get('/api/v1/locations', 'owner'));
    expect(new Set(locations.items.map((l) => l.timeZone))).toEqual(
      new Set(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']),
    );
    const playlists = ZPlaylistList.parse(await get('/api/v1/playlists', 'owner'));
    expect(playlists.items.length).toBeGreaterThanOrEqual(4);
    const first = playlists.items.find((p) => p.name === 'Café all day')!;
    const detail = ZPlaylistDetail.parse(await get(`/api/v1/playlists/${first.id}`, 'owner'));
    expect(detail.content.length).toBeGreaterThan(0);
    expect(detail.content.every((c) => c.sizeBytes > 1000 && c.mediaUrl)).toBe(true);
    // The generated slide downloads as a real image.
    const media = await t.request({ method: 'GET', url: detail.content[0]!.mediaUrl! });
    expect(media.statusCode).toBe(200);
    expect(String(media.headers['content-type'])).toMatch(/^image\/(png|jpeg|webp)/);
    const library = ZContentList.parse(await get('/api/v1/content', 'owner'));
    expect(library.items.length).toBe(8);

    const wallet = ZWallet.parse(await get('/api/v1/wallet', 'owner'));
    expect(wallet.lifetimeEarnedMicros).toBeGreaterThan(0);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const earnings = ZEarnings.parse(
      await get(`/api/v1/earnings?from=${day(-3)}&to=${day(1)}`, 'owner'),
    );
    expect(earnings.totalMicros).toBeGreaterThan(0);
    expect(earnings.impressions).toBeGreaterThan(0);
    expect(earnings.unbilled).toEqual([]);
    expect(earnings.settling.plays).toBe(0);
    // Yesterday's and today's plays (local days at the screens).
    expect(earnings.byDay.filter((day) => day.earnedMicros > 0).length).toBeGreaterThanOrEqual(2);
    const payouts = ZPayoutList.parse(await get('/api/v1/wallet/payouts', 'owner'));
    expect(payouts.items.map((p) => p.state)).toEqual(['pending']);
  });

  it('gives the buyer running campaigns with impressions, spend and scans', async () => {
    const campaigns = ZCampaignList.parse(await get('/api/v1/campaigns', 'buyer'));
    expect(campaigns.items).toHaveLength(2);
    expect(campaigns.items.every((c) => c.status === 'active')).toBe(true);
    const launch = campaigns.items.find((c) => c.name.startsWith('Aurora'))!;
    expect(launch.spentMicros).toBeGreaterThan(0);
    const results = ZCampaignResults.parse(
      await get(`/api/v1/campaigns/${launch.id}/results`, 'buyer'),
    );
    expect(results.totals.impressions).toBeGreaterThan(0);
    expect(results.totals.spentMicros).toBeGreaterThan(0);
    expect(results.totals.spentMicros).toBe(launch.spentMicros);
    expect(results.unbilled).toEqual([]);
    expect(results.settling.plays).toBe(0);
    expect(results.byAdSpace.length).toBe(3);
    expect(results.totals.qrScans).toBe(results.byDay.reduce((sum, day) => sum + day.qrScans, 0));
    // The three TVs reported the creatives cached.
    expect(results.readiness).toEqual({ readyScreens: 3, targetedScreens: 3 });
    const dashboard = ZPublisherDashboard.parse(await get('/api/v1/publisher/dashboard', 'buyer'));
    expect(dashboard.activeCampaigns).toBe(2);
    expect(dashboard.impressionsToDate).toBeGreaterThan(0);
    const spent = campaigns.items.reduce((sum, c) => sum + c.spentMicros, 0);
    expect(spent).toBe(summary.counts.spentMicros);
    const wallet = ZWallet.parse(await get('/api/v1/wallet', 'buyer'));
    // 1,500 topped up; both budgets held; spend comes out of the holds.
    expect(wallet.availableMicros).toBe(300_000_000);
    expect(wallet.lifetimeSpentMicros).toBe(spent);
  });

  it('bills every ad play the demo TVs sent: none refused, none left pending', async () => {
    const rows = await t.app.deps.db
      .select({ verdict: impression.verdict, plays: sql<number>`count(*)::int` })
      .from(impression)
      .where(isNotNull(impression.campaignId))
      .groupBy(impression.verdict);
    expect(rows).toEqual([{ verdict: 'billed', plays: summary.counts.adPlays }]);
    expect(summary.counts.adPlays).toBeGreaterThan(0);
    expect(summary.counts.billedAdPlays).toBe(summary.counts.adPlays);
    expect(summary.counts.unbilled).toEqual({});
  });

  it('leaves the super-user one request of each kind waiting', async () => {
    const topUps = ZTopUpList.parse(await get('/api/v1/admin/top-ups?state=pending', 'admin'));
    expect(topUps.items.map((x) => x.user.email)).toEqual([DEMO_USERS.buyer2.email]);
    const payouts = ZPayoutList.parse(await get('/api/v1/admin/payouts?state=pending', 'admin'));
    expect(payouts.items.map((x) => x.user.email)).toEqual([DEMO_USERS.owner.email]);
    const campaigns = ZCampaignList.parse(
      await get('/api/v1/admin/campaigns?status=pending-review', 'admin'),
    );
    expect(campaigns.items.map((c) => c.owner.email)).toEqual([DEMO_USERS.buyer2.email]);
    const monetization = ZMonetizationRequestList.parse(
      await get('/api/v1/admin/monetization-requests?state=pending', 'admin'),
    );
    expect(monetization.items).toHaveLength(1);
  });
  it('shows people the role names, never the stored values, and asks no one to verify', async () => {
    for (const person of summary.users) expect(person.role).not.toMatch(/advertiser|publisher/i);
    expect(summary.users.find((u) => u.key === 'owner')?.role).toMatch(/^Screen owner: /);
    const rows = await t.app.deps.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(
        inArray(
          user.email,
          summary.users.map((u) => u.email),
        ),
      );
    expect(rows.map((row) => row.verified)).toEqual([true, true, true, true]);
  });

  it("dates the wallets' history over the simulated days, not at the moment of seeding", async () => {
    const at = async (kind: string) =>
      ZWalletTransactionList.parse(
        await get(`/api/v1/wallet/transactions?kind=${kind}&limit=100`, 'buyer'),
      ).items.map((row) => Date.parse(row.createdAt));
    const charges = await at('impression-charge');
    // Hour by hour over yesterday and today: many settlements, on more than one UTC day.
    expect(charges.length).toBeGreaterThan(5);
    const days = new Set(charges.map((ms) => new Date(ms).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...charges)).toBeLessThan(seedStarted);
    // Money came in and budgets were held before the first play was billed.
    expect(await at('top-up')).toEqual([expect.any(Number)]);
    expect(Math.max(...(await at('top-up')))).toBeLessThan(Math.min(...charges));
    expect(Math.max(...(await at('campaign-hold')))).toBeLessThan(Math.min(...charges));
  });

  it('keeps the simulated TVs reporting while the demo is served', async () => {
    const spaces = async () =>
      ZAdSpaceList.parse(await get('/api/v1/ad-spaces?limit=50', 'owner')).items.filter(
        (space) => space.status !== 'never-connected',
      );
    // Ten minutes without a heartbeat, as when the demo is served a while after seeding.
    const stale = sql`now() - interval '10 minutes'`;
    await t.app.deps.db.update(device).set({ lastSeenAt: stale }).where(isNotNull(device.id));
    await t.app.deps.db
      .update(adSpace)
      .set({ lastSeenAt: stale })
      .where(isNotNull(adSpace.lastSeenAt));
    expect((await spaces()).map((space) => space.status)).toEqual([
      'offline',
      'offline',
      'offline',
    ]);
    const stop = await keepDemoTvsReporting(t.app);
    try {
      await t.app.deps.playerHeartbeats.flush();
      expect((await spaces()).map((space) => space.status)).toEqual(['online', 'online', 'online']);
    } finally {
      stop();
    }
  });
});
