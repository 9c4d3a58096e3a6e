import { describe, expect, it } from 'vitest';
import type { TMarketplaceAdSpace } from './campaign';
import { daypartHourShares, forecastCampaign, slotShare } from './forecast';

const hourOfWeek = (isoWeekday: number, hour: number) => (isoWeekday - 1) * 24 + hour;

function space(overrides: Partial<TMarketplaceAdSpace> = {}): TMarketplaceAdSpace {
  return {
    adSpaceId: 'space-1',
    name: 'Window',
    locationName: 'Shop',
    city: 'Lyon',
    country: 'FR',
    timeZone: 'Europe/Paris',
    venueType: 'retail',
    orientation: 'landscape',
    resolutionWidth: 1920,
    resolutionHeight: 1080,
    floorMicrosPerSecond: 1_000,
    slotSecondsPerDay: 3_600,
    // 150 s of slots in every hour of the week.
    slotSecondsByHour: Array.from({ length: 168 }, () => 150),
    averageSlotSeconds: 10,
    competition: { campaigns: 0, bidsMicrosPerSecond: 0 },
    audience: { weeklyFootfall: null, ageBands: {}, genderSplit: null },
    ...overrides,
  };
}

describe('daypartHourShares', () => {
  it('covers every hour without dayparts', () => {
    expect(new Set(daypartHourShares([]))).toEqual(new Set([1]));
  });

  it('covers parts of hours, and runs past midnight into the next day (Sunday into Monday)', () => {
    const shares = daypartHourShares([{ weekdays: [7], startTime: '23:30', endTime: '01:00' }]);
    expect(shares[hourOfWeek(7, 23)]).toBe(0.5);
    expect(shares[hourOfWeek(1, 0)]).toBe(1);
    expect(shares[hourOfWeek(1, 1)]).toBe(0);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(1.5);
  });

  it('counts overlapping dayparts once', () => {
    const shares = daypartHourShares([
      { weekdays: [1], startTime: '07:00', endTime: '10:00' },
      { weekdays: [1, 2], startTime: '09:00', endTime: '11:00' },
    ]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(4 + 2);
  });
});

describe('forecastCampaign', () => {
  const input = { targeting: {}, dayparts: [], bidMicrosPerSecond: 2_000, dailyCapMicros: null };

  it('reads a Mon–Fri 07:00–10:00 daypart as 15 hours of the week, not the whole day', () => {
    const forecast = forecastCampaign([space()], {
      ...input,
      dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '10:00' }],
    });
    expect(forecast.slotSecondsPerDay).toBeCloseTo((15 * 150) / 7, 9);
    expect(forecastCampaign([space()], input).slotSecondsPerDay).toBe(3_600);
  });

  it('reads each space’s own hours of the week (its zone’s)', () => {
    // One space plays its slots in the morning, the other in the evening, each in local time.
    const only = (hour: number) =>
      Array.from({ length: 168 }, (_, index) => (index % 24 === hour ? 3_600 : 0));
    const morning = space({ adSpaceId: 'm', slotSecondsByHour: only(8) });
    const evening = space({ adSpaceId: 'e', slotSecondsByHour: only(20) });
    const forecast = forecastCampaign([morning, evening], {
      ...input,
      dayparts: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '08:00', endTime: '09:00' }],
    });
    expect(
      forecast.counted.map((entry) => [entry.space.adSpaceId, entry.slotSecondsPerDay]),
    ).toEqual([['m', 3_600]]);
    expect(forecast.leftOut.map((entry) => entry.space.adSpaceId)).toEqual(['e']);
  });

  it('leaves out a space whose floor is above the bid, and judges none before there is a bid', () => {
    const dear = space({ adSpaceId: 'dear', floorMicrosPerSecond: 5_000 });
    const forecast = forecastCampaign([space(), dear], input);
    expect(forecast.leftOut).toEqual([
      { space: dear, reason: 'Your bid is below its floor of €0.005 a second.' },
    ]);
    const noBid = forecastCampaign([space(), dear], { ...input, bidMicrosPerSecond: undefined });
    expect(noBid.counted).toHaveLength(2);
    expect(noBid.perDay).toBeNull();
  });

  it('gives all of the slots alone, and a range against competing bids', () => {
    expect(slotShare(2_000, 0)).toEqual({ low: 1, high: 1 });
    expect(slotShare(2_000, 2_000)).toEqual({ low: 1 / 3, high: 2 / 3 });
    const alone = forecastCampaign([space()], input).perDay!;
    expect(alone.seconds).toEqual({ low: 3_600, high: 3_600 });
    expect(alone.plays).toEqual({ low: 360, high: 360 });
    expect(alone.spendMicros).toEqual({ low: 7_200_000, high: 7_200_000 });
    const contested = forecastCampaign(
      [space({ competition: { campaigns: 2, bidsMicrosPerSecond: 2_000 } })],
      input,
    ).perDay!;
    expect(contested.seconds).toEqual({ low: 1_200, high: 2_400 });
    expect(contested.spendMicros).toEqual({ low: 2_400_000, high: 4_800_000 });
  });

  it('holds spend, seconds and plays to the daily cap', () => {
    const capped = forecastCampaign([space()], { ...input, dailyCapMicros: 3_600_000 }).perDay!;
    expect(capped.cappedByDailyCap).toBe(true);
    expect(capped.spendMicros).toEqual({ low: 3_600_000, high: 3_600_000 });
    expect(capped.seconds).toEqual({ low: 1_800, high: 1_800 });
    expect(capped.plays).toEqual({ low: 180, high: 180 });
  });
});
