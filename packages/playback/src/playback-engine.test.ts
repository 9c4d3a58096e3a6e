import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPlaybackEngine,
  type AdSlotFill,
  type ItemEndReport,
  type ItemErrorReport,
  type ItemStartReport,
  type PlaybackEngineOptions,
  type PlaybackItem,
  type PlaybackPlaylist,
} from './playback-engine';
import { createManualClock } from './test/manual-clock';
import { createSimulatedStage, type MediaBehaviour } from './test/simulated-stage';

const image = (key: string, durationMs: number): PlaybackItem => ({
  key,
  type: 'image',
  src: `${key}.jpg`,
  durationMs,
});
const video = (key: string): PlaybackItem => ({ key, type: 'video', src: `${key}.mp4` });
const adSlot = (key: string, lengthMs: number): PlaybackItem => ({ key, type: 'adSlot', lengthMs });

function setup(
  behaviours: Record<string, MediaBehaviour> = {},
  extra: Partial<PlaybackEngineOptions> = {},
) {
  const clock = createManualClock(1_000_000);
  const stage = createSimulatedStage(clock, behaviours);
  const starts: ItemStartReport[] = [];
  const ends: ItemEndReport[] = [];
  const errors: ItemErrorReport[] = [];
  const engine = createPlaybackEngine({
    stage,
    clock,
    onItemStart: (report) => starts.push(report),
    onItemEnd: (report) => ends.push(report),
    onItemError: (report) => errors.push(report),
    ...extra,
  });
  const t0 = clock.now();
  /** Milliseconds since the test began. */
  const since = (at: number) => at - t0;
  return { clock, stage, engine, starts, ends, errors, since };
}

const playlist = (key: string, items: PlaybackItem[]): PlaybackPlaylist => ({ key, items });

