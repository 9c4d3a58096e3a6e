import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMarketplaceAdSpaceList, type TMarketplaceAdSpace } from '@screenline/shared/campaign';
import { forecastCampaign } from '@screenline/shared/forecast';
import { campaign, monetizationRequest, playlist, scheduleEntry } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { insertAdSpace, signUpScreenOwner } from '../../../test/screen-rows';
import { signUpForStorage, type TStorageUser } from '../../../test/storage-helpers';

const DAY_MS = 86_400_000;
const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const hourOfWeek = (isoWeekday: number, hour: number) => (isoWeekday - 1) * 24 + hour;
const MORNINGS = [{ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '10:00' }];

/**
 * The forecast's inputs as the marketplace route answers them (issue 22 item 3): ad-slot time by
 * local hour of the week in each space's own zone, and the live campaigns that compete there;
 * then the shared forecast read over them (dayparts, floors, zones).
 */
describe.each(BACKENDS)('the forecast on %s', (backend) => {
  let t: TTestApp;
  let buyer: TStorageUser;
  let owner: TStorageUser;
  let tokyo: string;
  let newYork: string;
  let items: TMarketplaceAdSpace[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    [buyer, owner] = [await signUpForStorage(t), await signUpScreenOwner(t)];
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: buyer.cookie,
      payload: { role: 'publisher' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const db = t.app.deps.db;
    // A loop of ad slots only (3 of 10 s): every second it plays is ad-slot time.
    const [adsOnly] = await db
      .insert(playlist)
      .values({
        ownerId: owner.userId,
        name: 'Morning ads',
        items: ['a', 'b', 'c'].map((id) => ({ id, type: 'adSlot' as const, lengthSeconds: 10 })),
      })
      .returning({ id: playlist.id });
    tokyo = await insertAdSpace(t, owner.userId, { name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    newYork = await insertAdSpace(t, owner.userId, {
      name: 'New York',
      timeZone: 'America/New_York',
    });
    // Weekday mornings 07:00–10:00 local, nothing else (no default playlist).
    await db.insert(scheduleEntry).values(
      [tokyo, newYork].map((adSpaceId) => ({
        ownerId: owner.userId,
        adSpaceId,
        playlistId: adsOnly!.id,
        firstDay: utcDay(-30),
        weekdays: [1, 2, 3, 4, 5],
        startTime: '07:00',
        endTime: '10:00',
        priority: 50,
      })),
    );
    await db.insert(monetizationRequest).values([
      { adSpaceId: tokyo, ownerId: owner.userId, floorMicrosPerSecond: 1_000, state: 'approved' },
      { adSpaceId: newYork, ownerId: owner.userId, floorMicrosPerSecond: 4_000, state: 'approved' },
    ]);
    const live = {
      ownerId: buyer.userId,
      creativeIds: [crypto.randomUUID()],
      targeting: {},
      startDate: utcDay(-3),
      endDate: utcDay(10),
      budgetMicros: 1_000_000,
    };
    await db.insert(campaign).values([
      // Competes on both (its bid is at both floors or above).
      { ...live, name: 'Live, high', state: 'approved', bidMicrosPerSecond: 5_000 },
      // Competes in Tokyo only: below New York's floor.
      { ...live, name: 'Live, low', state: 'approved', bidMicrosPerSecond: 2_000 },
      // Not live: paused, over, or not approved yet.
      { ...live, name: 'Paused', state: 'paused', bidMicrosPerSecond: 9_000 },
      {
        ...live,
        name: 'Over',
        state: 'approved',
        bidMicrosPerSecond: 9_000,
        startDate: utcDay(-20),
        endDate: utcDay(-5),
      },
      { ...live, name: 'Pending', state: 'pending', bidMicrosPerSecond: 9_000 },
    ]);
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/marketplace/ad-spaces',
      cookie: buyer.cookie,
    });
    expect(list.statusCode, list.body).toBe(200);
    items = ZMarketplaceAdSpaceList.parse(list.json()).items;
  });
  afterAll(() => t.close());

  const spaceOf = (id: string) => items.find((item) => item.adSpaceId === id)!;

  it('counts ad-slot time in each local hour of the week, in the space’s own zone', () => {
    for (const id of [tokyo, newYork]) {
      const space = spaceOf(id);
      const busy = space.slotSecondsByHour.flatMap((seconds, hour) => (seconds > 0 ? [hour] : []));
      // The same local hours in both zones, 9 to 14 hours apart in UTC.
      expect(busy).toEqual(
        [1, 2, 3, 4, 5].flatMap((weekday) => [7, 8, 9].map((hour) => hourOfWeek(weekday, hour))),
      );
      expect(space.slotSecondsByHour[hourOfWeek(1, 7)]).toBe(3_600);
      expect(space.slotSecondsPerDay).toBe(Math.round((15 * 3_600) / 7));
      expect(space.averageSlotSeconds).toBe(10);
    }
  });

  it('names the live campaigns that compete on each space at or above its floor', () => {
    expect(spaceOf(tokyo).competition).toEqual({ campaigns: 2, bidsMicrosPerSecond: 7_000 });
    expect(spaceOf(newYork).competition).toEqual({ campaigns: 1, bidsMicrosPerSecond: 5_000 });
  });

  it('counts only the dayparts chosen, read in each space’s zone', () => {
    const input = { targeting: {}, bidMicrosPerSecond: 5_000, dailyCapMicros: null };
    const allDay = forecastCampaign(items, { ...input, dayparts: [] });
    const mornings = forecastCampaign(items, { ...input, dayparts: MORNINGS });
    // The daypart is the very window the screens play ads in: nothing is lost, nothing added.
    expect(mornings.slotSecondsPerDay).toBeCloseTo(allDay.slotSecondsPerDay, 5);
    expect(mornings.slotSecondsPerDay).toBeCloseTo((2 * 15 * 3_600) / 7, 5);

    const lunch = forecastCampaign(items, {
      ...input,
      dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '13:00' }],
    });
    expect(lunch.slotSecondsPerDay).toBe(0);
    expect(lunch.perDay?.plays).toEqual({ low: 0, high: 0 });
    expect(lunch.leftOut.map((entry) => entry.reason)).toEqual([
      'It plays no ad slot in your dayparts.',
      'It plays no ad slot in your dayparts.',
    ]);

    // Half the window, 08:30–10:00 Mondays only: 1.5 h of one weekday.
    const monday = forecastCampaign(items, {
      ...input,
      dayparts: [{ weekdays: [1], startTime: '08:30', endTime: '10:00' }],
    });
    expect(monday.slotSecondsPerDay).toBeCloseTo((2 * 5_400) / 7, 5);
  });

  it('leaves out the spaces whose floor is above the bid, saying so', () => {
    const forecast = forecastCampaign(items, {
      targeting: {},
      dayparts: MORNINGS,
      bidMicrosPerSecond: 2_000,
      dailyCapMicros: null,
    });
    expect(forecast.counted.map((entry) => entry.space.name)).toEqual(['Tokyo']);
    expect(forecast.leftOut).toEqual([
      {
        space: spaceOf(newYork),
        reason: 'Your bid is below its floor of €0.004 a second.',
      },
    ]);
    // Against 7,000 µ/s of competing bids, each side weighed up to twice its bid.
    const seconds = (15 * 3_600) / 7;
    expect(forecast.perDay?.seconds).toEqual({
      low: Math.round((seconds * 2_000) / (2_000 + 14_000)),
      high: Math.round((seconds * 4_000) / (4_000 + 7_000)),
    });
  });
});
