import { describe, expect, it } from 'vitest';
import { ZSavePlaylist } from './playlist';

describe('playlist schemas', () => {
  it('defaults image durations to 10 s; videos have none; ad slots have a length', () => {
    const saved = ZSavePlaylist.parse({
      name: '  Lobby ',
      items: [
        { id: 'a', type: 'content', contentId: 'c1', kind: 'image' },
        { id: 'b', type: 'content', contentId: 'c2', kind: 'video' },
        { id: 'c', type: 'adSlot', lengthSeconds: 15 },
      ],
    });
    expect(saved.name).toBe('Lobby');
    expect(saved.items[0]).toMatchObject({ durationSeconds: 10 });
  });

  it('refuses out-of-range durations, a duration on a video, and repeated item ids', () => {
    const image = { id: 'a', type: 'content', contentId: 'c1', kind: 'image' } as const;
    expect(
      ZSavePlaylist.safeParse({ name: 'x', items: [{ ...image, durationSeconds: 0 }] }).success,
    ).toBe(false);
    expect(
      ZSavePlaylist.safeParse({ name: 'x', items: [{ ...image, durationSeconds: 86_401 }] })
        .success,
    ).toBe(false);
    expect(
      ZSavePlaylist.safeParse({
        name: 'x',
        items: [{ id: 'v', type: 'content', contentId: 'c', kind: 'video', durationSeconds: 5 }],
      }).success,
    ).toBe(false);
    expect(ZSavePlaylist.safeParse({ name: 'x', items: [image, image] }).success).toBe(false);
    expect(
      ZSavePlaylist.safeParse({ name: 'x', items: [{ id: 'c', type: 'adSlot', lengthSeconds: 0 }] })
        .success,
    ).toBe(false);
  });

  it('refuses item ids jsonb cannot store: a NUL or half a surrogate pair', () => {
    const slot = (id: string) => ({ name: 'x', items: [{ id, type: 'adSlot', lengthSeconds: 5 }] });
    expect(ZSavePlaylist.safeParse(slot('a\u0000b')).success).toBe(false);
    expect(ZSavePlaylist.safeParse(slot('a\ud800b')).success).toBe(false);
    expect(ZSavePlaylist.safeParse(slot('a\udc00')).success).toBe(false);
    // A whole pair is one character, and fine.
    expect(ZSavePlaylist.safeParse(slot('slot-\u{1F3AC}')).success).toBe(true);
  });
});