describe('playback engine', () => {
  it('plays items in order, images for their duration, and reports each play with its shown ms', () => {
    const { clock, engine, starts, ends, since, stage } = setup();
    engine.setPlaylist(playlist('p@1', [image('a', 5000), image('b', 3000), adSlot('ad', 4000)]));
    clock.advance(20_000);
    // Ready after 50 ms, then each item starts as the previous one ends.
    expect(starts.map((s) => [s.item.key, since(s.startedAt)])).toEqual([
      ['a', 50],
      ['b', 5050],
      ['ad', 8050],
      ['a', 12050],
      ['b', 17050],
    ]);
    expect(ends.map((e) => [e.item.key, e.shownMs, e.reason])).toEqual([
      ['a', 5000, 'completed'],
      ['b', 3000, 'completed'],
      ['ad', 4000, 'completed'],
      ['a', 5000, 'completed'],
    ]);
    expect(ends[2]!.index).toBe(2);
    expect(ends[2]!.playlistKey).toBe('p@1');
    expect(stage.log).toContain('prepare 0 Ad slot · 4 s');
    expect(stage.blankFrames).toBe(0);
  });

  it('plays a video to its end', () => {
    const { clock, engine, starts, ends, since } = setup({ 'v.mp4': { videoLengthMs: 7300 } });
    engine.setPlaylist(playlist('p@1', [video('v'), image('a', 2000)]));
    clock.advance(12_000);
    expect(starts.map((s) => [s.item.key, since(s.startedAt)])).toEqual([
      ['v', 50],
      ['a', 7350],
      ['v', 9350],
    ]);
    expect(ends[0]).toMatchObject({ shownMs: 7300, reason: 'completed' });
  });

  it('loops a lone video in place, one video element, a play report per loop', () => {
    const { clock, engine, starts, ends, stage, since } = setup({
      'v.mp4': { videoLengthMs: 4000 },
    });
    engine.setPlaylist(playlist('p@1', [video('v')]));
    clock.advance(13_000);
    expect(starts.map((s) => since(s.startedAt))).toEqual([50, 4050, 8050, 12050]);
    expect(ends.map((e) => e.shownMs)).toEqual([4000, 4000, 4000]);
    expect(stage.log.filter((line) => line.startsWith('prepare'))).toEqual(['prepare 0 v.mp4']);
    expect(stage.log.filter((line) => line.startsWith('restart'))).toHaveLength(3);
    expect(stage.maxVideosLoaded).toBe(1);
  });

  it('prepares the next item as soon as the current one starts, and swaps only once it is ready', () => {
    const { clock, engine, starts, ends, stage, since } = setup({
      // Takes longer to load than "a" is shown: "a" stays on screen until "slow" is ready.
      'slow.jpg': { readyAfterMs: 8000 },
    });
    engine.setPlaylist(playlist('p@1', [image('a', 5000), image('slow', 1000)]));
    clock.advance(3000);
    expect(stage.log).toEqual([
      'prepare 0 a.jpg',
      'present 0 a.jpg',
      'started 0 a.jpg',
      'prepare 1 slow.jpg',
    ]);
    clock.advance(7000);
    expect(starts.map((s) => [s.item.key, since(s.startedAt)])).toEqual([
      ['a', 50],
      ['slow', 8050],
      ['a', 9050],
    ]);
    expect(ends[0]).toMatchObject({ shownMs: 8000, reason: 'completed' });
    // The old slot is released only after the new one started: never a blank frame.
    const log = stage.log;
    expect(log.indexOf('release 0 a.jpg')).toBeGreaterThan(log.indexOf('started 1 slow.jpg'));
    expect(stage.blankFrames).toBe(0);
  });

  it('a preloaded item waits for the current one: the load watchdog does not fire while it waits', () => {
    const { clock, engine, errors, starts } = setup();
    engine.setPlaylist(playlist('p@1', [image('long', 60_000), image('b', 1000)]));
    clock.advance(61_000);
    expect(errors).toEqual([]);
    expect(starts.map((s) => s.item.key)).toEqual(['long', 'b']);
  });

  it('skips an item that fails to load, and reports it', () => {
    const { clock, engine, starts, errors } = setup({ 'broken.jpg': { failOnLoad: true } });
    engine.setPlaylist(
      playlist('p@1', [image('a', 2000), image('broken', 2000), image('c', 2000)]),
    );
    clock.advance(7000);
    expect(starts.map((s) => s.item.key)).toEqual(['a', 'c', 'a', 'c']);
    expect(errors[0]).toMatchObject({ index: 1, reason: 'load-failed', message: 'cannot load' });
  });

  it('skips an item that never becomes ready, or never starts, after the start timeout', () => {
    const { clock, engine, starts, errors, since, stage } = setup(
      { 'stuck.jpg': { neverReady: true }, 'mute.mp4': { neverStarts: true } },
      { startTimeoutMs: 3000 },
    );
    engine.setPlaylist(
      playlist('p@1', [image('a', 1000), image('stuck', 1000), video('mute'), image('d', 1000)]),
    );
    clock.advance(10_000);
    expect(errors.map((e) => [e.item.key, e.reason])).toEqual([
      ['stuck', 'start-timeout'],
      ['mute', 'start-timeout'],
    ]);
    // "a" holds the screen while the others fail: its end is reported when "d" replaces it.
    expect(starts.slice(0, 2).map((s) => [s.item.key, since(s.startedAt)])).toEqual([
      ['a', 50],
      // stuck times out at 3050, mute is ready at 3100 and presented, times out at 6100,
      // d is prepared then and starts at 6150.
      ['d', 6150],
    ]);
    expect(stage.blankFrames).toBe(0);
  });

  it('skips a video that stalls, reporting its end as failed with the ms it was shown', () => {
    const { clock, engine, starts, ends, errors, since } = setup(
      { 'v.mp4': { videoLengthMs: 20_000, stallAfterMs: 2000 } },
      { stallTimeoutMs: 4000 },
    );
    engine.setPlaylist(playlist('p@1', [video('v'), image('b', 1000)]));
    clock.advance(8000);
    expect(errors).toEqual([expect.objectContaining({ reason: 'stalled', index: 0 })]);
    // Last progress at 2000 ms of play, watchdog 4000 ms later.
    expect(ends[0]).toMatchObject({ reason: 'failed', shownMs: 6000 });
    expect(since(starts[1]!.startedAt)).toBe(6050);
  });

  it('backs off when every item fails, instead of spinning', () => {
    const { clock, engine, stage, errors } = setup(
      { 'x.jpg': { failOnLoad: true }, 'y.jpg': { failOnLoad: true } },
      { retryDelayMs: 10_000 },
    );
    engine.setPlaylist(playlist('p@1', [image('x', 1000), image('y', 1000)]));
    clock.advance(60_000);
    // Two failures, a 10 s pause, two more...: about a dozen attempts in a minute, not thousands.
    expect(errors.length).toBeGreaterThanOrEqual(10);
    expect(errors.length).toBeLessThanOrEqual(14);
    const prepares = stage.log.filter((line) => line.startsWith('prepare')).length;
    expect(prepares - errors.length).toBeLessThanOrEqual(1);
  });

  it('replaces the playlist mid-play as soon as the new first item is ready', () => {
    const { clock, engine, starts, ends, since, stage } = setup();
    engine.setPlaylist(playlist('p@1', [image('a', 5000), image('b', 5000)]));
    clock.advance(2000);
    engine.setPlaylist(playlist('p@2', [image('x', 3000), image('y', 3000)]));
    clock.advance(4000);
    expect(starts.map((s) => [s.playlistKey, s.item.key, since(s.startedAt)])).toEqual([
      ['p@1', 'a', 50],
      ['p@2', 'x', 2050],
      ['p@2', 'y', 5050],
    ]);
    expect(ends[0]).toMatchObject({ item: { key: 'a' }, reason: 'replaced', shownMs: 2000 });
    // "b" was prepared for p@1 and dropped unseen.
    expect(stage.log).toContain('release 1 b.jpg');
    expect(stage.blankFrames).toBe(0);
    // The same key again changes nothing.
    engine.setPlaylist(playlist('p@2', [image('x', 3000), image('y', 3000)]));
    clock.advance(1000);
    expect(starts.map((s) => s.item.key)).toEqual(['a', 'x', 'y']);
    expect(ends.map((e) => e.reason)).toEqual(['replaced', 'completed']);
  });

  it('an empty playlist or stop ends the current play and goes idle', () => {
    let idle = 0;
    const { clock, engine, ends } = setup({}, { onIdle: () => (idle += 1) });
    engine.setPlaylist(playlist('p@1', [image('a', 5000)]));
    clock.advance(1000);
    engine.setPlaylist(playlist('empty@1', []));
    expect(ends).toEqual([expect.objectContaining({ reason: 'replaced', shownMs: 950 })]);
    engine.setPlaylist(playlist('p@2', [image('a', 5000)]));
    clock.advance(1000);
    engine.stop();
    expect(ends[1]).toMatchObject({ reason: 'stopped', shownMs: 950 });
    expect(idle).toBe(2);
    expect(clock.pendingCount()).toBe(0);
  });

  it('plays an ad slot as a placeholder of its length, or the creative the fill callback gives', () => {
    const { clock, engine, starts, stage } = setup(
      {},
      {
        fillAdSlot: (slot, index) =>
          slot.key === 'filled' ? { type: 'image', src: `creative-${index}.png` } : null,
      },
    );
    engine.setPlaylist(playlist('p@1', [adSlot('empty', 3000), adSlot('filled', 4000)]));
    clock.advance(7100);
    expect(stage.log).toContain('prepare 0 Ad slot · 3 s');
    expect(stage.log).toContain('prepare 1 creative-1.png');
    expect(starts.map((s) => [s.item.key, s.fill])).toEqual([
      ['empty', null],
      ['filled', { type: 'image', src: 'creative-1.png' }],
      ['empty', null],
    ]);
  });

  it('keeps the placeholder when the fill callback throws', () => {
    const { clock, engine, starts, stage } = setup(
      {},
      {
        fillAdSlot: () => {
          throw new Error('marketplace bug');
        },
      },
    );
    engine.setPlaylist(playlist('p@1', [adSlot('ad', 3000), image('a', 1000)]));
    clock.advance(4100);
    expect(stage.log[0]).toBe('prepare 0 Ad slot · 3 s');
    expect(starts.map((s) => [s.item.key, s.fill])).toEqual([
      ['ad', null],
      ['a', null],
      ['ad', null],
    ]);
  });

  it('passes over an unfilled ad slot without a play when told to skip, and backs off when nothing fills', () => {
    let isFilled = false;
    const { clock, engine, starts, stage, errors, since } = setup(
      {},
      {
        unfilledAdSlot: 'skip',
        retryDelayMs: 10_000,
        fillAdSlot: () =>
          isFilled
            ? {
                type: 'image',
                src: 'creative.png',
                overlay: { qrUrl: 'https://q.test/1', caption: 'Scan me' },
              }
            : null,
      },
    );
    engine.setPlaylist(playlist('p@1', [image('a', 3000), adSlot('ad', 4000)]));
    clock.advance(6100);
    expect(starts.map((s) => [s.item.key, since(s.startedAt)])).toEqual([
      ['a', 50],
      ['a', 3050],
      ['a', 6050],
    ]);
    expect(stage.log.some((line) => line.includes('Ad slot'))).toBe(false);
    expect(errors).toEqual([]);

    // Only ad slots, none filled: nothing shows and no timer spins; a retry after the delay.
    engine.setPlaylist(playlist('ads@1', [adSlot('ad1', 4000), adSlot('ad2', 4000)]));
    const shownBefore = starts.length;
    clock.advance(9000);
    expect(starts.length).toBe(shownBefore);
    expect(clock.pendingCount()).toBeLessThanOrEqual(3);
    isFilled = true;
    clock.advance(2000);
    expect(starts.slice(shownBefore).map((s) => [s.item.key, s.fill])).toEqual([
      [
        'ad1',
        {
          type: 'image',
          src: 'creative.png',
          overlay: { qrUrl: 'https://q.test/1', caption: 'Scan me' },
        },
      ],
    ]);
  });

  it("plays a video creative to its end, but never past the slot's length", () => {
    const { clock, engine, ends } = setup(
      { 'long.mp4': { videoLengthMs: 30_000 }, 'short.mp4': { videoLengthMs: 5000 } },
      {
        fillAdSlot: (slot) => ({
          type: 'video',
          src: slot.key === 'first' ? 'long.mp4' : 'short.mp4',
        }),
      },
    );
    engine.setPlaylist(playlist('p@1', [adSlot('first', 15_000), adSlot('second', 15_000)]));
    clock.advance(20_200);
    expect(ends.map((e) => [e.item.key, e.shownMs, e.reason])).toEqual([
      ['first', 15_000, 'completed'],
      ['second', 5000, 'completed'],
    ]);
  });

  it('asks the fill again for each play of a lone ad slot', () => {
    let picks = 0;
    const { clock, engine, starts, stage } = setup(
      {},
      {
        fillAdSlot: () => {
          picks += 1;
          return { type: 'image', src: `creative-${picks % 2}.png` };
        },
      },
    );
    engine.setPlaylist(playlist('p@1', [adSlot('ad', 5000)]));
    clock.advance(15_100);
    expect(starts.map((s) => s.fill?.src)).toEqual([
      'creative-1.png',
      'creative-0.png',
      'creative-1.png',
      'creative-0.png',
    ]);
    expect(stage.blankFrames).toBe(0);
  });

  it(
    'soak: a day of playback with slow, broken and stalling media keeps its invariants',
    { timeout: 60_000 },
    () => {
      const behaviours: Record<string, MediaBehaviour> = {
        'v1.mp4': { videoLengthMs: 9000, readyAfterMs: 400 },
        'v2.mp4': { videoLengthMs: 15_000, stallAfterMs: 7000 },
        'slow.jpg': { readyAfterMs: 12_000 },
        'bad.jpg': { failOnLoad: true },
        'late.mp4': { startAfterMs: 900, videoLengthMs: 3000 },
      };
      const { clock, engine, stage, starts, ends } = setup(behaviours, { stallTimeoutMs: 5000 });
      const lists = [
        [image('a', 10_000), video('v1'), image('slow', 5000), adSlot('ad', 15_000), video('v2')],
        [video('late'), image('bad', 3000), video('v1')],
        [video('v1')],
        [image('a', 7000), video('late')],
      ];
      for (let hour = 0; hour < 24; hour += 1) {
        engine.setPlaylist(playlist(`p${hour}`, lists[hour % lists.length]!));
        for (let minute = 0; minute < 60; minute += 1) {
          clock.advance(60_000);
          expect(stage.maxVideosLoaded).toBeLessThanOrEqual(2);
          expect(clock.pendingCount()).toBeLessThanOrEqual(8);
        }
      }
      expect(stage.blankFrames).toBe(0);
      // Plays are back to back: every end is followed by the next start at the same instant.
      expect(starts.length).toBeGreaterThan(5000);
      expect(ends.length).toBe(starts.length - 1);
      for (let i = 1; i < starts.length; i += 1) {
        expect(starts[i]!.startedAt).toBe(ends[i - 1]!.endedAt);
      }
      const shown = ends.reduce((sum, end) => sum + end.shownMs, 0);
      expect(shown).toBe(ends[ends.length - 1]!.endedAt - starts[0]!.startedAt);
    },
  );
});

