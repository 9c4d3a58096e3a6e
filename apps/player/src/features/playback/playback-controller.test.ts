import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '@screenline/playback/playback-clock';
import { createManualClock } from '@screenline/playback/test/manual-clock';
import { createSimulatedStage } from '@screenline/playback/test/simulated-stage';
import type { TManifestAdFill, TManifestPlaylist } from '@screenline/shared/player';
import type { TNowPlaying } from './contracts';
import { createPlaybackController, MAX_WAIT_MS, type TPlaybackStatus } from './playback-controller';
import {
  createTestRecorder,
  createTestSource,
  imagePlaylist,
  manifestOf,
  readyOf,
  segment,
} from './test/fixtures';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Monday 2026-11-23 00:00 UTC. */
const T0 = Date.UTC(2026, 10, 23);

const A = imagePlaylist('a', 1, ['c-a1', 'c-a2']);
const B = imagePlaylist('b', 4, ['c-b1']);

function setUp(manifest = manifestOf(), startMs = T0) {
  const clock = createManualClock(startMs);
  const stage = createSimulatedStage(clock);
  const source = createTestSource(readyOf(manifest));
  const recorder = createTestRecorder();
  const statuses: TPlaybackStatus[] = [];
  const nowPlaying: TNowPlaying[] = [];
  const controller = createPlaybackController({
    source,
    recorder,
    stage,
    clock,
    onStatus: (status) => statuses.push(status),
    onNowPlaying: (now) => nowPlaying.push(now),
  });
  const lastStatus = () => statuses[statuses.length - 1];
  return { clock, stage, source, recorder, statuses, lastStatus, nowPlaying, controller };
}

