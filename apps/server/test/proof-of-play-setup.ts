import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type TImpression,
  type TPlayerManifest,
  ZDeviceRegistration,
  ZImpressionBatchResult,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { deviceServedFill, impression, playlist } from '../src/db/schema/index';
import {
  balancesOf,
  campaignHoldAccountId,
  PLATFORM_REVENUE_ACCOUNT_ID,
  walletAccountId,
} from '../src/modules/ledger/ledger';
import { createMeRepository } from '../src/modules/me/me.repository';
import { approveMonetization, insertFundedCampaign } from './fill-rows';
import { withTwoFactor, type TTestApp } from './harness';
import { contentItemOf } from './matrix/fixtures';
import { createAdSpace, createLocation, insertPlaylist, type TOwner } from './screens-helpers';
import { signUpForStorage, type TStorageUser } from './storage-helpers';

/**
 * A marketplace as proof of play sees it (issue 17): an owner's monetized screens, each with a
 * TV and a default playlist of one ad slot; a funded buyer with creatives; a super-user. Plays
 * are made the way a TV makes them: after a manifest that offered the campaign was fetched, in
 * the slot's playlist and item, one after the other on the TV's clock.
 */
export interface TPopScreen {
  adSpaceId: string;
  deviceId: string;
  token: string;
  playlistId: string;
  slotMs: number;
  /** The TV's clock: where its next play starts (ms). */
  clock: number;
  sequence: number;
  /** The monetization request that made it monetized; null when it is not. */
  monetizationId: string | null;
}

export const SLOT_ID = 'slot-1';

/** What 10 s of a play at a bid of 10,000 micros a second costs. */
export const TEN_SECONDS = 100_000;