describe('playback engine (property)', { timeout: 60_000 }, () => {
  const arbBehaviour = fc.record(
    {
      readyAfterMs: fc.integer({ min: 0, max: 20_000 }),
      failOnLoad: fc.boolean(),
      neverReady: fc.boolean(),
      startAfterMs: fc.integer({ min: 0, max: 20_000 }),
      neverStarts: fc.boolean(),
      videoLengthMs: fc.integer({ min: 1, max: 30_000 }),
      stallAfterMs: fc.integer({ min: 0, max: 30_000 }),
    },
    { requiredKeys: [] },
  );
  const arbItem = fc.oneof(
    fc.integer({ min: 1, max: 20_000 }).map((ms) => ({ type: 'image' as const, ms })),
    fc.constant({ type: 'video' as const, ms: 0 }),
    fc.integer({ min: 1, max: 20_000 }).map((ms) => ({ type: 'adSlot' as const, ms })),
  );
  const arbPlaylist = fc.array(fc.tuple(arbItem, arbBehaviour), { minLength: 1, maxLength: 5 });
  /** What the fill answers for successive ad-slot plays (cycled): nothing, an image or a video. */
  const arbFills = fc.array(
    fc.oneof(
      fc.constant(null),
      fc.tuple(fc.constantFrom('image' as const, 'video' as const), arbBehaviour),
    ),
    { minLength: 1, maxLength: 4 },
  );

  it('never shows a blank frame, keeps plays back to back and at most two videos, whatever the media do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbPlaylist, fc.integer({ min: 1, max: 90_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        arbFills,
        fc.constantFrom('placeholder' as const, 'skip' as const),
        (schedule, fills, unfilledAdSlot) => {
          const behaviours: Record<string, MediaBehaviour> = {};
          fills.forEach((fill, index) => {
            if (fill)
              behaviours[`creative-${index}.${fill[0] === 'image' ? 'png' : 'mp4'}`] = fill[1];
          });
          let fillCalls = 0;
          const fillAdSlot = (): AdSlotFill | null => {
            const index = fillCalls % fills.length;
            fillCalls += 1;
            const fill = fills[index];
            if (!fill) return null;
            return {
              type: fill[0],
              src: `creative-${index}.${fill[0] === 'image' ? 'png' : 'mp4'}`,
              overlay: { qrUrl: 'https://q.test/x', caption: 'Scan me' },
            };
          };
          const lists = schedule.map(([entries, runMs], listIndex) => {
            const items = entries.map(([item, behaviour], index): PlaybackItem => {
              const key = `l${listIndex}i${index}`;
              if (item.type === 'adSlot') {
                return { key, type: 'adSlot', lengthMs: item.ms };
              }
              const src = `${key}.${item.type === 'image' ? 'jpg' : 'mp4'}`;
              behaviours[src] = behaviour;
              return item.type === 'image'
                ? { key, type: 'image', src, durationMs: item.ms }
                : { key, type: 'video', src };
            });
            return { list: playlist(`l${listIndex}`, items), runMs };
          });
          const { clock, engine, stage, starts, ends } = setup(behaviours, {
            startTimeoutMs: 15_000,
            stallTimeoutMs: 10_000,
            fillAdSlot,
            unfilledAdSlot,
          });
          for (const { list, runMs } of lists) {
            engine.setPlaylist(list);
            clock.advance(runMs);
            expect(stage.maxVideosLoaded).toBeLessThanOrEqual(2);
            // Two slots' watchdogs and timers, the stage's next tick each, a retry: a handful.
            expect(clock.pendingCount()).toBeLessThanOrEqual(8);
          }
          expect(stage.blankFrames).toBe(0);
          expect(ends.length).toBeGreaterThanOrEqual(starts.length - 1);
          expect(ends.length).toBeLessThanOrEqual(starts.length);
          for (let i = 1; i < starts.length; i += 1) {
            expect(starts[i]!.startedAt).toBe(ends[i - 1]!.endedAt);
          }
          for (const end of ends) expect(end.shownMs).toBeGreaterThanOrEqual(0);
          // Skipping: an ad slot plays only with a creative.
          if (unfilledAdSlot === 'skip') {
            expect(starts.every((start) => start.item.type !== 'adSlot' || start.fill)).toBe(true);
          }
          engine.stop();
          expect(clock.pendingCount()).toBe(0);
        },
      ),
      { numRuns: 120 },
    );
  });
});
