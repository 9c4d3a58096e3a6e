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
import { z } from 'zod';
import { loadAverageLine } from './load-average';
import { fmt, kib, localTime, simulate, sum, type THeap } from './player-soak-run';
import { HOUR, START_MS, TIME_ZONE } from './player-soak-world';

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

/** The controller's boundary timer, the engine's two slot watchdogs or item timers, the stage's
 * load/start/progress timers for both slots and the engine's retry: a small constant. */
const MAX_PENDING_TIMERS = 10;
/**
 * Heap objects growing faster than this per simulated hour are reported: 0.75 MiB a day, a month
 * of a 1 GB TV's uptime to lose 24 MiB. A warm run stays under 15 here; keeping the controller's
 * record of each play (about 200 bytes) shows as about 50.
 */
const HEAP_GROWTH_LIMIT_KIB = 32;

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
    const warmUp = simulate(WARMUP_HOURS, PUSH_HOURS, gc);
    console.log(
      `warm-up: ${WARMUP_HOURS} simulated hours in ${fmt(warmUp.wallMs / 1000, 2)} s, dropped`,
    );
  }
  console.log('');
  console.log(' hour  local time         plays  skipped  pending  heap KiB');
  const run = simulate(HOURS, PUSH_HOURS, gc, (line) => console.log(line));
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