export async function popMarketplace(t: TTestApp) {
  const role = async (user: { cookie: string }, value: 'advertiser' | 'publisher') => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: user.cookie,
      payload: { role: value },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ownerUser = await signUpForStorage(t);
  await role(ownerUser, 'advertiser');
  const owner: TOwner = { userId: ownerUser.userId, cookie: ownerUser.cookie };
  const buyer = await signUpForStorage(t);
  await role(buyer, 'publisher');
  const plainAdmin = await signUpForStorage(t);
  await createMeRepository(t.app.deps.db).setSuperUser(plainAdmin.email, true);
  // Super-users act as such with two-factor sign-in on (issue 18 item 4).
  const admin = await withTwoFactor(t, plainAdmin);
  const location = await createLocation(t, owner, {
    name: 'Berlin café',
    address: { line: '1 Torstraße', city: 'Berlin', country: 'DE' },
    timeZone: 'Europe/Berlin',
    venueType: 'food-and-drink',
  });
  const creative = await contentItemOf(t, buyer);
  const otherCreative = await contentItemOf(t, buyer);
  let screens = 0;

  /**
   * A new ad space at the Berlin location (or the one given), its playlist one ad slot, a TV set
   * up; monetized unless told.
   */
  async function newScreen(
    options: {
      monetized?: boolean;
      floor?: number;
      slotSeconds?: number;
      locationId?: string;
    } = {},
  ): Promise<TPopScreen> {
    const slotSeconds = options.slotSeconds ?? 10;
    const playlistId = await insertPlaylist(t, owner, `Ads ${screens}`);
    await t.app.deps.db
      .update(playlist)
      .set({ items: [{ id: SLOT_ID, type: 'adSlot', lengthSeconds: slotSeconds }] })
      .where(eq(playlist.id, playlistId));
    const adSpaceId = (
      await createAdSpace(t, owner, {
        locationId: options.locationId ?? location.id,
        name: `Screen ${screens}`,
        defaultPlaylistId: playlistId,
      })
    ).id;
    screens += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: `pop-device-${crypto.randomUUID()}`,
        adSpaceId,
        name: 'TV',
        userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
        appVersion: '0.1.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tv = ZDeviceRegistration.parse(res.json());
    const monetizationId =
      options.monetized === false
        ? null
        : await approveMonetization(t, { adSpaceId, ownerId: owner.userId }, options.floor ?? 1000);
    return {
      adSpaceId,
      deviceId: tv.deviceId,
      token: tv.token,
      playlistId,
      slotMs: slotSeconds * 1000,
      // Four minutes ago: room for twenty plays before now, and after a manifest fetched now
      // (the clock-skew allowance is five minutes); never before today's UTC midnight, where
      // the timeline of a manifest built today starts.
      clock: Math.max(
        Date.now() - 4 * 60_000,
        Math.floor(Date.now() / 86_400_000) * 86_400_000 + 1000,
      ),
      sequence: 0,
      monetizationId,
    };
  }

  /** A funded approved campaign of the buyer that targets only this space. */
  const campaignOn = (
    screen: TPopScreen,
    overrides: Partial<Parameters<typeof insertFundedCampaign>[1]> = {},
  ) =>
    insertFundedCampaign(t, {
      ownerId: buyer.userId,
      creativeIds: [creative],
      targeting: { adSpaceIds: [screen.adSpaceId] },
      ...overrides,
    });

  /** The TV fetches its manifest (a fresh build: rows written straight announce nothing). */
  async function serve(screen: TPopScreen): Promise<TPlayerManifest> {
    t.app.deps.playerChanges.publishContent([screen.adSpaceId]);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/player/manifest',
      headers: { authorization: `Bearer ${screen.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZPlayerManifest.parse(res.json());
  }

  /** Moves the records of what the TV was sent back in time (to play in the past). */
  async function servedEarlier(screen: TPopScreen, byMs: number) {
    await t.app.deps.db
      .update(deviceServedFill)
      .set({ servedAt: sql`${deviceServedFill.servedAt} - ${`${byMs} milliseconds`}::interval` })
      .where(eq(deviceServedFill.deviceId, screen.deviceId));
  }

  /** The TV's next play of the campaign in its ad slot, on its clock; overrides win. */
  function play(
    screen: TPopScreen,
    campaignId: string | null,
    overrides: Partial<TImpression> = {},
  ): TImpression {
    const shownMs = overrides.shownMs ?? screen.slotMs;
    const startedAt = new Date(screen.clock).toISOString();
    screen.clock += shownMs + 100;
    screen.sequence += 1;
    return {
      id: crypto.randomUUID(),
      sequence: screen.sequence,
      startedAt,
      shownMs,
      endReason: 'completed',
      adSpaceId: screen.adSpaceId,
      playlistId: screen.playlistId,
      playlistVersion: 1,
      itemId: SLOT_ID,
      contentId: campaignId ? creative : null,
      campaignId,
      creativeId: campaignId ? creative : null,
      ...overrides,
    };
  }

  const send = (screen: TPopScreen, impressions: TImpression[]) =>
    t.request({
      method: 'POST',
      url: '/api/v1/player/impressions',
      headers: { authorization: `Bearer ${screen.token}` },
      payload: { impressions },
    });

  async function sent(screen: TPopScreen, impressions: TImpression[]) {
    const res = await send(screen, impressions);
    expect(res.statusCode, res.body).toBe(200);
    return ZImpressionBatchResult.parse(res.json());
  }

  /** Settles whatever is due, then each play's verdict and charge (settlement runs behind ingest). */
  async function verdicts(plays: readonly TImpression[]) {
    await t.app.deps.settlement.settleDue();
    const rows = await t.app.deps.db
      .select({ id: impression.id, verdict: impression.verdict, billed: impression.billedMicros })
      .from(impression)
      .where(
        inArray(
          impression.id,
          plays.map((p) => p.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return plays.map((p) => byId.get(p.id) ?? { id: p.id, verdict: 'absent', billed: -1 });
  }
  const billed = async (plays: readonly TImpression[]) =>
    (await verdicts(plays)).map((row) => row.billed);
  const reasons = async (plays: readonly TImpression[]) =>
    (await verdicts(plays)).map((row) => row.verdict);

  /** Balances of the campaign's hold, the owner's wallet and the platform's revenue. */
  async function money(campaignId: string) {
    const db = t.app.deps.db;
    const hold = await campaignHoldAccountId(db, campaignId);
    const wallet = await walletAccountId(db, owner.userId);
    const balances = await balancesOf(db, [hold, wallet, PLATFORM_REVENUE_ACCOUNT_ID]);
    return {
      hold: balances.get(hold) ?? 0,
      owner: balances.get(wallet) ?? 0,
      platform: balances.get(PLATFORM_REVENUE_ACCOUNT_ID) ?? 0,
    };
  }

  return {
    owner,
    ownerStorage: ownerUser,
    buyer,
    admin,
    location,
    creative,
    otherCreative,
    newScreen,
    campaignOn,
    serve,
    servedEarlier,
    play,
    send,
    sent,
    verdicts,
    billed,
    reasons,
    money,
  };
}

export type TPopMarketplace = Awaited<ReturnType<typeof popMarketplace>>;
export type { TStorageUser };
