import { describe, expect, it } from 'vitest';
import { createManualClock } from '@screenline/playback/test/manual-clock';
import { createSimulatedStage } from '@screenline/playback/test/simulated-stage';
import type { TManifestTakeover } from '@screenline/shared/fleet';
import type { TManifestPlaylist, TPlayerManifest } from '@screenline/shared/player';
import { createPlaybackController, type TPlaybackStatus } from './playback-controller';
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
const T0 = Date.UTC(2026, 10, 23);
const CAMPAIGN = '5f0c8a52-2d4e-4f7b-9a1c-3e6b7d8f9a01';
const CREATIVE = '8a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const withSlot: TManifestPlaylist = {
  id: 's',
  name: 'With a slot',
  version: 1,
  items: [
    { id: 's1', type: 'content', contentId: 'c-1', kind: 'image', durationSeconds: 10 },
    { id: 's2', type: 'adSlot', lengthSeconds: 15 },
  ],
};
const adFill: TPlayerManifest['adFill'] = {
  campaigns: [
    {
      campaignId: CAMPAIGN,
      weight: 1,
      qrUrl: null,
      windows: [{ startMs: T0, endMs: T0 + DAY }],
      creatives: [{ creativeId: CREATIVE, contentId: CREATIVE, kind: 'image' }],
    },
  ],
  houseAds: [],
};

function takeoverOf(overrides: Partial<TManifestTakeover>): TManifestTakeover {
  return {
    id: 't1',
    kind: 'message',
    message: 'Evacuate',
    contentId: null,
    playlistId: null,
    startMs: T0 + MINUTE,
    endMs: T0 + 3 * MINUTE,
    ...overrides,
  };
}

function setUp(manifest: TPlayerManifest) {
  const clock = createManualClock(T0);
  const stage = createSimulatedStage(clock);
  const source = createTestSource(readyOf(manifest));
  const recorder = createTestRecorder();
  const statuses: TPlaybackStatus[] = [];
  createPlaybackController({
    source,
    recorder,
    stage,
    clock,
    onStatus: (status) => statuses.push(status),
  });
  return { clock, stage, source, recorder, last: () => statuses[statuses.length - 1]! };
}

const shown = (log: string[]) =>
  log.filter((line) => line.startsWith('started ')).map((line) => line.split('/media/')[1]!);

describe('an emergency takeover', () => {
  it('stops everything, ads included, while its message shows, and playback resumes when it ends', () => {
    const manifest = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill,
      takeover: takeoverOf({}),
    });
    const { clock, stage, recorder, last } = setUp(manifest);
    expect(last()).toMatchObject({ kind: 'playing', playlistId: 's' });
    clock.advance(MINUTE);
    expect(last()).toMatchObject({ kind: 'takeover', takeover: { id: 't1', kind: 'message' } });
    // The play on screen ended as the takeover began; nothing plays during it.
    expect(recorder.open()).toEqual([]);
    const startsBefore = recorder.starts.length;
    clock.advance(2 * MINUTE - 1);
    expect(recorder.starts).toHaveLength(startsBefore);
    clock.advance(1 + 100);
    expect(last()).toMatchObject({ kind: 'playing', playlistId: 's' });
    expect(shown(stage.log).at(-1)).toBe('c-1');
  });

  it('plays its playlist without ad slots, the impressions naming the real playlist', () => {
    const alert = imagePlaylist('alert', 2, ['c-alert']);
    const alertWithSlot: TManifestPlaylist = {
      ...alert,
      items: [...alert.items, { id: 'slot', type: 'adSlot', lengthSeconds: 15 }],
    };
    const manifest = manifestOf({
      playlists: [withSlot, alertWithSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      adFill,
      takeover: takeoverOf({ kind: 'playlist', message: null, playlistId: 'alert', startMs: T0 }),
    });
    const { clock, stage, recorder, last } = setUp(manifest);
    expect(last()).toMatchObject({ kind: 'takeover' });
    clock.advance(MINUTE);
    expect(new Set(shown(stage.log))).toEqual(new Set(['c-alert']));
    expect(recorder.starts.every((start) => start.campaignId === null)).toBe(true);
    expect(recorder.starts[0]).toMatchObject({ playlistId: 'alert', playlistVersion: 2 });
  });

  it('is ignored once expired, even in a manifest that still carries it', () => {
    const manifest = manifestOf({
      playlists: [withSlot],
      timeline: [segment(T0, T0 + DAY, 's')],
      takeover: takeoverOf({ startMs: T0 - 2 * MINUTE, endMs: T0 - 1 }),
    });
    const { last } = setUp(manifest);
    expect(last()).toMatchObject({ kind: 'playing', playlistId: 's' });
  });
});
