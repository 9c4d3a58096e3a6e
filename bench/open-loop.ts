// The pieces an open-loop bench shares (bench/ingest.ts, bench/fleet.ts): a scheduler that sends
// each TV's request at the time set by the clock, never waiting for an earlier answer, and the
// figures (percentiles, errors by kind, the load average while a phase runs).
import os from 'node:os';
import { z } from 'zod';

/** A positive whole number from the environment variable `name`, or `fallback`. */
export const envInt = (name: string, fallback: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .parse(process.env[name] ?? String(fallback));

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const median = (values: readonly number[]) => percentile(values, 50);
export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A tally's failed requests, counted by kind: an HTTP status, or why the connection failed. */
export interface TErrorTally {
  errors: number;
  errorKinds: Map<string, number>;
}

export function countError(tally: TErrorTally, kind: string) {
  tally.errors += 1;
  tally.errorKinds.set(kind, (tally.errorKinds.get(kind) ?? 0) + 1);
}

/** `0`, or the count and its kinds: `3 (HTTP 503 ×2, socket hang up ×1)`. */
export const errorsOf = (tally: TErrorTally) =>
  tally.errors === 0
    ? '0'
    : `${tally.errors} (${[...tally.errorKinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')})`;

/** Why a request failed: the network error's cause (fetch and undici wrap it), or the error. */
export const causeOf = (error: unknown) => {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
};

/** Each line printed and kept, for the summary printed at the end of a bench. */
export function lineCollector() {
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  return { lines, say };
}

/** The 1-minute load average, sampled each second while a phase runs. */
export class LoadWatch {
  readonly values: number[] = [];
  private readonly timer = setInterval(() => this.values.push(os.loadavg()[0]!), 1000);
  stop() {
    clearInterval(this.timer);
    this.values.push(os.loadavg()[0]!);
    return `load average ${fmt(median(this.values), 2)} (median of the 1-minute figure; ${fmt(Math.min(...this.values), 2)}–${fmt(Math.max(...this.values), 2)}; ${os.cpus().length} cores)`;
  }
}

export interface TOpenLoop {
  /** How many senders (TVs, or a TV's timers). */
  count: number;
  /** Each sender's mean interval; each wait is it × (1 ± `jitter`). */
  cadenceMs: number;
  jitter: number;
  /** How long the loop schedules sends. */
  seconds: number;
  /**
   * Sends sender `index`'s request due at `dueAt` (performance.now() time): latency is measured
   * from `dueAt`, so a late send counts (no coordinated omission).
   */
  send(index: number, dueAt: number): Promise<void>;
  /** Called when the last send was due, before the answers still owed arrive. */
  atEnd?: () => Promise<void>;
  /** How long to wait for the answers still owed when the loop ends. */
  drainMs?: number;
}

export interface TOpenLoopResult {
  /** Seconds the loop scheduled sends. */
  scheduledSeconds: number;
  /** When the last send was due (performance.now() time). */
  endedAt: number;
  /** The latest the scheduler sent anything after it was due, ms. */
  lateMs: number;
  /** Requests without an answer when the drain ended. */
  unanswered: number;
}

/**
 * Every sender sends once per cadence ± jitter, on the clock, for `seconds`; each sender's first
 * send falls at random within one cadence. The scheduler wakes every 5 ms and sends whatever fell
 * due; a send never waits for an earlier one's answer.
 */
export async function openLoop(options: TOpenLoop): Promise<TOpenLoopResult> {
  const { count, cadenceMs, jitter, seconds } = options;
  const start = performance.now();
  const endAt = start + seconds * 1000;
  // Who is due when, in 5 ms buckets.
  const buckets = new Map<number, Array<{ index: number; dueAt: number }>>();
  const plan = (index: number, dueAt: number) => {
    if (dueAt >= endAt) return;
    const key = Math.floor(dueAt / 5);
    const bucket = buckets.get(key);
    if (bucket) bucket.push({ index, dueAt });
    else buckets.set(key, [{ index, dueAt }]);
  };
  for (let index = 0; index < count; index += 1) plan(index, start + Math.random() * cadenceMs);
  const inFlight = new Set<Promise<void>>();
  let lateMs = 0;
  let done = Math.floor(start / 5) - 1;
  while (performance.now() < endAt) {
    const now = performance.now();
    for (; done < Math.floor(now / 5); done += 1) {
      for (const { index, dueAt } of buckets.get(done + 1) ?? []) {
        lateMs = Math.max(lateMs, now - dueAt);
        plan(index, dueAt + cadenceMs * (1 + jitter * (2 * Math.random() - 1)));
        const request = options.send(index, dueAt);
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      buckets.delete(done + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const endedAt = performance.now();
  await options.atEnd?.();
  await Promise.race([
    Promise.all(inFlight),
    new Promise((resolve) => setTimeout(resolve, options.drainMs ?? 60_000)),
  ]);
  return {
    scheduledSeconds: (endedAt - start) / 1000,
    endedAt,
    lateMs,
    unanswered: inFlight.size,
  };
}