/** The content ids shown, in order, from the simulated stage's log. */
function shown(log: string[]): string[] {
  return log.filter((line) => line.startsWith('started ')).map((line) => line.split('/media/')[1]!);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('following the timeline', () => {
  it('switches playlist exactly at each segment boundary, then goes idle', () => {
    const manifest = manifestOf({
      playlists: [A, B],
      timeline: [
        segment(T0, T0 + MINUTE, 'a'),
        segment(T0 + MINUTE, T0 + 2 * MINUTE, 'b'),
        segment(T0 + 2 * MINUTE, T0 + 3 * MINUTE, null),
        segment(T0 + 3 * MINUTE, T0 + 7 * DAY, 'a', 'default'),
      ],
    });
    // Started 3 s into the first segment, so A's sixth image is cut short by the boundary.
    const { clock, stage, recorder, lastStatus } = setUp(manifest, T0 + 3000);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'a' });
    clock.advance(MINUTE - 3000 - 1);
    expect(shown(stage.log).every((id) => id.startsWith('c-a'))).toBe(true);
    clock.advance(1 + 50);
    // The first item of B is up 50 ms later (it loads), and A's play ended as replaced.
    expect(shown(stage.log).at(-1)).toBe('c-b1');
    expect(recorder.ends.at(-1)).toMatchObject({ endReason: 'replaced', shownMs: 7000 });
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'b' });

    clock.advance(MINUTE);
    expect(lastStatus()).toMatchObject({
      kind: 'idle',
      reason: 'nothing-scheduled',
      nextMs: T0 + 3 * MINUTE,
    });
    expect(stage.front).toBeNull();
    expect(recorder.open()).toEqual([]);

    clock.advance(MINUTE);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'a' });
    expect(shown(stage.log).at(-1)).toBe('c-a1');
  });

  it('plays the idle segment as idle even when a default playlist exists', () => {
    const manifest = manifestOf({
      playlists: [A],
      schedule: { entries: [], defaultPlaylistId: 'a' },
      timeline: [segment(T0, T0 + DAY, null)],
    });
    const { stage, lastStatus } = setUp(manifest);
    expect(lastStatus()).toMatchObject({ kind: 'idle', nextMs: null });
    expect(stage.log).toEqual([]);
  });

  it('past the end of the timeline (offline for a week) resolves the schedule on the TV', () => {
    const manifest = manifestOf({
      playlists: [A, B],
      timeZone: 'Europe/London',
      // The timeline says A; a week and more later only the stored schedule is left.
      timeline: [segment(T0, T0 + 7 * DAY, 'a', 'default')],
      schedule: {
        defaultPlaylistId: 'a',
        entries: [
          {
            id: 'e1',
            playlistId: 'b',
            firstDay: '2026-11-01',
            lastDay: null,
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            startTime: '09:00',
            endTime: '10:00',
            priority: 10,
            updatedAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      },
    });
    // 8 days and 08:59:00 London (UTC in winter) after the start: a minute before the entry.
    const start = T0 + 8 * DAY + 9 * 60 * MINUTE - MINUTE;
    const { clock, lastStatus, recorder } = setUp(manifest, start);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'a' });
    clock.advance(MINUTE + 100);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'b' });
    expect(recorder.starts.at(-1)).toMatchObject({ playlistId: 'b', contentId: 'c-b1' });
    clock.advance(60 * MINUTE);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'a' });
  });

  it('inside the timeline trusts the server, not its own resolver', () => {
    const manifest = manifestOf({
      playlists: [A, B],
      schedule: { entries: [], defaultPlaylistId: 'a' },
      timeline: [segment(T0, T0 + DAY, 'b')],
    });
    const { lastStatus } = setUp(manifest, T0 + 5 * MINUTE);
    expect(lastStatus()).toMatchObject({ kind: 'playing', playlistId: 'b' });
  });

  it('does not restart a playlist a new manifest leaves unchanged, and restarts a new version', () => {
    const timeline = [segment(T0, T0 + DAY, 'a')];
    const { clock, stage, source, recorder } = setUp(manifestOf({ playlists: [A], timeline }));
    clock.advance(15_000);
    const prepared = stage.log.filter((line) => line.startsWith('prepare')).length;
    source.push(readyOf(manifestOf({ version: 'v2', playlists: [A, B], timeline })));
    clock.advance(100);
    expect(stage.log.filter((line) => line.startsWith('prepare')).length).toBe(prepared);
    expect(recorder.ends.map((end) => end.endReason)).not.toContain('replaced');

    const changed = imagePlaylist('a', 2, ['c-new']);
    source.push(readyOf(manifestOf({ version: 'v3', playlists: [changed], timeline })));
    clock.advance(100);
    expect(shown(stage.log).at(-1)).toBe('c-new');
    expect(recorder.ends.at(-1)).toMatchObject({ endReason: 'replaced' });
    expect(recorder.starts.at(-1)).toMatchObject({ playlistId: 'a', playlistVersion: 2 });
  });

  it('waits, with the waiting status, until the first manifest is ready', () => {
    const clock = createManualClock(T0);
    const stage = createSimulatedStage(clock);
    const source = createTestSource(null);
    const statuses: TPlaybackStatus[] = [];
    createPlaybackController({
      source,
      recorder: createTestRecorder(),
      stage,
      clock,
      onStatus: (status) => statuses.push(status),
    });
    expect(statuses).toEqual([{ kind: 'waiting' }]);
    expect(clock.pendingCount()).toBe(0);
    source.push(readyOf(manifestOf({ playlists: [B], timeline: [segment(T0, T0 + DAY, 'b')] })));
    clock.advance(100);
    expect(statuses.at(-1)).toMatchObject({ kind: 'playing', playlistId: 'b' });
    expect(shown(stage.log)).toEqual(['c-b1']);
  });
});

