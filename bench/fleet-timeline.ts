// bench/fleet's timeline: where the tail came from. Per 10 s of the run, the p99 of every request
// due in it (all kinds) and the worst event-loop delay seen in the server and in the driver: a
// stall in one window (a collection, a rebuild) reads differently from a queue that grows all run.
import type { TKind, TTally } from './fleet-requests';
import { fmt, percentile } from './open-loop';

const TIMELINE_WINDOW_MS = 10_000;

/** One worst event-loop delay sample, `atMs` after the run started. */
export interface TStall {
  atMs: number;
  serverMs: number;
  driverMs: number;
}

export function timelineLines(
  tallies: Record<TKind, TTally>,
  stalls: readonly TStall[],
  runStart: number,
): string[] {
  const windows = new Map<number, number[]>();
  for (const tally of Object.values(tallies)) {
    tally.dueMs.forEach((due, index) => {
      const window = Math.floor((due - runStart) / TIMELINE_WINDOW_MS);
      const latencies = windows.get(window) ?? [];
      latencies.push(tally.latenciesMs[index]!);
      windows.set(window, latencies);
    });
  }
  const cells = [...windows.keys()]
    .sort((a, b) => a - b)
    .map((window) => {
      const inWindow = stalls.filter(
        (stall) => Math.floor(stall.atMs / TIMELINE_WINDOW_MS) === window,
      );
      const server = Math.max(0, ...inWindow.map((stall) => stall.serverMs));
      const driver = Math.max(0, ...inWindow.map((stall) => stall.driverMs));
      return `${(window * TIMELINE_WINDOW_MS) / 1000} s: p99 ${fmt(percentile(windows.get(window)!, 99), 0)} ms, loop stall server ${fmt(server, 0)} / driver ${fmt(driver, 0)} ms`;
    });
  return [
    `  timeline (per ${TIMELINE_WINDOW_MS / 1000} s of due time):`,
    ...cells.map((cell) => `    ${cell}`),
  ];
}
