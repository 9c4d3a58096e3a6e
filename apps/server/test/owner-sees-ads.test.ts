import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdSpace } from '@screenline/shared/ad-space';
import {
  type TPlayerHeartbeat,
  ZDeviceRegistration,
  ZPlayerManifest,
  ZPlaysReport,
} from '@screenline/shared/player';
import { BACKENDS, createTestApp, type TTestApp } from './harness';
import { popMarketplace, type TPopMarketplace, type TPopScreen } from './proof-of-play-setup';
import { createAdSpace, createLocation, signUpOwner, type TOwner } from './screens-helpers';

/**
 * Issue 21 item 2: a buyer's ad on an owner's screen used to read "Deleted item" in the owner's
 * plays by item, "Now playing" and the TV's status (the creative is in the buyer's library, not
 * the owner's). The owner now sees the campaign's name and the buyer's display name, for ads
 * offered to their own screens only: another owner's TV reporting the same creative or campaign
 * gets neither.
 */
describe.each(BACKENDS)('an owner sees the ads that played on their screens, on %s', (backend) => {
  let t: TTestApp;
  let m: TPopMarketplace;
  let screen: TPopScreen;
  let campaignId: string;
  let ben: TOwner;
  let benSpace: string;
  let benTv: { token: string; deviceId: string };

  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const plays = (owner: TOwner, adSpaceId: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${adSpaceId}/plays?from=${day(-1)}&to=${day(1)}`,
      cookie: owner.cookie,
    });
  const heartbeat = (token: string, manifestVersion: string, contentId: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/player/heartbeat',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        appVersion: '0.3.1',
        manifestVersion,
        storage: { usedBytes: 1, quotaBytes: null, persisted: true },
        cache: { filesReady: 1, filesNeeded: 1, bytesReady: 1, bytesNeeded: 1, problem: null },
        nowPlaying: {
          playlistId: null,
          itemId: 'slot-1',
          contentId,
          startedAt: new Date().toISOString(),
        },
      } satisfies TPlayerHeartbeat,
    });
  /** The space as its owner reads it, after the heartbeats kept in memory are written. */
  async function adSpaceOf(owner: TOwner, id: string) {
    await t.app.deps.playerHeartbeats.flush();
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAdSpace.parse(res.json());
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    m = await popMarketplace(t);
    // The buyer's display name is their company.
    const named = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: m.buyer.cookie,
      payload: { company: 'Acme Outdoor' },
    });
    expect(named.statusCode, named.body).toBe(200);
    screen = await m.newScreen();
    campaignId = await m.campaignOn(screen, { name: 'Winter sale 2026' });
    await m.serve(screen);

    ben = await signUpOwner(t);
    const place = await createLocation(t, ben, { name: 'Ben’s bar' });
    benSpace = (await createAdSpace(t, ben, { locationId: place.id, name: 'Bar TV' })).id;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: ben.cookie,
      payload: {
        deviceKey: `ads-device-${crypto.randomUUID()}`,
        adSpaceId: benSpace,
        name: 'Bar TV',
        userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
        appVersion: '0.1.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    benTv = ZDeviceRegistration.parse(res.json());
  });
  afterAll(() => t.close());

  it('names the campaign and the buyer in the owner’s plays by item', async () => {
    const batch = [m.play(screen, campaignId), m.play(screen, campaignId), m.play(screen, null)];
    expect((await m.sent(screen, batch)).accepted).toHaveLength(3);
    expect(await m.reasons(batch)).toEqual(['billed', 'billed', null]);

    const res = await plays(m.owner, screen.adSpaceId);
    expect(res.statusCode, res.body).toBe(200);
    const report = ZPlaysReport.parse(res.json());
    expect(report.byItem).toEqual([
      {
        contentId: m.creative,
        name: null,
        kind: 'image',
        ad: { campaignId, campaignName: 'Winter sale 2026', advertiserName: 'Acme Outdoor' },
        plays: 2,
        shownMs: 2 * screen.slotMs,
      },
      { contentId: null, name: null, kind: null, ad: null, plays: 1, shownMs: screen.slotMs },
    ]);
  });

  it('names them in "Now playing" while the TV shows the ad its manifest offered', async () => {
    const manifest = ZPlayerManifest.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/player/manifest',
          headers: { authorization: `Bearer ${screen.token}` },
        })
      ).json(),
    );
    expect((await heartbeat(screen.token, manifest.version, m.creative)).statusCode).toBe(204);
    const space = await adSpaceOf(m.owner, screen.adSpaceId);
    expect(space.player?.nowPlaying).toMatchObject({
      contentId: m.creative,
      contentName: null,
      ad: { campaignId, campaignName: 'Winter sale 2026', advertiserName: 'Acme Outdoor' },
    });
    // A creative the manifest did not offer is not named, even the buyer's own.
    expect((await heartbeat(screen.token, manifest.version, m.otherCreative)).statusCode).toBe(204);
    expect((await adSpaceOf(m.owner, screen.adSpaceId)).player?.nowPlaying?.ad).toBeNull();
  });

  it('tells another owner nothing of the ad, whatever their TV reports', async () => {
    const manifest = ZPlayerManifest.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/player/manifest',
          headers: { authorization: `Bearer ${benTv.token}` },
        })
      ).json(),
    );
    // Ben's TV claims the buyer's creative is on screen, and that it played the campaign.
    expect((await heartbeat(benTv.token, manifest.version, m.creative)).statusCode).toBe(204);
    const space = await adSpaceOf(ben, benSpace);
    expect(space.player?.nowPlaying).toMatchObject({ contentId: m.creative, ad: null });

    const claimed = {
      id: crypto.randomUUID(),
      sequence: 1,
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      shownMs: 10_000,
      endReason: 'completed' as const,
      adSpaceId: benSpace,
      playlistId: null,
      playlistVersion: null,
      itemId: 'slot-1',
      contentId: m.creative,
      campaignId,
      creativeId: m.creative,
    };
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/player/impressions',
      headers: { authorization: `Bearer ${benTv.token}` },
      payload: { impressions: [claimed] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const report = ZPlaysReport.parse((await plays(ben, benSpace)).json());
    expect(report.byItem).toEqual([
      { contentId: m.creative, name: null, kind: null, ad: null, plays: 1, shownMs: 10_000 },
    ]);
    expect(JSON.stringify(report)).not.toContain('Winter sale');
    expect(JSON.stringify(report)).not.toContain('Acme');

    // Nor can Ben read the other owner's screen.
    expect((await plays(ben, screen.adSpaceId)).statusCode).toBe(404);
  });
});