describe('proof of play and now playing', () => {
  it('reports each play with the playlist, version, item and content ids and its shown time', () => {
    const manifest = manifestOf({ playlists: [A], timeline: [segment(T0, T0 + DAY, 'a')] });
    const { clock, recorder, nowPlaying, controller } = setUp(manifest);
    clock.advance(50 + 10_000 + 50);
    expect(recorder.starts).toEqual([
      {
        id: 'play-1',
        playlistId: 'a',
        playlistVersion: 1,
        itemId: 'a-item-0',
        contentId: 'c-a1',
        campaignId: null,
        creativeId: null,
        startedAtMs: T0 + 50,
      },
      expect.objectContaining({ id: 'play-2', itemId: 'a-item-1', contentId: 'c-a2' }),
    ]);
    expect(recorder.ends).toEqual([{ id: 'play-1', shownMs: 10_000, endReason: 'completed' }]);
    expect(nowPlaying.at(-1)).toEqual({
      playlistId: 'a',
      itemId: 'a-item-1',
      contentId: 'c-a2',
      startedAt: new Date(T0 + 10_050).toISOString(),
    });
    controller.destroy();
    expect(recorder.ends.at(-1)).toMatchObject({ id: 'play-2', endReason: 'stopped' });
    expect(recorder.open()).toEqual([]);
    expect(nowPlaying.at(-1)).toBeNull();
  });

  it('keeps playing when the recorder throws', () => {
    const manifest = manifestOf({ playlists: [A], timeline: [segment(T0, T0 + DAY, 'a')] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { clock, stage, recorder } = setUp(manifest);
    recorder.started = () => {
      throw new Error('IndexedDB is full');
    };
    clock.advance(60_000);
    expect(shown(stage.log).length).toBeGreaterThan(3);
    expect(warn).toHaveBeenCalled();
  });

  it('counts skipped items and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = createManualClock(T0);
    const stage = createSimulatedStage(clock, { '/media/c-a1': { failOnLoad: true } });
    const totals: number[] = [];
    const controller = createPlaybackController({
      source: createTestSource(
        readyOf(manifestOf({ playlists: [A], timeline: [segment(T0, T0 + DAY, 'a')] })),
      ),
      recorder: createTestRecorder(),
      stage,
      clock,
      onItemError: (_report, total) => totals.push(total),
    });
    clock.advance(25_000);
    expect(controller.itemErrors()).toBeGreaterThanOrEqual(2);
    expect(totals.slice(0, 2)).toEqual([1, 2]);
    expect(warn.mock.calls[0]![0]).toMatch(/skipped item a-item-0 \(load-failed\)/);
  });
});

describe('ad slots', () => {
  const withSlot: TManifestPlaylist = {
    id: 's',
    name: 'With a slot',
    version: 1,
    items: [
      { id: 's1', type: 'content', contentId: 'c-1', kind: 'image', durationSeconds: 10 },
      { id: 's2', type: 'adSlot', lengthSeconds: 15 },
      { id: 's3', type: 'content', contentId: 'c-3', kind: 'video' },
    ],
  };

  it('are left out while there is no ad fill: nothing extra plays, no placeholder', () => {
    const manifest = manifestOf({ playlists: [withSlot], timeline: [segment(T0, T0 + DAY, 's')] });
    const { clock, stage, recorder } = setUp(manifest);
    clock.advance(5 * MINUTE);
    expect(stage.log.some((line) => line.includes('Ad slot'))).toBe(false);
    expect(new Set(shown(stage.log))).toEqual(new Set(['c-1', 'c-3']));
    expect(recorder.starts.every((start) => start.itemId !== 's2')).toBe(true);
  });

  it('a playlist of ad slots only leaves the screen idle', () => {
    const slots: TManifestPlaylist = {
      id: 'o',
      name: 'Slots',
      version: 1,
      items: [{ id: 'o1', type: 'adSlot', lengthSeconds: 15 }],
    };
    const manifest = manifestOf({ playlists: [slots], timeline: [segment(T0, T0 + DAY, 'o')] });
    const { stage, lastStatus } = setUp(manifest);
    expect(lastStatus()).toMatchObject({ kind: 'idle', reason: 'nothing-playable', nextMs: null });
    expect(stage.log).toEqual([]);
  });
});

describe('ad slots with a marketplace fill', () => {
  const CAMPAIGN = '5f0c8a52-2d4e-4f7b-9a1c-3e6b7d8f9a01';
  const CREATIVE = '8a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const VIDEO_CREATIVE = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
  const HOUSE = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
  const withSlot: TManifestPlaylist = {
    id: 's',
    name: 'With a slot',
    version: 1,
    items: [
      { id: 's1', type: 'content', contentId: 'c-1', kind: 'image', durationSeconds: 10 },
      { id: 's2', type: 'adSlot', lengthSeconds: 15 },
    ],
  };
  const campaign = (windows: TManifestAdFill['campaigns'][number]['windows']) => ({
    campaignId: CAMPAIGN,
    weight: 1,
    qrUrl: 'https://screenline.test/q/AB12',
    windows,
    creatives: [{ creativeId: CREATIVE, contentId: CREATIVE, kind: 'image' as const }],
  });
  const house = { creativeId: HOUSE, contentId: HOUSE, kind: 'image' as const };

  it("keeps ad slots and plays the campaign's creative from the cache, with its overlay and ids in the impression", () => {
    const manifest = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill: { campaigns: [campaign([{ startMs: T0, endMs: T0 + DAY }])], houseAds: [house] },
    });
    const { clock, stage, recorder, nowPlaying } = setUp(manifest);
    clock.advance(10_050 + 50);
    expect(shown(stage.log)).toEqual(['c-1', CREATIVE]);
    expect(stage.front).not.toBeNull();
    expect(recorder.starts[1]).toEqual({
      id: 'play-2',
      playlistId: 's',
      playlistVersion: 1,
      itemId: 's2',
      contentId: CREATIVE,
      campaignId: CAMPAIGN,
      creativeId: CREATIVE,
      startedAtMs: T0 + 10_050,
    });
    expect(nowPlaying.at(-1)).toMatchObject({ itemId: 's2', contentId: CREATIVE });
    clock.advance(15_000);
    expect(recorder.ends[1]).toEqual({ id: 'play-2', shownMs: 15_000, endReason: 'completed' });
  });

  it('passes the overlay to the stage with the creative', () => {
    const manifest = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill: { campaigns: [campaign([{ startMs: T0, endMs: T0 + DAY }])], houseAds: [] },
    });
    const clock = createManualClock(T0);
    const inner = createSimulatedStage(clock);
    const prepared: unknown[] = [];
    createPlaybackController({
      source: createTestSource(readyOf(manifest)),
      recorder: createTestRecorder(),
      stage: {
        ...inner,
        prepare: (slot, content, events) => {
          prepared.push(content);
          inner.prepare(slot, content, events);
        },
      },
      clock,
    });
    clock.advance(10_100);
    expect(prepared[1]).toEqual({
      type: 'image',
      src: `/media/${CREATIVE}`,
      overlay: { qrUrl: 'https://screenline.test/q/AB12', caption: 'Scan me' },
    });
  });

  it('outside the campaign windows plays a house ad (no campaign), and with none skips the slot', () => {
    const later = [{ startMs: T0 + DAY, endMs: T0 + 2 * DAY }];
    const withHouse = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill: { campaigns: [campaign(later)], houseAds: [house] },
    });
    const first = setUp(withHouse);
    first.clock.advance(10_100);
    expect(first.recorder.starts[1]).toMatchObject({
      itemId: 's2',
      contentId: HOUSE,
      campaignId: null,
      creativeId: HOUSE,
    });

    const empty = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill: { campaigns: [campaign(later)], houseAds: [] },
    });
    const second = setUp(empty);
    second.clock.advance(MINUTE);
    expect(new Set(shown(second.stage.log))).toEqual(new Set(['c-1']));
    expect(second.recorder.starts.every((start) => start.itemId === 's1')).toBe(true);
    expect(second.stage.log.some((line) => line.includes('Ad slot'))).toBe(false);
  });

  it("ends a video creative with the slot's length", () => {
    const manifest = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill: {
        campaigns: [
          {
            ...campaign([{ startMs: T0, endMs: T0 + DAY }]),
            creatives: [
              { creativeId: VIDEO_CREATIVE, contentId: VIDEO_CREATIVE, kind: 'video' as const },
            ],
          },
        ],
        houseAds: [],
      },
    });
    const clock = createManualClock(T0);
    const stage = createSimulatedStage(clock, {
      [`/media/${VIDEO_CREATIVE}`]: { videoLengthMs: 40_000 },
    });
    const recorder = createTestRecorder();
    createPlaybackController({
      source: createTestSource(readyOf(manifest)),
      recorder,
      stage,
      clock,
    });
    clock.advance(10_050 + 15_000 + 100);
    expect(recorder.starts[1]).toMatchObject({ contentId: VIDEO_CREATIVE, campaignId: CAMPAIGN });
    expect(recorder.ends[1]).toMatchObject({ shownMs: 15_000, endReason: 'completed' });
  });
});

