import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ZCampaign, type TCampaignState } from '@screenline/shared/campaign';
import { ZContentItem } from '@screenline/shared/content';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { ZScreenGroup } from '@screenline/shared/screen-group';
import { campaign } from '../../src/db/schema/index';
import type { TTestApp } from '../harness';
import { insertAdSpace } from '../screen-rows';
import { type TStorageUser, uploadMultipart } from '../storage-helpers';
import type { TFixture, TTarget } from './matrix-types';

/** Resources the matrix's cases make through the API, like a client would. */

/** A 1×1 PNG: real image bytes, whatever checks the storage service makes on uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let uploads = 0;
/** A content item of `user`, made through the API like a client would. */
export async function contentItemOf(t: TTestApp, user: TStorageUser): Promise<string> {
  const objectPath = await uploadedImageOf(t, user);
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/content',
    cookie: user.cookie,
    payload: { name: 'Matrix', objectPath, kind: 'image', width: 1, height: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZContentItem.parse(res.json()).id;
}

export async function uploadedImageOf(t: TTestApp, user: TStorageUser): Promise<string> {
  uploads += 1;
  const objectPath = `users/${user.userId}/content/matrix-${uploads}.png`;
  const res = await uploadMultipart(t, user, objectPath, PNG, 'image/png');
  expect(res.statusCode, res.body).toBe(200);
  return objectPath;
}

/** The fixture's user on the `target` side: the owner, or the other owner. */
export const userOf = (f: TFixture, target: TTarget) => (target === 'own' ? f.owner : f.other);

/** The fixture's ad buyer on the `target` side: the buyer, or the other buyer. */
export const buyerOf = (f: TFixture, target: TTarget) =>
  target === 'own' ? f.buyer : f.otherBuyer;

/** An ad space of `target`'s (a row: the cases are about what names it). */
export const adSpaceOf = (f: TFixture, target: TTarget) =>
  insertAdSpace(f.t, userOf(f, target).userId);

let tvs = 0;
/**
 * A TV of `target`'s, set up through the API with their session on `adSpaceId` (by default a
 * fresh ad space of theirs): the space, the TV's id and its token.
 */
export async function tvOf(f: TFixture, target: TTarget, adSpaceId?: string) {
  tvs += 1;
  const user = userOf(f, target);
  const space = adSpaceId ?? (await insertAdSpace(f.t, user.userId));
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/player/devices',
    cookie: user.cookie,
    payload: {
      deviceKey: `matrix-tv-device-${tvs}`,
      adSpaceId: space,
      userAgent: 'Matrix',
      appVersion: '0.0.0',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { deviceId, token } = ZDeviceRegistration.parse(res.json());
  return { adSpaceId: space, deviceId, token };
}

/**
 * A static screen group of `target`'s holding `adSpaceId` (by default a fresh ad space of
 * theirs), made through the API: its id.
 */
export async function groupOf(f: TFixture, target: TTarget, adSpaceId?: string): Promise<string> {
  const user = userOf(f, target);
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/screen-groups',
    cookie: user.cookie,
    payload: {
      kind: 'static',
      name: 'Matrix',
      adSpaceIds: [adSpaceId ?? (await insertAdSpace(f.t, user.userId))],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZScreenGroup.parse(res.json()).id;
}

/** The fields of a campaign of `target`'s, with one of their library items. */
export async function campaignInputOf(f: TFixture, target: TTarget) {
  return {
    name: 'Matrix campaign',
    creativeIds: [await contentItemOf(f.t, buyerOf(f, target))],
    targeting: {},
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    dayparts: [],
    bidMicrosPerSecond: 1_000,
    budgetMicros: 1_000_000,
    category: 'other',
  };
}

/** A campaign of `target`'s made through the API, then put in `state` (a row change). */
export async function campaignOf(
  f: TFixture,
  target: TTarget,
  state: TCampaignState = 'draft',
): Promise<string> {
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/campaigns',
    cookie: buyerOf(f, target).cookie,
    payload: await campaignInputOf(f, target),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = ZCampaign.parse(res.json());
  if (state !== 'draft')
    await f.t.app.deps.db.update(campaign).set({ state }).where(eq(campaign.id, id));
  return id;
}
