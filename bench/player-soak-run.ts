// bench/player-soak's run: the TV's playback controller on the simulated stage and a manual clock,
// minute by minute for the simulated hours, with manifests pushed on the way; what it saw (plays
// checked as they come, skipped items, playlist changes against the resolver, timers, the heap
// after a collection each hour).
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { createPlaybackController } from '../apps/player/src/features/playback/playback-controller';
import type { PlayRecorder } from '../apps/player/src/features/playback/contracts';
import type { TItemErrorReason } from '../packages/playback/src/playback-engine';
import { createScheduleResolver } from '../packages/playback/src/schedule-resolver';
/* eslint-disable no-restricted-imports -- a bench is a test harness: it drives the TV's code with
   the tests' manual clock and simulated stage. */
import { createManualClock } from '../packages/playback/src/test/manual-clock';
import { createSimulatedStage } from '../packages/playback/src/test/simulated-stage';
/* eslint-enable no-restricted-imports */
import { buildManifest, createSource, readyOf } from './player-soak-manifest';
import {
  DAY,
  DEFAULT_PLAYLIST_ID,
  edit,
  HOUR,
  initialContent,
  mediaBehaviours,
  MINUTE,
  START_MS,
  TIME_ZONE,
  type TContent,
} from './player-soak-world';

// --- Proof of play, in memory -----------------------------------------------------------------

/**
 * Counts plays and checks them as they come: each id ends once, its shown time is what the clock
 * says, and no play starts while another is open. Keeps only the open plays, so it does not grow.
 */
function createCheckingRecorder(now: () => number) {
  let sequence = 0;
  const open = new Map<string, number>();
  const counts = { started: 0, ended: 0, overlapping: 0, unknownEnds: 0, wrongShownMs: 0 };
  const endReasons: Record<string, number> = {};
  let shownMs = 0;
  const recorder: PlayRecorder = {
    started(play) {
      if (open.size > 0) counts.overlapping += 1;
      sequence += 1;
      const id = `play-${sequence}`;
      open.set(id, play.startedAtMs);
      counts.started += 1;
      return id;
    },
    ended(id, end) {
      const startedAtMs = open.get(id);
      if (startedAtMs === undefined) {
        counts.unknownEnds += 1;
        return;
      }
      open.delete(id);
      counts.ended += 1;
      if (Math.abs(end.shownMs - (now() - startedAtMs)) > 1) counts.wrongShownMs += 1;
      shownMs += end.shownMs;
      endReasons[end.endReason] = (endReasons[end.endReason] ?? 0) + 1;
    },
  };
  return { recorder, counts, endReasons, open: () => open.size, shownMs: () => shownMs };
}

// --- The run ----------------------------------------------------------------------------------

export const kib = (bytes: number) => bytes / 1024;
export const localTime = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
export const fmt = (value: number, digits = 0) => value.toFixed(digits);

export interface THeap {
  used: number;
  /** Of which compiled code (V8's code spaces): the JIT's, not the program's objects. */
  code: number;
}

function heapAfterGc(gc: () => void): THeap {
  gc();
  gc();
  const code = v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code_'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { used: process.memoryUsage().heapUsed, code };
}

/** What one run saw. */
export interface TSoak {
  simulatedMs: number;
  wallMs: number;
  counts: ReturnType<typeof createCheckingRecorder>['counts'];
  endReasons: Record<string, number>;
  shownMs: number;
  openAfterDestroy: number;
  skipped: Partial<Record<TItemErrorReason, number>>;
  skippedWarnings: number;
  otherWarnings: string[];
  switches: Array<{ atMs: number; playlistId: string | null }>;
  scheduleMismatches: number;
  pushLog: string[];
  blankFrames: number;
  maxVideosLoaded: number;
  mostPending: number;
  pendingAtEnd: number;
  pendingAfterDestroy: number;
  listenersAfterDestroy: number;
  /** Heap after gc at the start and after each simulated hour. */
  samples: Array<[number, THeap]>;
}

export const sum = (values: Partial<Record<string, number>>) =>
  Object.values(values).reduce((total: number, count) => total + (count ?? 0), 0);

/**
 * Plays `hours` simulated hours from START_MS, on a fresh clock, stage, source and controller, with
 * a new manifest every `pushHours`.
 */