describe('hours of playback', () => {
  /** A day of one-minute segments alternating two playlists. */
  function busyDay() {
    const timeline = [];
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const start = T0 + minute * MINUTE;
      timeline.push(
        segment(start, start + MINUTE, minute % 3 === 2 ? null : minute % 2 ? 'b' : 'a'),
      );
    }
    return manifestOf({ playlists: [A, B], timeline });
  }

  it('keeps a bounded number of timers over 1 440 boundaries and releases all on destroy', () => {
    const { clock, source, stage, recorder, controller } = setUp(busyDay());
    let mostPending = 0;
    for (let step = 0; step < 24 * 60; step += 1) {
      clock.advance(MINUTE);
      mostPending = Math.max(mostPending, clock.pendingCount());
    }
    // The boundary timer, the engine's item timer and the stage's load/start timers.
    expect(mostPending).toBeLessThanOrEqual(4);
    expect(stage.maxVideosLoaded).toBe(0);
    expect(recorder.open().length).toBeLessThanOrEqual(1);
    controller.destroy();
    expect(clock.pendingCount()).toBe(0);
    expect(source.listenerCount()).toBe(0);
    expect(recorder.open()).toEqual([]);
    // A manifest arriving after destroy is ignored.
    source.push(readyOf(busyDay()));
    expect(clock.pendingCount()).toBe(0);
  });

  it('with real timers (faked): the boundary timer is one setTimeout, cleared on destroy', () => {
    vi.useFakeTimers({ now: T0 });
    const manifest = busyDay();
    const source = createTestSource(readyOf(manifest));
    const stage = createSimulatedStage(systemClock);
    const controller = createPlaybackController({ source, recorder: createTestRecorder(), stage });
    let mostTimers = 0;
    for (let step = 0; step < 6 * 60; step += 1) {
      vi.advanceTimersByTime(MINUTE);
      mostTimers = Math.max(mostTimers, vi.getTimerCount());
    }
    expect(mostTimers).toBeLessThanOrEqual(4);
    controller.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('looks at the clock again at least every minute (a TV that slept or had its clock set)', () => {
    const manifest = manifestOf({
      playlists: [A, B],
      timeline: [segment(T0, T0 + 2 * DAY, 'a'), segment(T0 + 2 * DAY, T0 + 7 * DAY, 'b')],
    });
    const { clock } = setUp(manifest);
    // The boundary is two days away, yet the controller's timer is due within a minute.
    const pending = clock.pendingCount();
    clock.advance(MAX_WAIT_MS);
    expect(clock.pendingCount()).toBeLessThanOrEqual(pending + 1);
  });
});
