import { describe, expect, it } from 'vitest';
import type { TPowerSchedule } from '@screenline/shared/power-schedule';
import type { TContentDirectory } from '../content/content-directory';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import { adSlotShare, slotProfile } from './slot-seconds';

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

describe('slotProfile', () => {
  const loop = {
    id: 'loop',
    name: 'Loop',
    version: 1,
    items: [
      { id: 'poster', type: 'content', contentId: 'i1', kind: 'image', durationSeconds: 30 },
      { id: 'slot', type: 'adSlot', lengthSeconds: 30 },
    ],
  } as const;
  const deps = (powerSchedule: TPowerSchedule | null, contentVersion: number) => ({
    adSpaces: {
      findForManifest: async () => ({
        adSpace: {
          location: { timeZone: 'UTC' },
          defaultPlaylistId: 'loop',
          contentVersion,
          powerSchedule,
        },
        entries: [],
        playlists: [loop],
      }),
    } as unknown as TAdSpaceDirectory,
    content: { findForPlaylist: async () => [] } as unknown as TContentDirectory,
  });
  const now = Date.UTC(2026, 10, 25, 12);

  it('counts only the on hours of the power schedule', async () => {
    // Always on: half of every day is ad slots.
    const alwaysOn = await slotProfile(
      deps(null, 1),
      { ownerId: 'o', adSpaceId: 'estimate-1' },
      now,
    );
    expect(alwaysOn.slotSecondsPerDay).toBe(43_200);
    expect(alwaysOn.slotSecondsByHour.every((seconds) => seconds === 1800)).toBe(true);
    // On 08:00–20:00 every day: half of 12 hours, and nothing in the off hours.
    const twelveHours: TPowerSchedule = {
      ranges: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '08:00', endTime: '20:00' }],
    };
    const daytime = await slotProfile(
      deps(twelveHours, 1),
      { ownerId: 'o', adSpaceId: 'estimate-2' },
      now,
    );
    expect(daytime.slotSecondsPerDay).toBe(21_600);
    expect(daytime.slotSecondsByHour.slice(0, 8)).toEqual(Array.from({ length: 8 }, () => 0));
    expect(daytime.slotSecondsByHour.slice(8, 20)).toEqual(Array.from({ length: 12 }, () => 1800));
    expect(daytime.slotSecondsByHour.slice(20, 24)).toEqual(Array.from({ length: 4 }, () => 0));
    // Weekdays only: 5 of 7 days, none at the weekend (hours 120–167).
    const weekdaysOnly: TPowerSchedule = {
      ranges: [{ weekdays: [1, 2, 3, 4, 5], startTime: '00:00', endTime: '00:00' }],
    };
    const weekdays = await slotProfile(
      deps(weekdaysOnly, 1),
      { ownerId: 'o', adSpaceId: 'estimate-3' },
      now,
    );
    expect(weekdays.slotSecondsPerDay).toBe(Math.round((43_200 * 5) / 7));
    expect(weekdays.slotSecondsByHour.slice(120).every((seconds) => seconds === 0)).toBe(true);
  });
});
