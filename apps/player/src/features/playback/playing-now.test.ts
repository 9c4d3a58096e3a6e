import { describe, expect, it } from 'vitest';
import { createPlayingNow, segmentAt } from './playing-now';
import { manifestOf, segment } from './test/fixtures';

const timeline = [segment(0, 10, 'a'), segment(10, 25, null), segment(25, 40, 'b', 'default')];

describe('segmentAt', () => {
  it('finds the segment holding the instant, start inclusive and end exclusive', () => {
    expect(segmentAt(timeline, 0)?.playlistId).toBe('a');
    expect(segmentAt(timeline, 9)?.playlistId).toBe('a');
    expect(segmentAt(timeline, 10)?.source).toBe('idle');
    expect(segmentAt(timeline, 39)?.playlistId).toBe('b');
    expect(segmentAt(timeline, 40)).toBeNull();
    expect(segmentAt(timeline, -1)).toBeNull();
    expect(segmentAt([], 5)).toBeNull();
  });
});

describe('createPlayingNow', () => {
  it('answers from the timeline with the segment bounds', () => {
    const playingNow = createPlayingNow(manifestOf({ timeline }));
    expect(playingNow(12)).toEqual({
      source: 'idle',
      playlistId: null,
      scheduleEntryId: null,
      fromMs: 10,
      untilMs: 25,
      via: 'timeline',
    });
  });

  it('outside the timeline resolves the schedule, and hands back to the timeline where it begins', () => {
    const from = Date.UTC(2026, 10, 23);
    const playingNow = createPlayingNow(
      manifestOf({
        timeline: [segment(from, from + 60_000, 'b')],
        schedule: { entries: [], defaultPlaylistId: 'd' },
      }),
    );
    // A clock behind the manifest: the default playlist, until the timeline starts.
    expect(playingNow(from - 5000)).toMatchObject({
      source: 'default',
      playlistId: 'd',
      untilMs: from,
      via: 'resolver',
    });
    expect(playingNow(from)).toMatchObject({ playlistId: 'b', via: 'timeline' });
    expect(playingNow(from + 60_000)).toMatchObject({ playlistId: 'd', via: 'resolver' });
  });

  it('a zone the TV does not know falls back to the default playlist', () => {
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const playingNow = createPlayingNow(
        manifestOf({ timeZone: 'Mars/Olympus', schedule: { entries: [], defaultPlaylistId: 'd' } }),
      );
      expect(playingNow(1000)).toMatchObject({ source: 'default', playlistId: 'd', untilMs: null });
    } finally {
      console.warn = warn;
    }
  });
});
