// bench/player-soak: the TV's playback for a simulated day, on a fast clock, watching for leaks.
//
//   npm run bench:player-soak                 24 simulated hours
//   SOAK_HOURS=168 npm run bench:player-soak  a simulated week
//
// Runs the TV's own playback code (apps/player's playback controller and the shared engine of
// packages/playback) on the simulated stage with a manual clock, so a day of playback takes
// seconds. Needs `node --expose-gc` (the npm script passes it): the heap is measured after a full
// collection every simulated hour.
//
// The ad space is in Europe/London and the run starts on Saturday 27 March 2027 at noon, so the
// first day crosses the spring-forward night. Its manifest is made as the server makes it (the
// shared resolver's timeline from the start of the UTC day, 7 days ahead, parsed with
// ZPlayerManifest): a default playlist of images and videos, a breakfast entry (07:00–10:00 every
// day), a lunch entry (12:00–14:00, Monday to Saturday) and an overnight one (22:00–06:00, a lone
// video that loops). Some media misbehave: an image never loads, a video stalls on every fourth
// load, one is slow to start and on every sixth load does not start in time, and the overnight
// video stalls the first time it loads each night. Every SOAK_PUSH_HOURS (default 3) a new
// manifest version arrives: every other one with the same playlists (a new download token), the
// others with a playlist or the schedule edited.
//
// A warm-up run (SOAK_WARMUP_HOURS, default 24) first compiles every path, so that V8's growing
// code is not read as a leak; then the measured run prints plays, skipped items by reason, blank
// frames, the most videos loaded at once, timers pending, and the heap (start, end, most, growth
// per simulated hour with and without V8's code), then a verdict. Each simulated minute the
// playlist on screen is compared with the resolver's answer for what the owner set up. Exits 1
// when a hard invariant breaks: a blank frame, more than 2 videos loaded, a play not ended
// exactly once (or ended with a shown time the clock disagrees with, or two plays open at once),
// a minute off the schedule, or the pending timers beyond a fixed bound (or left after the
// controller is destroyed). Heap objects growing past HEAP_GROWTH_LIMIT_KIB an hour is a warning:
// the figure is a trend of samples, not an exact count.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { z } from 'zod';
import { createPlaybackController } from '../apps/player/src/features/playback/playback-controller';
import type {
  ContentSource,
  PlayRecorder,
  ReadyManifest,
} from '../apps/player/src/features/playback/contracts';
import type { TItemErrorReason } from '../packages/playback/src/playback-engine';
import { createScheduleResolver } from '../packages/playback/src/schedule-resolver';
/* eslint-disable no-restricted-imports -- a bench is a test harness: it drives the TV's code with
   the tests' manual clock and simulated stage. */
import { createManualClock } from '../packages/playback/src/test/manual-clock';
import {
  createSimulatedStage,
  type MediaBehaviour,
} from '../packages/playback/src/test/simulated-stage';
/* eslint-enable no-restricted-imports */
import {
  MANIFEST_TIMELINE_DAYS,
  ZPlayerManifest,
  type TManifestMedia,
  type TManifestPlaylist,
  type TPlayerManifest,
} from '../packages/shared/src/player';
import { loadAverageLine } from './load-average';

const HOURS = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.SOAK_HOURS ?? '24');
const WARMUP_HOURS = z.coerce
  .number()
  .int()
  .nonnegative()
  .parse(process.env.SOAK_WARMUP_HOURS ?? '24');
const PUSH_HOURS = z.coerce
  .number()
  .positive()
  .parse(process.env.SOAK_PUSH_HOURS ?? '3');

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Saturday 27 March 2027, 12:00 in London (GMT); BST begins at 01:00 UTC the next night. */
const START_MS = Date.UTC(2027, 2, 27, 12);
const TIME_ZONE = 'Europe/London';
/** The controller's boundary timer, the engine's two slot watchdogs or item timers, the stage's
 * load/start/progress timers for both slots and the engine's retry: a small constant. */
const MAX_PENDING_TIMERS = 10;
/**
 * Heap objects growing faster than this per simulated hour are reported: 0.75 MiB a day, a month
 * of a 1 GB TV's uptime to lose 24 MiB. A warm run stays under 15 here; keeping the controller's
 * record of each play (about 200 bytes) shows as about 50.
 */
const HEAP_GROWTH_LIMIT_KIB = 32;

