import { vi } from 'vitest';
import type { TCampaign, TCampaignResults, TMarketplaceAdSpace } from '@screenline/shared/campaign';
import { jsonResponse } from '@/test/fixtures';

/** Fixtures for the campaign pages, shaped as the /api/v1 routes answer them. */

export const campaignUuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

/**
 * A marketplace screen; its ad-slot time is spread evenly over the hours of the week unless
 * `slotSecondsByHour` is given, and no live campaign competes unless `competition` is given.
 */
export function makeMarketplaceSpace(
  overrides: Partial<TMarketplaceAdSpace> = {},
): TMarketplaceAdSpace {
  const slotSecondsPerDay = overrides.slotSecondsPerDay ?? 3_600;
  return {
    slotSecondsByHour: Array.from({ length: 168 }, () => Math.round(slotSecondsPerDay / 24)),
    averageSlotSeconds: 15,
    competition: { campaigns: 0, bidsMicrosPerSecond: 0 },
    adSpaceId: campaignUuid(1),
    name: 'Mall entrance',
    locationName: 'Riverside Mall',
    city: 'London',
    country: 'GB',
    timeZone: 'Europe/London',
    venueType: 'retail',
    orientation: 'landscape',
    resolutionWidth: 1920,
    resolutionHeight: 1080,
    floorMicrosPerSecond: 1_000,
    slotSecondsPerDay: 3_600,
    audience: { weeklyFootfall: 10_000, ageBands: {}, genderSplit: null },
    ...overrides,
  };
}

/** Three screens: two in London (retail landscape, gym portrait), one in Paris (retail). */
export const MARKETPLACE_SPACES: TMarketplaceAdSpace[] = [
  makeMarketplaceSpace(),
  makeMarketplaceSpace({
    adSpaceId: campaignUuid(2),
    name: 'Gym mirror',
    locationName: 'City Gym',
    venueType: 'fitness',
    orientation: 'portrait',
    resolutionWidth: 1080,
    resolutionHeight: 1920,
    floorMicrosPerSecond: 5_000,
    slotSecondsPerDay: 1_800,
    audience: { weeklyFootfall: null, ageBands: {}, genderSplit: null },
  }),
  makeMarketplaceSpace({
    adSpaceId: campaignUuid(3),
    name: 'Gare du Nord',
    locationName: 'Station shop',
    city: 'Paris',
    country: 'FR',
    timeZone: 'Europe/Paris',
    floorMicrosPerSecond: 2_000,
    slotSecondsPerDay: 7_200,
    audience: { weeklyFootfall: 50_000, ageBands: {}, genderSplit: null },
  }),
];

export function makeCampaign(overrides: Partial<TCampaign> = {}): TCampaign {
  return {
    id: campaignUuid(100),
    owner: { id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' },
    name: 'Summer sale',
    creatives: [
      {
        id: campaignUuid(200),
        name: 'Sale poster.png',
        kind: 'image',
        url: '/media/sale-poster.png',
        width: 1920,
        height: 1080,
        durationMs: null,
      },
    ],
    targeting: { cities: ['London'] },
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    dayparts: [],
    bidMicrosPerSecond: 2_500,
    budgetMicros: 500_000_000,
    dailyCapMicros: null,
    destinationUrl: null,
    category: 'retail-shopping',
    state: 'draft',
    status: 'draft',
    spentMicros: 0,
    remainingMicros: 0,
    holdReleaseAt: null,
    decision: null,
    history: [
      {
        from: null,
        to: 'draft',
        actor: { id: 'user-1', name: 'Ada Lovelace' },
        reason: null,
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeResults(overrides: Partial<TCampaignResults> = {}): TCampaignResults {
  const day = (date: string, impressions: number, spentMicros: number, qrScans: number) => ({
    day: date,
    impressions,
    shownMs: impressions * 10_000,
    spentMicros,
    qrScans,
  });
  return {
    campaignId: campaignUuid(100),
    from: '2026-12-01',
    to: '2026-12-03',
    totals: { impressions: 30, shownMs: 300_000, spentMicros: 750_000, qrScans: 4 },
    byDay: [
      day('2026-12-01', 10, 250_000, 1),
      day('2026-12-02', 15, 375_000, 3),
      day('2026-12-03', 5, 125_000, 0),
    ],
    byAdSpace: [
      {
        adSpaceId: campaignUuid(1),
        name: 'Mall entrance',
        city: 'London',
        impressions: 30,
        shownMs: 300_000,
        spentMicros: 750_000,
        qrScans: 4,
      },
    ],
    unbilled: [],
    settling: { plays: 0, shownMs: 0 },
    readiness: { readyScreens: 1, targetedScreens: 2 },
    pacing: null,
    ...overrides,
  };
}

export type TApiCall = {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
};

/**
 * Stubs fetch: `handler` answers what it knows (a Response), anything else is a 404. Returns the
 * calls made, in order.
 */
export function stubApi(handler: (call: TApiCall) => Response | undefined): TApiCall[] {
  const calls: TApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const call: TApiCall = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.search,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return Promise.resolve(
        handler(call) ??
          jsonResponse({ error: { code: 'not-found', message: 'Route not found.' } }, 404),
      );
    }),
  );
  return calls;
}
