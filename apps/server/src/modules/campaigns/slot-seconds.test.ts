import { describe, expect, it } from 'vitest';
import { adSlotShare } from './slot-seconds';

describe('adSlotShare', () => {
  const video = { id: 'clip', type: 'content', contentId: 'v1', kind: 'video' } as const;
  const image = {
    id: 'poster',
    type: 'content',
    contentId: 'i1',
    kind: 'image',
    durationSeconds: 20,
  } as const;
  const slot = { id: 'slot', type: 'adSlot', lengthSeconds: 10 } as const;

  it('counts videos at the length the library knows', () => {
    expect(adSlotShare([video, slot], new Map([['v1', 30_000]]))).toBe(0.25);
  });

  it('counts a video of unknown length as 0 s', () => {
    expect(adSlotShare([video, image, slot], new Map())).toBeCloseTo(1 / 3);
  });

  it('is 0 for a loop without slots, and for an empty one', () => {
    expect(adSlotShare([image], new Map())).toBe(0);
    expect(adSlotShare([], new Map())).toBe(0);
  });
});
