import { describe, expect, it } from 'vitest';
import { makeMarketplaceSpace } from '@/test/campaign-fixtures';
import { creativeFitIssues } from '@/features/ad-campaigns/utils/creative-fit';

const landscape = makeMarketplaceSpace({ adSpaceId: 'wide', name: 'Wide' });
const portrait = makeMarketplaceSpace({
  adSpaceId: 'tall',
  name: 'Tall',
  orientation: 'portrait',
  resolutionWidth: 1080,
  resolutionHeight: 1920,
});
const creative = (width: number | null, height: number | null) => ({
  id: 'c',
  name: 'Poster',
  width,
  height,
});

describe('creativeFitIssues', () => {
  it('accepts a creative of the screen’s shape, at another size', () => {
    expect(creativeFitIssues([creative(1280, 720)], [landscape])).toEqual([]);
    expect(creativeFitIssues([creative(720, 1280)], [portrait])).toEqual([]);
  });

  it('warns about a landscape creative on a portrait screen, and the reverse', () => {
    expect(creativeFitIssues([creative(1920, 1080)], [landscape, portrait])).toEqual([
      {
        creativeId: 'c',
        adSpaceId: 'tall',
        message:
          '“Poster” is landscape (1920×1080) but “Tall” (London) is a portrait screen (1080×1920): it will show small, with bars above and below it.',
      },
    ]);
    expect(creativeFitIssues([creative(1080, 1920)], [landscape])[0]?.message).toContain(
      'with bars beside it',
    );
  });

  it('warns about the same orientation at another aspect ratio', () => {
    expect(creativeFitIssues([creative(1024, 768)], [landscape])[0]?.message).toBe(
      '“Poster” (1024×768) has another aspect ratio than “Wide” (London) (1920×1080): it will show with bars beside it.',
    );
  });

  it('does not judge a creative of unknown size', () => {
    expect(creativeFitIssues([creative(null, null), creative(0, 0)], [portrait])).toEqual([]);
  });
});