// --- The ad space's content -------------------------------------------------------------------

/** The library: each content item's kind and, for videos, its length. */
const LIBRARY: Record<string, { kind: 'image' | 'video'; lengthMs?: number }> = {
  'c-welcome': { kind: 'image' },
  'c-promo-a': { kind: 'video', lengthMs: 15 * SECOND },
  'c-menu': { kind: 'image' },
  'c-promo-b': { kind: 'video', lengthMs: 30 * SECOND },
  'c-broken': { kind: 'image' },
  'c-offers': { kind: 'image' },
  'c-stutter': { kind: 'video', lengthMs: 20 * SECOND },
  'c-coffee': { kind: 'image' },
  'c-pastry': { kind: 'image' },
  'c-morning': { kind: 'video', lengthMs: 12 * SECOND },
  'c-lunch-deal': { kind: 'image' },
  'c-kitchen': { kind: 'video', lengthMs: 25 * SECOND },
  'c-night': { kind: 'video', lengthMs: 45 * SECOND },
};

const DEFAULT_PLAYLIST_ID = 'p-default';

const srcOf = (contentId: string) => `/media/${contentId}`;

/**
 * How each medium behaves, for one run. A getter answers per load: the stage reads it at every
 * prepare, so a medium can misbehave on some loads only.
 */
function mediaBehaviours(): Record<string, MediaBehaviour> {
  const behaviours: Record<string, MediaBehaviour> = {
    [srcOf('c-broken')]: { failOnLoad: true },
  };
  const varying = (contentId: string, behaviourAt: (load: number) => MediaBehaviour) => {
    let loads = 0;
    Object.defineProperty(behaviours, srcOf(contentId), {
      enumerable: true,
      configurable: true,
      get: () => behaviourAt((loads += 1)),
    });
  };
  for (const [contentId, item] of Object.entries(LIBRARY)) {
    if (item.kind === 'video' && item.lengthMs !== undefined) {
      const videoLengthMs = item.lengthMs;
      varying(contentId, () => ({ videoLengthMs }));
    }
  }
  varying('c-stutter', (load) => ({
    videoLengthMs: 20 * SECOND,
    ...(load % 4 === 0 ? { stallAfterMs: 7 * SECOND } : {}),
  }));
  varying('c-promo-b', (load) => ({
    videoLengthMs: 30 * SECOND,
    readyAfterMs: 2500,
    // The engine gives an item 15 s to start once presented.
    startAfterMs: load % 6 === 0 ? 20 * SECOND : 1500,
  }));
  // A lone video loops without loading again: it stalls on its first load of the night, and the
  // engine loads it again after its retry delay.
  varying('c-night', (load) => ({
    videoLengthMs: 45 * SECOND,
    ...(load % 2 === 1 ? { stallAfterMs: 30 * SECOND } : {}),
  }));
  return behaviours;
}

type TItem = TManifestPlaylist['items'][number];

function image(playlistId: string, contentId: string, durationSeconds: number): TItem {
  return {
    id: `${playlistId}:${contentId}`,
    type: 'content',
    contentId,
    kind: 'image',
    durationSeconds,
  };
}
function video(playlistId: string, contentId: string): TItem {
  return { id: `${playlistId}:${contentId}`, type: 'content', contentId, kind: 'video' };
}

/** What the owner has set up; the pushes edit it. */
interface TContent {
  contentVersion: number;
  playlists: TManifestPlaylist[];
  entries: TPlayerManifest['schedule']['entries'];
  /** Changes the media URLs (a renewed download token) without changing what plays. */
  token: number;
}

