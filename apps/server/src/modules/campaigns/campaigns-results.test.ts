// What a campaign shows once it runs: its results by day and ad space (JSON and CSV), its pacing
// against the even line, the super-users' list, the publisher's dashboard, the marketplace of
// monetized spaces it can target, and the library items it keeps from deletion.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ZAdminCampaignList,
  ZCampaignResults,
  ZMarketplaceAdSpaceList,
  ZPublisherDashboard,
} from '@screenline/shared/campaign';
import { ZApiError, ZInUseDetails } from '@screenline/shared/errors';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import { device, impression, playlist, qrScan } from '../../db/schema/index';
import { RESULTS_MAX_DAYS } from './campaign-dates';
import { codeOf, useCampaignsApp, utcDay } from '../../../test/campaigns-app';
import { BACKENDS } from '../../../test/harness';
import { addContent, setDefaultPlaylist } from '../../../test/screen-rows';

describe.each(BACKENDS)('campaigns on %s', (backend) => {
  const app = useCampaignsApp(backend);
  const { draft, act, view, wallet, approved } = app;

  describe('results, marketplace and dashboard', () => {
    it('reports plays, seconds, spend and scans by day and space, as JSON and CSV', async () => {
      const made = await approved({ startDate: '2026-03-01', endDate: utcDay(30) });
      const [tv] = await app.t.app.deps.db
        .insert(device)
        .values({
          ownerId: app.owner.userId,
          adSpaceId: app.monetized,
          deviceKey: `campaign-tv-${made.id}`,
          userAgent: 'Test',
          appVersion: '1.0.0',
          heartbeat: heartbeat([app.poster.id]),
        })
        .returning({ id: device.id });
      // Stored as settlement leaves them: billed, on their local day at the screen (New York).
      const play = (
        sequence: number,
        startedAt: string,
        localDay: string,
        billedMicros: number,
      ) => ({
        verdict: 'billed',
        localDay,
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: app.owner.userId,
        adSpaceId: app.monetized,
        sequence,
        startedAt: new Date(startedAt),
        shownMs: 15_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: app.poster.id,
        billedMicros,
      });
      await app.t.app.deps.db
        .insert(impression)
        .values([
          play(1, '2026-03-02T15:00:00Z', '2026-03-02', 15_000),
          play(2, '2026-03-03T04:59:59Z', '2026-03-02', 15_000),
          play(3, '2026-03-03T05:00:01Z', '2026-03-03', 7_000),
        ]);
      await app.t.app.deps.db.insert(qrScan).values({
        campaignId: made.id,
        adSpaceId: app.monetized,
        scannedAt: new Date('2026-03-03T08:00:00Z'),
      });

      const url = `/api/v1/campaigns/${made.id}/results?from=2026-03-01&to=2026-03-03`;
      const res = await app.t.request({ method: 'GET', url, cookie: app.buyer.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const results = ZCampaignResults.parse(res.json());
      expect(results.totals).toEqual({
        impressions: 3,
        shownMs: 45_000,
        spentMicros: 37_000,
        qrScans: 1,
      });
      expect(results.byDay).toEqual([
        { day: '2026-03-01', impressions: 0, shownMs: 0, spentMicros: 0, qrScans: 0 },
        { day: '2026-03-02', impressions: 2, shownMs: 30_000, spentMicros: 30_000, qrScans: 0 },
        { day: '2026-03-03', impressions: 1, shownMs: 15_000, spentMicros: 7_000, qrScans: 1 },
      ]);
      expect(results.byAdSpace).toEqual([
        expect.objectContaining({
          adSpaceId: app.monetized,
          name: 'Monetized window',
          city: 'Springfield',
          impressions: 3,
        }),
      ]);
      expect(results.readiness).toEqual({ readyScreens: 1, targetedScreens: 1 });
      expect((await view(made.id)).spentMicros).toBe(37_000);

      const csv = await app.t.request({
        method: 'GET',
        url,
        cookie: app.buyer.cookie,
        headers: { accept: 'text/csv' },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="campaign-spring-sale-2026-03-01-to-2026-03-03.csv"',
      );
      expect(csv.body.split('\r\n')).toEqual([
        'day,ad_space_id,ad_space,city,impressions,shown_seconds,spent_eur,qr_scans,shown_ms,spent_micros',
        `2026-03-02,${app.monetized},Monetized window,Springfield,2,30.000,0.030000,0,30000,30000`,
        `2026-03-03,${app.monetized},Monetized window,Springfield,1,15.000,0.007000,1,15000,7000`,
        '',
      ]);
      const backwards = await app.t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${made.id}/results?from=2026-03-03&to=2026-03-01`,
        cookie: app.buyer.cookie,
      });
      expect(backwards.statusCode).toBe(400);

      // Without a range: the flight; longer than RESULTS_MAX_DAYS, its last RESULTS_MAX_DAYS
      // days up to today (every micro billed lately is in them).
      const long = await draft({ startDate: '2025-01-01', endDate: '2099-12-31' });
      const flight = await app.t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${long.id}/results`,
        cookie: app.buyer.cookie,
      });
      expect(flight.statusCode, flight.body).toBe(200);
      const defaulted = ZCampaignResults.parse(flight.json());
      expect([defaulted.from, defaulted.to, defaulted.byDay.length]).toEqual([
        utcDay(-(RESULTS_MAX_DAYS - 1)),
        utcDay(0),
        RESULTS_MAX_DAYS,
      ]);

      // A TV missing a creative is not ready.
      await app.t.app.deps.db
        .update(device)
        .set({ heartbeat: heartbeat([]) })
        .where(eq(device.id, tv!.id));
      const notReady = ZCampaignResults.parse(
        (await app.t.request({ method: 'GET', url, cookie: app.buyer.cookie })).json(),
      );
      expect(notReady.readiness).toEqual({ readyScreens: 0, targetedScreens: 1 });

      const dashboard = await app.t.request({
        method: 'GET',
        url: '/api/v1/publisher/dashboard',
        cookie: app.buyer.cookie,
      });
      const figures = ZPublisherDashboard.parse(dashboard.json());
      expect(figures.spendToDateMicros).toBeGreaterThanOrEqual(37_000);
      expect(figures.impressionsToDate).toBeGreaterThanOrEqual(3);
      expect(figures.balanceMicros).toBe(await wallet(app.buyer.userId));
      expect(figures.activeCampaigns).toBeGreaterThanOrEqual(1);
    });

    it('shows spend against the even line, and super-users find it by advertiser with its pacing', async () => {
      // Four days from the day before yesterday; 3.9 of 4.00 already spent on the first.
      const made = await approved({
        name: 'Paced sale',
        startDate: utcDay(-2),
        endDate: utcDay(1),
        budgetMicros: 4_000_000,
      });
      const [tv] = await app.t.app.deps.db
        .insert(device)
        .values({
          ownerId: app.owner.userId,
          adSpaceId: app.monetized,
          deviceKey: `paced-tv-${made.id}`,
          userAgent: 'Test',
          appVersion: '1.0.0',
        })
        .returning({ id: device.id });
      await app.t.app.deps.db.insert(impression).values({
        verdict: 'billed',
        localDay: utcDay(-2),
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: app.owner.userId,
        adSpaceId: app.monetized,
        sequence: 1,
        startedAt: new Date(`${utcDay(-2)}T18:00:00Z`),
        shownMs: 15_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: app.poster.id,
        billedMicros: 3_900_000,
      });
      // A play dated tomorrow at its screen, as a screen in a zone ahead of the line's has them
      // while it is still today here: spent, so in today's point of the line.
      await app.t.app.deps.db.insert(impression).values({
        verdict: 'billed',
        localDay: utcDay(1),
        id: crypto.randomUUID(),
        deviceId: tv!.id,
        ownerId: app.owner.userId,
        adSpaceId: app.monetized,
        sequence: 2,
        startedAt: new Date(`${utcDay(-2)}T18:01:00Z`),
        shownMs: 1_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: made.id,
        creativeId: app.poster.id,
        billedMicros: 50_000,
      });
      const res = await app.t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${made.id}/results`,
        cookie: app.buyer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const pacing = ZCampaignResults.parse(res.json()).pacing;
      expect(pacing?.days.map((day) => day.day)).toEqual([
        utcDay(-2),
        utcDay(-1),
        utcDay(0),
        utcDay(1),
      ]);
      // The even line rises by about a quarter a day (no dayparts; a day of 23 or 25 hours in
      // New York on a clock change) to the budget.
      const evens = pacing?.days.map((day) => day.evenMicros) ?? [];
      expect(evens[0]).toBeGreaterThan(950_000);
      expect(evens[0]).toBeLessThan(1_050_000);
      expect(evens[1]).toBeGreaterThan(evens[0]!);
      expect(evens[3]).toBe(4_000_000);
      // Each day's point is what was spent to its end; today's (the last one) all of it.
      const spent = pacing?.days.flatMap((day) => (day.spentMicros === null ? [] : [day])) ?? [];
      expect(spent.map((day) => day.spentMicros)).toEqual([
        ...spent.slice(1).map(() => 3_900_000),
        3_950_000,
      ]);
      // Tomorrow has not happened: no spend yet.
      expect(pacing?.days[3]?.spentMicros).toBeNull();
      // At most three days' line (3.00) now, and 3.9 spent: ahead by more than half a day.
      expect(pacing).toMatchObject({ status: 'ahead', budgetMicros: 4_000_000 });

      // Drafts show no line.
      const plain = await draft();
      const none = await app.t.request({
        method: 'GET',
        url: `/api/v1/campaigns/${plain.id}/results`,
        cookie: app.buyer.cookie,
      });
      expect(ZCampaignResults.parse(none.json()).pacing).toBeNull();

      // The super-users' list: found by the advertiser's email, with its pacing; not another's.
      const list = await app.t.request({
        method: 'GET',
        url: `/api/v1/admin/campaigns?q=${encodeURIComponent(app.buyer.email)}&limit=100`,
        cookie: app.admin.cookie,
      });
      expect(list.statusCode, list.body).toBe(200);
      const items = ZAdminCampaignList.parse(list.json()).items;
      expect(items.find((item) => item.id === made.id)?.pacing?.status).toBe('ahead');
      expect(items.find((item) => item.id === plain.id)?.pacing).toBeNull();
      expect(items.every((item) => item.owner.id === app.buyer.userId)).toBe(true);
      const byName = await app.t.request({
        method: 'GET',
        url: '/api/v1/admin/campaigns?q=paced%20SALE&status=active',
        cookie: app.admin.cookie,
      });
      expect(ZAdminCampaignList.parse(byName.json()).items.map((item) => item.id)).toEqual([
        made.id,
      ]);
    });

    it('lists only approved-monetized spaces, with their ad-slot seconds per day', async () => {
      const [loop] = await app.t.app.deps.db
        .insert(playlist)
        .values({
          ownerId: app.owner.userId,
          name: 'Half ads',
          items: [
            {
              id: 'poster',
              type: 'content',
              contentId: crypto.randomUUID(),
              kind: 'image',
              durationSeconds: 15,
            },
            { id: 'slot', type: 'adSlot', lengthSeconds: 15 },
          ],
        })
        .returning({ id: playlist.id });
      await setDefaultPlaylist(app.t, app.monetized, loop!.id);
      const res = await app.t.request({
        method: 'GET',
        url: '/api/v1/marketplace/ad-spaces',
        cookie: app.buyer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = ZMarketplaceAdSpaceList.parse(res.json());
      expect(items.map((item) => item.adSpaceId)).toEqual([app.monetized]);
      expect(items[0]).toMatchObject({
        name: 'Monetized window',
        city: 'Springfield',
        venueType: 'retail',
        orientation: 'landscape',
        floorMicrosPerSecond: 500,
        // Half of every second of the day.
        slotSecondsPerDay: 43_200,
      });
      expect(items[0]).not.toHaveProperty('ownerId');
    });

    it('refuses to delete a library item a campaign that is not over uses', async () => {
      const item = await addContent(app.t, app.buyer, 'image', 'In use');
      const made = await draft({ name: 'Uses it', creativeIds: [item.id] });
      const res = await app.t.request({
        method: 'DELETE',
        url: `/api/v1/content/${item.id}`,
        cookie: app.buyer.cookie,
      });
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe('in-use');
      expect(ZInUseDetails.parse(ZApiError.parse(res.json()).error.details).references).toEqual([
        { kind: 'campaign', id: made.id, name: 'Uses it' },
      ]);
      await act(made.id, 'cancel', { 'idempotency-key': crypto.randomUUID() });
      const after = await app.t.request({
        method: 'DELETE',
        url: `/api/v1/content/${item.id}`,
        cookie: app.buyer.cookie,
      });
      expect(after.statusCode).toBe(204);
    });
  });
});

function heartbeat(adCreativesReady: string[]): TPlayerHeartbeat {
  return {
    appVersion: '1.0.0',
    manifestVersion: 'v1',
    storage: { usedBytes: 0, quotaBytes: null, persisted: true },
    cache: { filesReady: 1, filesNeeded: 1, bytesReady: 1, bytesNeeded: 1, problem: null },
    nowPlaying: null,
    adCreativesReady,
  };
}
