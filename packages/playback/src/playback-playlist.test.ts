import { ZPlaylist } from '@screenline/shared/playlist';
import { describe, expect, it } from 'vitest';
import { toPlaybackPlaylist } from './playback-playlist';

describe('toPlaybackPlaylist', () => {
  it('turns stored items into engine items, keyed by playlist version, leaving out missing media', () => {
    const stored = ZPlaylist.parse({
      id: 'pl1',
      name: 'Morning',
      version: 4,
      items: [
        { id: 'i1', type: 'content', contentId: 'c1', kind: 'image' },
        { id: 'i2', type: 'content', contentId: 'c2', kind: 'video' },
        { id: 'i3', type: 'adSlot', lengthSeconds: 30 },
        { id: 'i4', type: 'content', contentId: 'gone', kind: 'image', durationSeconds: 5 },
      ],
    });
    const urls: Record<string, string> = { c1: '/m/c1.jpg', c2: '/m/c2.mp4' };
    const { playlist, missing } = toPlaybackPlaylist(stored, (id) => urls[id] ?? null);
    expect(playlist).toEqual({
      key: 'pl1@4',
      items: [
        { key: 'i1', type: 'image', src: '/m/c1.jpg', durationMs: 10_000 },
        { key: 'i2', type: 'video', src: '/m/c2.mp4' },
        { key: 'i3', type: 'adSlot', lengthMs: 30_000 },
      ],
    });
    expect(missing).toEqual(['gone']);
  });
});