function initialContent(): TContent {
  return {
    contentVersion: 1,
    token: 1,
    playlists: [
      {
        id: 'p-default',
        name: 'Every day',
        version: 1,
        items: [
          image('p-default', 'c-welcome', 10),
          video('p-default', 'c-promo-a'),
          image('p-default', 'c-menu', 8),
          video('p-default', 'c-promo-b'),
          image('p-default', 'c-broken', 10),
          image('p-default', 'c-offers', 12),
          video('p-default', 'c-stutter'),
        ],
      },
      {
        id: 'p-breakfast',
        name: 'Breakfast',
        version: 1,
        items: [
          image('p-breakfast', 'c-coffee', 8),
          image('p-breakfast', 'c-pastry', 8),
          video('p-breakfast', 'c-morning'),
        ],
      },
      {
        id: 'p-lunch',
        name: 'Lunch',
        version: 1,
        items: [
          image('p-lunch', 'c-lunch-deal', 15),
          video('p-lunch', 'c-kitchen'),
          video('p-lunch', 'c-promo-a'),
        ],
      },
      { id: 'p-night', name: 'Night', version: 1, items: [video('p-night', 'c-night')] },
    ],
    entries: [
      entry('e-breakfast', 'p-breakfast', [1, 2, 3, 4, 5, 6, 7], '07:00', '10:00'),
      entry('e-lunch', 'p-lunch', [1, 2, 3, 4, 5, 6], '12:00', '14:00'),
      entry('e-night', 'p-night', [1, 2, 3, 4, 5, 6, 7], '22:00', '06:00'),
    ],
  };
}

function entry(
  id: string,
  playlistId: string,
  weekdays: number[],
  startTime: string,
  endTime: string,
): TPlayerManifest['schedule']['entries'][number] {
  return {
    id,
    playlistId,
    firstDay: '2027-01-01',
    lastDay: null,
    weekdays,
    startTime,
    endTime,
    priority: 10,
    updatedAt: '2027-01-01T00:00:00.000Z',
  };
}

/** Push number `push` (from 1): what the owner changed since the last manifest. */
function edit(content: TContent, push: number, nowMs: number): string {
  const playlist = (id: string) => content.playlists.find((candidate) => candidate.id === id)!;
  const edited = (id: string, items: TItem[]) => {
    const found = playlist(id);
    found.version += 1;
    found.items = items;
    content.contentVersion += 1;
  };
  switch (push % 6) {
    case 2: {
      const { items } = playlist('p-default');
      edited('p-default', [...items.slice(1), items[0]!]);
      return 'default playlist reordered';
    }
    case 4: {
      const lunch = content.entries.find((candidate) => candidate.id === 'e-lunch')!;
      const isEarly = lunch.startTime === '12:00';
      lunch.startTime = isEarly ? '12:30' : '12:00';
      lunch.endTime = isEarly ? '14:30' : '14:00';
      lunch.updatedAt = new Date(nowMs).toISOString();
      content.contentVersion += 1;
      return `lunch moved to ${lunch.startTime}–${lunch.endTime}`;
    }
    case 0: {
      const items = playlist('p-breakfast').items.map((item) =>
        item.type === 'content' && item.kind === 'image'
          ? { ...item, durationSeconds: item.durationSeconds === 8 ? 10 : 8 }
          : item,
      );
      edited('p-breakfast', items);
      return 'breakfast images retimed';
    }
    default:
      content.token += 1;
      return 'same playlists, new download token';
  }
}

/** The manifest as the server builds it (apps/server/src/modules/player/manifest.ts), as JSON. */
function buildManifest(content: TContent, nowMs: number): TPlayerManifest {
  const fromMs = Math.floor(nowMs / DAY) * DAY;
  const toMs = fromMs + MANIFEST_TIMELINE_DAYS * DAY;
  const defaultPlaylistId = DEFAULT_PLAYLIST_ID;
  const timeline = createScheduleResolver({
    timeZone: TIME_ZONE,
    entries: content.entries,
    defaultPlaylistId,
  }).timeline(fromMs, toMs);
  const contentIds = new Set(
    content.playlists.flatMap((playlist) =>
      playlist.items.flatMap((item) => (item.type === 'content' ? [item.contentId] : [])),
    ),
  );
  const media: TManifestMedia[] = [...contentIds].sort().map((contentId) => {
    const item = LIBRARY[contentId]!;
    return {
      contentId,
      kind: item.kind,
      contentType: item.kind === 'image' ? 'image/jpeg' : 'video/mp4',
      url: `/storage/${contentId}?token=${content.token}`,
      sizeBytes: item.kind === 'image' ? 400_000 : 12_000_000,
      md5: crypto.createHash('md5').update(contentId).digest('base64'),
      durationMs: item.lengthMs ?? null,
    };
  });
  const body = {
    adSpace: {
      id: '0b6c1f9e-7d0a-4a3c-9a57-1d5f2b8e4c11',
      name: 'Harbour café window',
      orientation: 'landscape' as const,
      location: { id: 'l-harbour', name: 'Harbour café', city: 'London', timeZone: TIME_ZONE },
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      contentVersion: content.contentVersion,
    },
    timeZone: TIME_ZONE,
    timelineFromMs: fromMs,
    timelineToMs: toMs,
    timeline,
    schedule: { entries: content.entries, defaultPlaylistId },
    playlists: content.playlists,
    media,
    adFill: null,
    settings: {
      pollIntervalSeconds: 60,
      impressionSyncIntervalSeconds: 60,
      cacheCleanupIntervalSeconds: 3600,
    },
  };
  const hash = crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  const version = `v${content.contentVersion}-${hash}`;
  // What reaches the TV: JSON, parsed against the shared schema.
  return ZPlayerManifest.parse(
    JSON.parse(JSON.stringify({ version, generatedAt: new Date(nowMs).toISOString(), ...body })),
  );
}

