import { describe, expect, it } from 'vitest';
import { createManualClock } from '@screenline/playback/test/manual-clock';
import { createSimulatedStage } from '@screenline/playback/test/simulated-stage';
import type { TPlaybackStatus } from './playback-controller';
import { createPlaybackController } from './playback-controller';
import { createPowerNow } from './power-now';
import {
  createTestRecorder,
  createTestSource,
  imagePlaylist,
  manifestOf,
  readyOf,
  segment,
} from './test/fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 2026-11-23 00:00 UTC (the fixtures' zone is UTC). */
const T0 = Date.UTC(2026, 10, 23);
const A = imagePlaylist('a', 1, ['c-a1', 'c-a2']);

/** The whole week plays A; the screen is on 08:00–20:00 every day. */
const powered = manifestOf({
  playlists: [A],
  timeline: [segment(T0, T0 + 7 * DAY, 'a', 'default')],
  power: {
    schedule: {
      ranges: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '08:00', endTime: '20:00' }],
    },
    onWindows: Array.from({ length: 7 }, (_, day) => ({
      startMs: T0 + day * DAY + 8 * HOUR,
      endMs: T0 + day * DAY + 20 * HOUR,
    })),
  },
});

describe('the power schedule on the TV', () => {
  it('answers from the on windows inside the timeline, and from the schedule past it', () => {
    const powerNow = createPowerNow(powered);
    expect(powerNow(T0 + 7 * HOUR)).toEqual({ on: false, untilMs: T0 + 8 * HOUR });
    expect(powerNow(T0 + 9 * HOUR)).toEqual({ on: true, untilMs: T0 + 20 * HOUR });
    expect(powerNow(T0 + 21 * HOUR)).toEqual({ on: false, untilMs: T0 + DAY + 8 * HOUR });
    // Past the timeline the stored schedule is resolved on the TV.
    expect(powerNow(T0 + 8 * DAY + 9 * HOUR).on).toBe(true);
    expect(powerNow(T0 + 8 * DAY + 22 * HOUR).on).toBe(false);
    // No schedule: always on.
    expect(createPowerNow(manifestOf())(T0)).toEqual({ on: true, untilMs: null });
  });

  it('goes black at the end of the on hours, records no play while off, and plays again at the start', () => {
    const clock = createManualClock(T0 + 20 * HOUR - 5000);
    const stage = createSimulatedStage(clock);
    const recorder = createTestRecorder();
    const statuses: TPlaybackStatus[] = [];
    const controller = createPlaybackController({
      source: createTestSource(readyOf(powered)),
      recorder,
      stage,
      clock,
      onStatus: (status) => statuses.push(status),
    });
    expect(statuses.at(-1)).toMatchObject({ kind: 'playing', playlistId: 'a' });
    clock.advance(5000 + 50);
    expect(statuses.at(-1)).toMatchObject({
      kind: 'powered-off',
      nextOnMs: T0 + DAY + 8 * HOUR,
    });
    // The play on screen at 20:00 ended there, and nothing started during the night.
    const startsAtOff = recorder.starts.length;
    expect(recorder.ends.at(-1)).toMatchObject({ endReason: 'replaced' });
    clock.advance(12 * HOUR - 100);
    expect(recorder.starts.length).toBe(startsAtOff);
    expect(statuses.at(-1)?.kind).toBe('powered-off');
    clock.advance(100 + 50);
    expect(statuses.at(-1)).toMatchObject({ kind: 'playing', playlistId: 'a' });
    expect(recorder.starts.length).toBeGreaterThan(startsAtOff);
    controller.destroy();
  });

  it('shows an emergency takeover in the off hours, and goes black again when it ends', () => {
    const takeover = {
      id: 't1',
      kind: 'message' as const,
      message: 'Evacuate',
      contentId: null,
      playlistId: null,
      startMs: T0 + 22 * HOUR,
      endMs: T0 + 22 * HOUR + 10 * 60_000,
    };
    const clock = createManualClock(T0 + 21 * HOUR);
    const stage = createSimulatedStage(clock);
    const recorder = createTestRecorder();
    const statuses: TPlaybackStatus[] = [];
    const controller = createPlaybackController({
      source: createTestSource(readyOf({ ...powered, takeover })),
      recorder,
      stage,
      clock,
      onStatus: (status) => statuses.push(status),
    });
    expect(statuses.at(-1)?.kind).toBe('powered-off');
    clock.advance(HOUR + 50);
    expect(statuses.at(-1)).toMatchObject({ kind: 'takeover', takeover: { id: 't1' } });
    clock.advance(10 * 60_000);
    expect(statuses.at(-1)).toMatchObject({
      kind: 'powered-off',
      nextOnMs: T0 + DAY + 8 * HOUR,
    });
    // A message takeover plays nothing on the stage: the night stays without plays.
    expect(recorder.starts).toHaveLength(0);
    controller.destroy();
  });
});
