// bench/schedule: the cost of resolving a schedule into the TV's timeline, by number of entries.
//
//   npm run bench:schedule
//
// The manifest and the marketplace's slot estimate resolve each ad space's schedule entries into
// the 7-day timeline (packages/playback/src/schedule-resolver.ts `timeline`). Issue 19: asking
// `playingAt` and `nextChange` segment by segment grew with the cube of the entries (17 s for the
// marketplace with 40 one-minute entries); `timeline` is now one sweep over the windows. This
// prints, for 10, 50, 200 (SCHEDULE_ENTRIES_MAX, what one space may have) and 1,000 entries of
// one-minute windows spread over the day, the median time of `timeline` over 7 days, and beside
// it in the same run the old step-by-step way for the sizes it can finish (it is skipped above 50
// entries), with their ratio. Timings here, never in tests; the load average is printed with them.
import { performance } from 'node:perf_hooks';
import { createScheduleResolver, type TScheduleRule } from '@screenline/playback/schedule-resolver';
import { loadAverageLine } from './load-average';

const DAY_MS = 86_400_000;
const FROM = Date.parse('2026-03-23T00:00:00Z'); // a week with Europe's daylight-saving change
const TO = FROM + 7 * DAY_MS;
const ROUNDS = 5;

function entries(count: number): TScheduleRule[] {
  return Array.from({ length: count }, (_, index) => {
    const minute = (index * 37) % (24 * 60);
    const end = minute + 1;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return {
      id: `entry-${String(index).padStart(4, '0')}`,
      playlistId: `playlist-${index % 7}`,
      firstDay: '2026-01-01',
      lastDay: null,
      weekdays: [1, 2, 3, 4, 5, 6, 7].filter((day) => (day + index) % 3 !== 0),
      startTime: hhmm(minute),
      endTime: hhmm(end),
      priority: index % 5,
      updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    };
  });
}

/** The old way: what plays at each segment's start, and when it next changes. */
function stepwise(resolver: ReturnType<typeof createScheduleResolver>) {
  let segments = 0;
  for (let startMs = FROM; startMs < TO; segments += 1) {
    resolver.playingAt(startMs);
    const next = resolver.nextChange(startMs, { horizonMs: TO - startMs });
    startMs = next === null ? TO : Math.min(next, TO);
  }
  return segments;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

console.log(`bench:schedule — ${loadAverageLine()}`);
for (const count of [10, 50, 200, 1000]) {
  const input = {
    timeZone: 'Europe/Berlin',
    entries: entries(count),
    defaultPlaylistId: 'default',
  };
  const sweep: number[] = [];
  const old: number[] = [];
  let segments = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // A new resolver each time: its cache of local instants would flatter the second run.
    sweep.push(time(() => (segments = createScheduleResolver(input).timeline(FROM, TO).length)));
    if (count <= 50) old.push(time(() => stepwise(createScheduleResolver(input))));
  }
  const line = [
    `${String(count).padStart(5)} entries`,
    `${String(segments).padStart(6)} segments`,
    `timeline ${median(sweep).toFixed(1)} ms`,
  ];
  if (old.length > 0)
    line.push(
      `step by step ${median(old).toFixed(1)} ms`,
      `ratio ${(median(old) / median(sweep)).toFixed(0)}×`,
    );
  console.log(line.join(' · '));
}
console.log(`${loadAverageLine()} after`);
