import { vi } from 'vitest';
import type { TAdPlaylist, TAdRotationEntry } from '@screenline/shared/ad-playlist';
import { jsonResponse } from '@/test/fixtures';

export const AD_SPACE_ID = '20000000-0000-4000-8000-000000000001';
export const BAKERY = '30000000-0000-4000-8000-000000000001';
export const GYM = '30000000-0000-4000-8000-000000000002';
export const CINEMA = '30000000-0000-4000-8000-000000000003';

type TCreative = TAdRotationEntry['creatives'][number];

export function creative(id: string, name: string, overrides: Partial<TCreative> = {}): TCreative {
  return {
    id,
    name,
    kind: 'image',
    url: `/media/${id}`,
    width: 1920,
    height: 1080,
    durationMs: null,
    ...overrides,
  };
}

export function entry(overrides: Partial<TAdRotationEntry>): TAdRotationEntry {
  return {
    campaignId: BAKERY,
    name: 'Bakery week',
    bidMicrosPerSecond: 2_000,
    weight: 1,
    share: 1,
    pinned: false,
    excluded: false,
    notPlayingBecause: null,
    creatives: [],
    destinationUrl: null,
    ...overrides,
  };
}

/**
 * A lobby screen: Bakery (weight 3, QR to its shop, two creatives), Gym (weight 1), Cinema not
 * playing now (its daily cap is spent), and one house ad.
 */
export function makeAdPlaylist(overrides: Partial<TAdPlaylist> = {}): TAdPlaylist {
  return {
    adSpace: {
      id: AD_SPACE_ID,
      name: 'Lobby screen',
      locationName: 'Harbour Mall',
      city: 'Springfield',
      timeZone: 'Europe/Berlin',
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      floorMicrosPerSecond: 1_000,
    },
    rotation: [
      entry({
        campaignId: BAKERY,
        name: 'Bakery week',
        weight: 3,
        share: 0.75,
        destinationUrl: 'https://bakery.example/offer',
        creatives: [
          creative('40000000-0000-4000-8000-000000000001', 'Croissants'),
          creative('40000000-0000-4000-8000-000000000002', 'Bread'),
        ],
      }),
      entry({
        campaignId: GYM,
        name: 'Gym opening',
        bidMicrosPerSecond: 1_500,
        weight: 1,
        share: 0.25,
        creatives: [creative('40000000-0000-4000-8000-000000000003', 'Treadmills')],
      }),
      entry({
        campaignId: CINEMA,
        name: 'Cinema nights',
        weight: 0,
        share: 0,
        notPlayingBecause: "Today's budget cap is spent.",
        creatives: [creative('40000000-0000-4000-8000-000000000004', 'Trailer')],
      }),
    ],
    houseAds: [creative('50000000-0000-4000-8000-000000000001', 'Advertise here')],
    pinnedCampaignIds: [],
    excludedCampaignIds: [],
    adSlotSeconds: [20],
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

type THandler = (request: { method: string; url: URL; body: unknown }) => Response | undefined;

/** A fetch stub: each request goes to the handler; unanswered ones get a 404. */
export function stubApi(handler: THandler) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname + url.search, body });
      const response = handler({ method, url, body });
      return Promise.resolve(
        response ?? jsonResponse({ error: { code: 'not-found', message: 'Not here.' } }, 404),
      );
    }),
  );
  return requests;
}