export function simulate(
  hours: number,
  pushHours: number,
  gc: () => void,
  onHour?: (line: string) => void,
): TSoak {
  // Each skipped item is a console.warn in the controller: counted here, not printed.
  const realWarn = console.warn;
  const otherWarnings: string[] = [];
  let skippedWarnings = 0;
  console.warn = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.startsWith('Playback skipped item')) skippedWarnings += 1;
    else otherWarnings.push(line);
  };

  const clock = createManualClock(START_MS);
  const stage = createSimulatedStage(clock, mediaBehaviours());
  const content = initialContent();
  const source = createSource(readyOf(buildManifest(content, START_MS)));
  const checking = createCheckingRecorder(() => clock.now());
  const skipped: Partial<Record<TItemErrorReason, number>> = {};
  /** What the status said last, and each change of playlist with its instant. */
  let statusPlaylistId: string | null = null;
  const switches: TSoak['switches'] = [];
  // An independent answer to check the TV against: the resolver on what the owner set up.
  const resolverOf = (state: TContent) =>
    createScheduleResolver({
      timeZone: TIME_ZONE,
      entries: state.entries,
      defaultPlaylistId: DEFAULT_PLAYLIST_ID,
    });
  let resolver = resolverOf(content);
  // Its answer is kept until the instant it changes: Temporal is slow, a minute is short.
  let expected: { playlistId: string | null; untilMs: number } | null = null;
  const expectedPlaylistId = (nowMs: number) => {
    if (!expected || nowMs >= expected.untilMs) {
      const next = resolver.nextChange(nowMs, { horizonMs: DAY });
      expected = {
        playlistId: resolver.playingAt(nowMs).playlistId,
        untilMs: next ?? nowMs + DAY,
      };
    }
    return expected.playlistId;
  };
  let scheduleMismatches = 0;

  const wallStart = performance.now();
  const controller = createPlaybackController({
    source,
    recorder: checking.recorder,
    stage,
    clock,
    onItemError: (report) => {
      skipped[report.reason] = (skipped[report.reason] ?? 0) + 1;
    },
    onStatus: (status) => {
      const playlistId = status.kind === 'playing' ? status.playlistId : null;
      if (switches.length === 0 || playlistId !== statusPlaylistId) {
        switches.push({ atMs: clock.now(), playlistId });
      }
      statusPlaylistId = playlistId;
    },
    onNowPlaying: () => undefined,
  });

  const samples: TSoak['samples'] = [[0, heapAfterGc(gc)]];
  let mostPending = clock.pendingCount();
  let pushes = 0;
  let nextPushMs = START_MS + pushHours * HOUR;
  const pushLog: string[] = [];

  for (let hour = 1; hour <= hours; hour += 1) {
    for (let minute = 0; minute < 60; minute += 1) {
      clock.advance(MINUTE);
      mostPending = Math.max(mostPending, clock.pendingCount());
      // The stage's diagnostic log (for tests) would grow for ever here: it is not the TV's.
      stage.log.length = 0;
      if (clock.now() >= nextPushMs) {
        pushes += 1;
        const change = edit(content, pushes, clock.now());
        const manifest = buildManifest(content, clock.now());
        pushLog.push(
          `${fmt((clock.now() - START_MS) / HOUR, 1)} h: ${manifest.version}, ${change}`,
        );
        source.push(readyOf(manifest));
        resolver = resolverOf(content);
        expected = null;
        nextPushMs += pushHours * HOUR;
      }
      if (expectedPlaylistId(clock.now()) !== statusPlaylistId) scheduleMismatches += 1;
    }
    const heap = heapAfterGc(gc);
    samples.push([hour, heap]);
    onHour?.(
      `${String(hour).padStart(5)}  ${localTime(clock.now()).padEnd(17)} ` +
        `${String(checking.counts.started).padStart(6)}  ${String(sum(skipped)).padStart(7)}  ` +
        `${String(clock.pendingCount()).padStart(7)}  ${fmt(kib(heap.used)).padStart(8)}`,
    );
  }
  const simulatedMs = clock.now() - START_MS;
  const pendingAtEnd = clock.pendingCount();
  // Destroying the controller takes the last item off the screen: that is not a blank frame.
  const blankFrames = stage.blankFrames;
  controller.destroy();
  const wallMs = performance.now() - wallStart;
  console.warn = realWarn;

  return {
    simulatedMs,
    wallMs,
    counts: checking.counts,
    endReasons: checking.endReasons,
    shownMs: checking.shownMs(),
    openAfterDestroy: checking.open(),
    skipped,
    skippedWarnings,
    otherWarnings,
    switches,
    scheduleMismatches,
    pushLog,
    blankFrames,
    maxVideosLoaded: stage.maxVideosLoaded,
    mostPending,
    pendingAtEnd,
    pendingAfterDestroy: clock.pendingCount(),
    listenersAfterDestroy: source.listeners(),
    samples,
  };
}
