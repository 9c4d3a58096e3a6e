import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdPlaylist, ZAdPlaylistList } from '@screenline/shared/ad-playlist';
import {
  type TPlayerManifest,
  ZDeviceRegistration,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { impression, monetizationRequest, qrCode, qrScan } from '../../db/schema/index';
import { createMeRepository } from '../me/me.repository';
import { QR_RATE_LIMIT } from './qr.routes';
import { BACKENDS, createTestApp, ORIGIN, type TTestApp } from '../../../test/harness';
import { approveMonetization, insertFundedCampaign } from '../../../test/fill-rows';
import { contentItemOf } from '../../../test/matrix/fixtures';
import { createAdSpace, createLocation, type TOwner } from '../../../test/screens-helpers';
import {
  signUpForStorage,
  withTwoFactorForStorage,
  type TStorageUser,
} from '../../../test/storage-helpers';

const DAY_MS = 86_400_000;
let keys = 0;

/** `YYYY-MM-DD HH:mm` of an instant in a zone. */
function localOf(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe.each(BACKENDS)('marketplace fill and billing on %s', (backend) => {
  let t: TTestApp;
  let owner: TOwner & { storage: TStorageUser };
  let buyer: TStorageUser;
  let admin: TStorageUser;
  let locationId: string;
  /** The buyer's creatives. */
  let creative: string;

  interface TScreen {
    adSpaceId: string;
    token: string;
    deviceId: string;
  }

  async function role(user: { cookie: string }, value: 'advertiser' | 'publisher') {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: user.cookie,
      payload: { role: value },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    const ownerUser = await signUpForStorage(t);
    await role(ownerUser, 'advertiser');
    owner = { userId: ownerUser.userId, cookie: ownerUser.cookie, storage: ownerUser };
    buyer = await signUpForStorage(t);
    await role(buyer, 'publisher');
    const plainAdmin = await signUpForStorage(t);
    await createMeRepository(t.app.deps.db).setSuperUser(plainAdmin.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    admin = await withTwoFactorForStorage(t, plainAdmin);
    locationId = (
      await createLocation(t, owner, {
        name: 'Berlin café',
        address: { line: '1 Torstraße', city: 'Berlin', country: 'DE' },
        timeZone: 'Europe/Berlin',
        venueType: 'food-and-drink',
      })
    ).id;
    creative = await contentItemOf(t, buyer);
  });
  afterAll(() => t.close());

  /** A new ad space at the Berlin location with a TV set up; monetized unless told. */
  async function newScreen(options: { monetized?: boolean; floor?: number } = {}) {
    const adSpaceId = (await createAdSpace(t, owner, { locationId, name: `Screen ${keys}` })).id;
    keys += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: `fill-device-key-${Date.now()}-${keys}`,
        adSpaceId,
        name: 'TV',
        userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
        appVersion: '0.1.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tv = ZDeviceRegistration.parse(res.json());
    if (options.monetized !== false)
      await approveMonetization(t, { adSpaceId, ownerId: owner.userId }, options.floor ?? 1000);
    return { adSpaceId, token: tv.token, deviceId: tv.deviceId } satisfies TScreen;
  }

  /** A funded approved campaign of the buyer that targets only this space. */
  const campaignOn = (
    screen: TScreen,
    overrides: Parameters<typeof insertFundedCampaign>[1] | object = {},
  ) =>
    insertFundedCampaign(t, {
      ownerId: buyer.userId,
      creativeIds: [creative],
      targeting: { adSpaceIds: [screen.adSpaceId] },
      ...overrides,
    });

  async function manifestOf(screen: TScreen): Promise<{ etag: string; manifest: TPlayerManifest }> {
    // Rows written straight to the tables announce nothing: drop the cached manifest as the
    // services' change messages do.
    t.app.deps.playerChanges.publishContent([screen.adSpaceId]);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/player/manifest',
      headers: { authorization: `Bearer ${screen.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { etag: String(res.headers.etag), manifest: ZPlayerManifest.parse(res.json()) };
  }

  const adminPlaylist = async (adSpaceId: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/admin/ad-playlists/${adSpaceId}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAdPlaylist.parse(res.json());
  };

  const putPlaylist = (adSpaceId: string, payload: Record<string, string[]>) =>
    t.request({
      method: 'PUT',
      url: `/api/v1/admin/ad-playlists/${adSpaceId}`,
      cookie: admin.cookie,
      payload: {
        pinnedCampaignIds: [],
        excludedCampaignIds: [],
        houseAdContentIds: [],
        ...payload,
      },
    });

  describe('the manifest’s adFill', () => {
    it('fills ad slots only while the space’s monetization is approved, and the ETag follows', async () => {
      const screen = await newScreen({ monetized: false });
      const campaignId = await campaignOn(screen);
      const before = await manifestOf(screen);
      expect(before.manifest.adFill).toBeNull();

      const requestId = await approveMonetization(t, {
        adSpaceId: screen.adSpaceId,
        ownerId: owner.userId,
      });
      const filled = await manifestOf(screen);
      expect(filled.etag).not.toBe(before.etag);
      const { adFill, media, timelineFromMs, timelineToMs } = filled.manifest;
      expect(adFill?.campaigns).toEqual([
        {
          campaignId,
          weight: expect.any(Number) as number,
          qrUrl: null,
          windows: [{ startMs: timelineFromMs, endMs: timelineToMs }],
          creatives: [{ creativeId: creative, contentId: creative, kind: 'image' }],
        },
      ]);
      expect(adFill?.houseAds).toEqual([]);
      expect(media.map((file) => file.contentId)).toContain(creative);
      // The same fill again: the same version (TVs answer 304).
      expect((await manifestOf(screen)).etag).toBe(filled.etag);

      await t.app.deps.db
        .update(monetizationRequest)
        .set({ state: 'suspended' })
        .where(eq(monetizationRequest.id, requestId));
      const suspended = await manifestOf(screen);
      expect(suspended.manifest.adFill).toBeNull();
      expect(suspended.manifest.media.map((file) => file.contentId)).not.toContain(creative);
    });

    it('gives each campaign its dates and dayparts as windows in the location’s zone', async () => {
      const screen = await newScreen();
      const daytime = await campaignOn(screen, {
        name: 'Daytime',
        dayparts: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '09:00', endTime: '17:00' }],
      });
      const berlinToday = localOf(Date.now(), 'Europe/Berlin').slice(0, 10);
      const inTwoDays = new Date(Date.parse(`${berlinToday}T12:00:00Z`) + 2 * DAY_MS)
        .toISOString()
        .slice(0, 10);
      const later = await campaignOn(screen, { name: 'Later', startDate: inTwoDays });
      const ended = await campaignOn(screen, {
        name: 'Over',
        startDate: '2020-01-01',
        endDate: '2020-01-31',
      });
      const { adFill } = (await manifestOf(screen)).manifest;
      const byId = new Map(adFill?.campaigns.map((entry) => [entry.campaignId, entry]));
      expect(byId.has(ended)).toBe(false);

      const windows = byId.get(daytime)?.windows ?? [];
      // The timeline starts at 00:00 UTC today and spans 7 days: seven 09:00–17:00 windows.
      expect(windows).toHaveLength(7);
      for (const window of windows) {
        expect(localOf(window.startMs, 'Europe/Berlin').slice(11)).toBe('09:00');
        expect(localOf(window.endMs, 'Europe/Berlin').slice(11)).toBe('17:00');
      }
      const first = byId.get(later)?.windows[0];
      expect(first && localOf(first.startMs, 'Europe/Berlin')).toBe(`${inTwoDays} 00:00`);
    });

    it('leaves out a bid below the floor, excluded campaigns, and all but pinned ones; adds house ads', async () => {
      const screen = await newScreen({ floor: 5000 });
      const cheap = await campaignOn(screen, { name: 'Cheap', bidMicrosPerSecond: 4000 });
      const first = await campaignOn(screen, { name: 'First', bidMicrosPerSecond: 5000 });
      const second = await campaignOn(screen, { name: 'Second', bidMicrosPerSecond: 20_000 });
      const filledIds = async () =>
        (await manifestOf(screen)).manifest.adFill?.campaigns.map((entry) => entry.campaignId);
      expect(await filledIds()).toEqual([first, second]);
      const playlist = await adminPlaylist(screen.adSpaceId);
      expect(playlist.adSpace.floorMicrosPerSecond).toBe(5000);
      const cheapEntry = playlist.rotation.find((entry) => entry.campaignId === cheap);
      expect(cheapEntry).toMatchObject({ weight: 0, share: 0 });
      expect(cheapEntry?.notPlayingBecause).toMatch(/floor/);
      const shares = playlist.rotation.filter((entry) => entry.weight > 0);
      expect(shares.reduce((sum, entry) => sum + entry.share, 0)).toBeCloseTo(1);
      // A higher bid weighs more (both are on pace: nothing spent, flights far from over).
      const weightOf = (id: string) => shares.find((entry) => entry.campaignId === id)?.weight ?? 0;
      expect(weightOf(second)).toBeGreaterThan(weightOf(first));

      let res = await putPlaylist(screen.adSpaceId, { excludedCampaignIds: [second] });
      expect(res.statusCode, res.body).toBe(200);
      expect(await filledIds()).toEqual([first]);

      res = await putPlaylist(screen.adSpaceId, { pinnedCampaignIds: [second] });
      expect(res.statusCode, res.body).toBe(200);
      expect(await filledIds()).toEqual([second]);
      expect(
        ZAdPlaylist.parse(res.json()).rotation.find((entry) => entry.campaignId === first)
          ?.notPlayingBecause,
      ).toMatch(/pinned/);

      const houseAd = await contentItemOf(t, admin);
      res = await putPlaylist(screen.adSpaceId, { houseAdContentIds: [houseAd] });
      expect(res.statusCode, res.body).toBe(200);
      const { manifest } = await manifestOf(screen);
      expect(manifest.adFill?.houseAds).toEqual([
        { creativeId: houseAd, contentId: houseAd, kind: 'image' },
      ]);
      expect(manifest.media.map((file) => file.contentId)).toContain(houseAd);

      // Someone else's item is not a house ad; ids that are not campaigns are refused.
      expect(
        (await putPlaylist(screen.adSpaceId, { houseAdContentIds: [creative] })).statusCode,
      ).toBe(404);
      res = await putPlaylist(screen.adSpaceId, { pinnedCampaignIds: [crypto.randomUUID()] });
      expect(res.statusCode, res.body).toBe(400);
      expect(
        (
          await putPlaylist(screen.adSpaceId, {
            pinnedCampaignIds: [first],
            excludedCampaignIds: [first],
          })
        ).statusCode,
      ).toBe(400);

      const list = await t.request({
        method: 'GET',
        url: '/api/v1/admin/ad-playlists',
        cookie: admin.cookie,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(ZAdPlaylistList.parse(list.json()).items).toContainEqual(
        expect.objectContaining({
          adSpaceId: screen.adSpaceId,
          houseAds: 1,
          pinned: 0,
          excluded: 0,
        }),
      );
    });

    it('holds back a campaign ahead of its even pace and keeps the one on its line (issue 22)', async () => {
      const screen = await newScreen();
      // The fixtures' flight runs to 2099: an even day is 10.00 ÷ some 27,000 days, well
      // under 0.01, so a play billed 0.07 today puts one of them far ahead.
      const ahead = await campaignOn(screen, { name: 'Ahead' });
      const even = await campaignOn(screen, { name: 'Even' });
      const berlinToday = localOf(Date.now(), 'Europe/Berlin').slice(0, 10);
      await t.app.deps.db.insert(impression).values({
        id: crypto.randomUUID(),
        deviceId: screen.deviceId,
        ownerId: owner.userId,
        adSpaceId: screen.adSpaceId,
        sequence: 1,
        startedAt: new Date(Date.now() - 60_000),
        shownMs: 7_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId: ahead,
        creativeId: creative,
        // As settlement leaves a billed play: on its local day at the screen.
        verdict: 'billed',
        billedMicros: 70_000,
        localDay: berlinToday,
      });
      const filled = (await manifestOf(screen)).manifest.adFill?.campaigns ?? [];
      expect(filled.map((entry) => entry.campaignId)).toEqual([even]);
      const rotation = (await adminPlaylist(screen.adSpaceId)).rotation;
      const held = rotation.find((entry) => entry.campaignId === ahead);
      expect(held).toMatchObject({ weight: 0, share: 0 });
      expect(held?.notPlayingBecause).toMatch(/ahead of its even pace/i);
      // Behind its line (nothing billed today) a campaign weighs at least its bid, at most twice.
      const kept = rotation.find((entry) => entry.campaignId === even);
      expect(kept?.weight).toBeGreaterThanOrEqual(10_000);
      expect(kept?.weight).toBeLessThanOrEqual(20_000);
    });

    it('gives the preview the lengths of the ad slots the space’s playlists hold', async () => {
      const screen = await newScreen();
      expect((await adminPlaylist(screen.adSpaceId)).adSlotSeconds).toEqual([]);
      const made = await t.request({
        method: 'POST',
        url: '/api/v1/playlists',
        cookie: owner.cookie,
        payload: {
          name: `Slots ${keys}`,
          items: [
            { id: 'slot-a', type: 'adSlot', lengthSeconds: 20 },
            { id: 'slot-b', type: 'adSlot', lengthSeconds: 10 },
            { id: 'slot-c', type: 'adSlot', lengthSeconds: 20 },
          ],
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/ad-spaces/${screen.adSpaceId}`,
        cookie: owner.cookie,
        payload: { defaultPlaylistId: made.json<{ id: string }>().id },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      // Each length once, shortest first: what "10 s and 20 s slots" reads from.
      expect((await adminPlaylist(screen.adSpaceId)).adSlotSeconds).toEqual([10, 20]);
    });

    it('answers 404 for a space that is not monetized', async () => {
      const screen = await newScreen({ monetized: false });
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/admin/ad-playlists/${screen.adSpaceId}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET /q/{code}', () => {
    it('V3.7.2 records the scan and redirects to the campaign’s stored destination, never to a URL from the request', async () => {
      const screen = await newScreen();
      const campaignId = await campaignOn(screen, {
        destinationUrl: 'https://example.com/sale?from=tv',
      });
      const qrUrlNow = async () =>
        (await manifestOf(screen)).manifest.adFill?.campaigns.find(
          (candidate) => candidate.campaignId === campaignId,
        )?.qrUrl;
      const qrUrl = await qrUrlNow();
      const prefix = `${ORIGIN}/q/`;
      expect(qrUrl?.startsWith(prefix)).toBe(true);
      const code = qrUrl?.slice(prefix.length) ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{10,}$/);
      // The same code on the next build: one per campaign and space.
      expect(await qrUrlNow()).toBe(qrUrl);

      const res = await t.request({ method: 'GET', url: `/q/${code}?next=https://evil.example` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.com/sale?from=tv');
      const scans = await t.app.deps.db
        .select()
        .from(qrScan)
        .where(eq(qrScan.campaignId, campaignId));
      expect(scans).toHaveLength(1);
      expect(scans[0]?.adSpaceId).toBe(screen.adSpaceId);
    });

    it('V3.7.2 answers 404 for unknown and malformed codes, and never redirects to a destination that is not http or https', async () => {
      for (const url of ['/q/AAAAAAAAAAAAAAAA', '/q/x', '/q/%3Cscript%3E']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers.location).toBeUndefined();
      }
      const screen = await newScreen();
      const campaignId = await campaignOn(screen, { destinationUrl: 'javascript:alert(1)' });
      await t.app.deps.db
        .insert(qrCode)
        .values({ code: 'scriptcode01', campaignId, adSpaceId: screen.adSpaceId });
      const res = await t.request({ method: 'GET', url: '/q/scriptcode01' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(
        await t.app.deps.db.select().from(qrScan).where(eq(qrScan.campaignId, campaignId)),
      ).toEqual([]);
    });

    it('limits scans per address', async () => {
      const answers = [];
      for (let i = 0; i <= QR_RATE_LIMIT.max; i += 1)
        answers.push((await t.request({ method: 'GET', url: '/q/AAAAAAAAAAAA' })).statusCode);
      expect(answers.at(-1)).toBe(429);
    });
  });
});