/** A ready manifest as the sync hands it over: every file cached, served by content id. */
function readyOf(manifest: TPlayerManifest): ReadyManifest {
  const cached = new Set(manifest.media.map((media) => media.contentId));
  return {
    manifest,
    mediaUrlOf: (contentId) => (cached.has(contentId) ? srcOf(contentId) : null),
  };
}

function createSource(first: ReadyManifest) {
  let current = first;
  const listeners = new Set<(ready: ReadyManifest) => void>();
  const source: ContentSource & { push(ready: ReadyManifest): void; listeners(): number } = {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    push(ready) {
      current = ready;
      listeners.forEach((listener) => listener(ready));
    },
    listeners: () => listeners.size,
  };
  return source;
}

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

const kib = (bytes: number) => bytes / 1024;
const localTime = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
const fmt = (value: number, digits = 0) => value.toFixed(digits);

interface THeap {
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

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** What one run saw. */
interface TSoak {
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

const sum = (values: Partial<Record<string, number>>) =>
  Object.values(values).reduce((total: number, count) => total + (count ?? 0), 0);

/** Plays `hours` simulated hours from START_MS, on a fresh clock, stage, source and controller. */
function simulate(hours: number, gc: () => void, onHour?: (line: string) => void): TSoak {
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
  let nextPushMs = START_MS + PUSH_HOURS * HOUR;
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
        nextPushMs += PUSH_HOURS * HOUR;
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

function main(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    console.error(
      'bench/player-soak measures the heap after a collection: run it with `npm run bench:player-soak` ' +
        '(node --expose-gc --import tsx bench/player-soak.ts).',
    );
    return 2;
  }
  console.log(
    `bench/player-soak: ${HOURS} simulated hours from ${new Date(START_MS).toISOString()} ` +
      `(${TIME_ZONE}), a new manifest every ${PUSH_HOURS} h (Node ${process.version}, ${loadAverageLine()})`,
  );
  // A first run compiles every path (the night, breakfast, each failure) so that the JIT's code
  // does not count as growth in the measured run; everything of it is dropped before that starts.
  if (WARMUP_HOURS > 0) {
    const warmUp = simulate(WARMUP_HOURS, gc);
    console.log(
      `warm-up: ${WARMUP_HOURS} simulated hours in ${fmt(warmUp.wallMs / 1000, 2)} s, dropped`,
    );
  }
  console.log('');
  console.log(' hour  local time         plays  skipped  pending  heap KiB');
  const run = simulate(HOURS, gc, (line) => console.log(line));
  const { counts, samples } = run;
  const heapStart = samples[0]![1];
  const heapEnd = samples[samples.length - 1]![1];
  const heapMax = Math.max(...samples.map(([, heap]) => heap.used));
  const trend = (of: (heap: THeap) => number) =>
    kib(slope(samples.map(([hour, heap]): [number, number] => [hour, of(heap)])));
  const growthKiBPerHour = trend((heap) => heap.used);
  const objectGrowthKiBPerHour = trend((heap) => heap.used - heap.code);
  const skippedTotal = sum(run.skipped);
  const listOf = (values: Partial<Record<string, number>>) =>
    Object.entries(values)
      .map(([key, count]) => `${key} ${count}`)
      .join(', ');

  console.log('');
  console.log('manifests pushed:');
  for (const line of run.pushLog) console.log(`  ${line}`);
  console.log('');
  console.log(`simulated hours          ${fmt(run.simulatedMs / HOUR, 1)}`);
  console.log(`wall time                ${fmt(run.wallMs / 1000, 2)} s`);
  console.log(
    `plays                    ${counts.started} started, ${counts.ended} ended (${listOf(run.endReasons)})`,
  );
  console.log(
    `on screen                ${fmt((100 * run.shownMs) / run.simulatedMs, 2)} % of the time`,
  );
  const shownSwitches = run.switches.slice(-16);
  console.log(
    `schedule followed        ${run.switches.length} playlist changes` +
      `${run.switches.length > shownSwitches.length ? ' (the last 16 below)' : ''}; ` +
      `${run.scheduleMismatches} minutes off the resolver`,
  );
  for (const change of shownSwitches) {
    console.log(`  ${localTime(change.atMs).padEnd(17)} ${change.playlistId ?? 'idle'}`);
  }
  console.log(`skipped items            ${skippedTotal} (${listOf(run.skipped) || 'none'})`);
  console.log(`other warnings           ${run.otherWarnings.length}`);
  for (const line of run.otherWarnings.slice(0, 5)) console.log(`  ${line}`);
  console.log(`blank frames             ${run.blankFrames}`);
  console.log(`max videos loaded        ${run.maxVideosLoaded} (limit 2)`);
  console.log(
    `pending timers           ${run.pendingAtEnd} at the end, ${run.mostPending} at most ` +
      `(limit ${MAX_PENDING_TIMERS}), ${run.pendingAfterDestroy} after destroy`,
  );
  console.log(
    `heap (after gc)          start ${fmt(kib(heapStart.used))} KiB, end ${fmt(kib(heapEnd.used))} KiB, ` +
      `max ${fmt(kib(heapMax))} KiB (JIT code ${fmt(kib(heapStart.code))} → ${fmt(kib(heapEnd.code))} KiB)`,
  );
  console.log(
    `heap growth              ${fmt(growthKiBPerHour, 1)} KiB per simulated hour, ` +
      `${fmt(objectGrowthKiBPerHour, 1)} without JIT code (limit ${HEAP_GROWTH_LIMIT_KIB})`,
  );

  const broken: string[] = [];
  if (run.blankFrames > 0) broken.push(`${run.blankFrames} blank frames`);
  if (run.maxVideosLoaded > 2) broken.push(`${run.maxVideosLoaded} videos loaded at once`);
  if (counts.unknownEnds > 0) broken.push(`${counts.unknownEnds} ends of unknown or ended plays`);
  if (counts.overlapping > 0) broken.push(`${counts.overlapping} plays started over an open one`);
  if (counts.wrongShownMs > 0) broken.push(`${counts.wrongShownMs} shown times off the clock`);
  if (run.openAfterDestroy > 0 || counts.started !== counts.ended) {
    broken.push(`${counts.started - counts.ended} plays never ended`);
  }
  if (run.mostPending > MAX_PENDING_TIMERS) broken.push(`${run.mostPending} timers pending`);
  if (run.pendingAfterDestroy > 0) {
    broken.push(`${run.pendingAfterDestroy} timers left after destroy`);
  }
  if (run.listenersAfterDestroy > 0) broken.push('the manifest subscription left after destroy');
  if (counts.started === 0) broken.push('nothing played');
  if (run.scheduleMismatches > 0) {
    broken.push(`${run.scheduleMismatches} minutes playing another playlist than the schedule`);
  }
  const warnings: string[] = [];
  // V8 compiles more code as more paths get hot, and bounds it: objects are what leak.
  if (objectGrowthKiBPerHour > HEAP_GROWTH_LIMIT_KIB) {
    warnings.push(`the heap's objects grow ${fmt(objectGrowthKiBPerHour, 1)} KiB per hour`);
  }
  if (run.otherWarnings.length > 0) {
    warnings.push(`${run.otherWarnings.length} unexpected warnings`);
  }
  if (run.skippedWarnings !== skippedTotal)
    warnings.push('skipped items and their warnings differ');

  console.log('');
  if (broken.length > 0) {
    console.log(`verdict: FAIL (${[...broken, ...warnings].join('; ')})`);
    return 1;
  }
  if (warnings.length > 0) {
    console.log(`verdict: WARN (${warnings.join('; ')}); hard invariants hold`);
    return 0;
  }
  console.log(
    'verdict: OK (schedule followed, no blank frame, ≤ 2 videos, every play ended once, ' +
      'timers bounded, heap flat)',
  );
  return 0;
}

process.exitCode = main();
