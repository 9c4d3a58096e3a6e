import { describe, expect, it } from 'vitest';
import type { TManifestAdCampaign, TManifestAdFill } from '@screenline/shared/player';
import { createAdRotation, QR_CAPTION } from './ad-rotation';

const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR = 3_600_000;
const ALWAYS = [{ startMs: NOW - HOUR, endMs: NOW + HOUR }];

function campaign(
  campaignId: string,
  weight: number,
  contentIds: string[],
  extra: Partial<TManifestAdCampaign> = {},
): TManifestAdCampaign {
  return {
    campaignId,
    weight,
    qrUrl: null,
    windows: ALWAYS,
    creatives: contentIds.map((contentId) => ({
      creativeId: contentId,
      contentId,
      kind: 'image' as const,
    })),
    ...extra,
  };
}

const cachedAll = (contentId: string): string | null => `/media/${contentId}`;

function picks(fill: TManifestAdFill, count: number, at = NOW, urlOf = cachedAll) {
  const rotation = createAdRotation();
  return Array.from({ length: count }, () => rotation.pick(fill, at, urlOf));
}

describe('ad rotation', () => {
  it('shares plays by weight, spread out (smooth weighted round-robin), deterministically', () => {
    const fill: TManifestAdFill = {
      campaigns: [campaign('big', 3, ['b1']), campaign('small', 1, ['s1'])],
      houseAds: [],
    };
    const order = picks(fill, 8).map((pick) => pick!.campaignId);
    expect(order).toEqual(['big', 'big', 'small', 'big', 'big', 'big', 'small', 'big']);
    expect(picks(fill, 8).map((pick) => pick!.campaignId)).toEqual(order);
  });

  it('gives each campaign its share over many plays', () => {
    const fill: TManifestAdFill = {
      campaigns: [campaign('a', 5, ['a1']), campaign('b', 3, ['b1']), campaign('c', 2, ['c1'])],
      houseAds: [],
    };
    const counts: Record<string, number> = {};
    for (const pick of picks(fill, 1000))
      counts[pick!.campaignId!] = (counts[pick!.campaignId!] ?? 0) + 1;
    expect(counts).toEqual({ a: 500, b: 300, c: 200 });
  });

  it("takes turns among a campaign's cached creatives, and puts the QR overlay on its plays", () => {
    const fill: TManifestAdFill = {
      campaigns: [
        campaign('a', 1, ['x', 'missing', 'y'], {
          qrUrl: 'https://screenline.test/q/AB12',
          creatives: [
            { creativeId: 'x', contentId: 'x', kind: 'image' },
            { creativeId: 'missing', contentId: 'missing', kind: 'video' },
            { creativeId: 'y', contentId: 'y', kind: 'video' },
          ],
        }),
      ],
      houseAds: [],
    };
    const urlOf = (contentId: string) => (contentId === 'missing' ? null : `/media/${contentId}`);
    const result = picks(fill, 3, NOW, urlOf);
    expect(result.map((pick) => pick!.contentId)).toEqual(['x', 'y', 'x']);
    expect(result[1]).toEqual({
      fill: {
        type: 'video',
        src: '/media/y',
        overlay: { qrUrl: 'https://screenline.test/q/AB12', caption: QR_CAPTION },
      },
      campaignId: 'a',
      creativeId: 'y',
      contentId: 'y',
    });
  });

  it('plays a campaign only inside its windows (end excluded)', () => {
    const fill: TManifestAdFill = {
      campaigns: [
        campaign('later', 100, ['l1'], { windows: [{ startMs: NOW + 1, endMs: NOW + HOUR }] }),
        campaign('ended', 100, ['e1'], { windows: [{ startMs: NOW - HOUR, endMs: NOW }] }),
        campaign('now', 1, ['n1']),
      ],
      houseAds: [],
    };
    expect(picks(fill, 3).map((pick) => pick!.campaignId)).toEqual(['now', 'now', 'now']);
    expect(picks(fill, 1, NOW + 1)[0]!.campaignId).toBe('later');
  });

  it('falls back to the house ads (no campaign, no overlay), and to nothing', () => {
    const house: TManifestAdFill = {
      campaigns: [campaign('uncached', 5, ['u1'])],
      houseAds: [
        { creativeId: 'h1', contentId: 'h1', kind: 'image' },
        { creativeId: 'h2', contentId: 'h2', kind: 'video' },
      ],
    };
    const urlOf = (contentId: string) => (contentId.startsWith('h') ? `/media/${contentId}` : null);
    expect(picks(house, 3, NOW, urlOf)).toEqual([
      {
        fill: { type: 'image', src: '/media/h1' },
        campaignId: null,
        creativeId: 'h1',
        contentId: 'h1',
      },
      {
        fill: { type: 'video', src: '/media/h2' },
        campaignId: null,
        creativeId: 'h2',
        contentId: 'h2',
      },
      {
        fill: { type: 'image', src: '/media/h1' },
        campaignId: null,
        creativeId: 'h1',
        contentId: 'h1',
      },
    ]);
    expect(picks({ campaigns: [], houseAds: [] }, 1)).toEqual([null]);
    expect(picks(house, 1, NOW, () => null)).toEqual([null]);
  });

  it('continues the rotation across manifests carrying the same campaigns', () => {
    const rotation = createAdRotation();
    const first: TManifestAdFill = {
      campaigns: [campaign('a', 1, ['a1', 'a2']), campaign('b', 1, ['b1'])],
      houseAds: [],
    };
    const second: TManifestAdFill = {
      campaigns: [campaign('a', 1, ['a1', 'a2']), campaign('b', 1, ['b1'])],
      houseAds: [],
    };
    const seen = [
      rotation.pick(first, NOW, cachedAll),
      rotation.pick(first, NOW, cachedAll),
      rotation.pick(second, NOW, cachedAll),
      rotation.pick(second, NOW, cachedAll),
    ].map((pick) => pick!.contentId);
    expect(seen).toEqual(['a1', 'b1', 'a2', 'b1']);
  });
});
