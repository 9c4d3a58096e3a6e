import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TDb } from '../../db/database';
import { createJobsRepository, type TJobRow, type TJobsRepository } from './jobs.repository';

export interface TJobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
}

/** One kind of background work: a name, the payload's schema and what to do. */
export interface TJobDefinition<TPayload> {
  name: string;
  payload: z.ZodType<TPayload>;
  run(payload: TPayload, context: TJobContext): Promise<void>;
  /** Runs before the job is dead (default 5). */
  maxAttempts?: number;
  /** Wait before retry number `attempt + 1`, after `attempt` failed runs (default exponential). */
  backoffMs?: (attempt: number) => number;
}

export interface TJobQueueOptions {
  db: TDb;
  log: FastifyBaseLogger;
  /** How often idle workers look for due jobs; enqueue wakes this process's worker at once. */
  pollIntervalMs: number;
  /** How long a claimed job is this worker's before another may take it (renewed while running). */
  leaseMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** The clock, so tests can move time for backoff and lease expiry. */
  now?: () => Date;
  workerId?: string;
}

/** 10 s, 20 s, 40 s, … up to one hour. */
export function exponentialBackoff(baseMs: number, maxMs: number) {
  return (attempt: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF = exponentialBackoff(10_000, 60 * 60 * 1000);
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

/** The payload of jobs that need none (recurring sweeps). */
export const ZEmptyPayload = z.object({}).strict();
export type TEmptyPayload = z.infer<typeof ZEmptyPayload>;

type TOutcome = Parameters<TJobsRepository['finish']>[2];

/** A registered job with its payload type erased: the payload is parsed on every run. */
interface TRegistered {
  name: string;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
  recurringMs: number | undefined;
  /** Parses the stored payload, then runs; null when the payload does not parse. */
  run(raw: unknown, context: TJobContext): Promise<{ badPayload: string } | null>;
}

/**
 * The job queue in the database (issue 6 item 2). Jobs are rows claimed with FOR UPDATE SKIP
 * LOCKED under a lease, so across any number of instances on one database a job runs on one
 * worker at a time; a worker that dies loses its lease and the job is claimed again. Failures
 * retry with exponential backoff up to a maximum, then the job is dead with its last error.
 * Recurring jobs keep one row each (their name is a unique key) that goes back to pending.
 */
export function createJobQueue(options: TJobQueueOptions) {
  const repo = createJobsRepository(options.db);
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const log = options.log.child({ module: 'jobs' });
  const registry = new Map<string, TRegistered>();
  const running = new Set<Promise<void>>();
  let pollTimer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let ticking: Promise<number> | undefined;
  let tickAgain = false;

  function register<T>(definition: TJobDefinition<T>, recurringMs?: number): void {
    if (registry.has(definition.name)) throw new Error(`Job ${definition.name} is registered.`);
    registry.set(definition.name, {
      name: definition.name,
      maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoffMs: definition.backoffMs ?? DEFAULT_BACKOFF,
      recurringMs,
      async run(raw, context) {
        const parsed = definition.payload.safeParse(raw);
        if (!parsed.success) return { badPayload: parsed.error.message };
        await definition.run(parsed.data, context);
        return null;
      },
    });
  }

  /** Registers a job that runs every `intervalMs` (counted from the end of the previous run). */
  function recur(definition: TJobDefinition<TEmptyPayload>, intervalMs: number): void {
    register(definition, intervalMs);
  }

  /**
   * Queues a job; with a `key`, not while another with that key is pending or running (returns
   * null then). Wakes this process's worker, so in-process work starts at once.
   */
  async function enqueue<T>(
    definition: TJobDefinition<T>,
    payload: T,
    extra: { key?: string; runAt?: Date } = {},
  ): Promise<string | null> {
    const id = await repo.insert({
      name: definition.name,
      payload: definition.payload.parse(payload),
      runAt: extra.runAt ?? now(),
      maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      key: extra.key ?? null,
    });
    wake();
    return id;
  }

  /** Claims what is due now and runs it; repeats while there was work. */
  function tick(): Promise<number> {
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    ticking = (async () => {
      let total = 0;
      do {
        tickAgain = false;
        const free = concurrency - running.size;
        if (stopping || free <= 0) break;
        const at = now();
        const names = [...registry.keys()];
        await repo.buryAbandoned(names, at);
        const claimed = await repo.claim({
          names,
          workerId,
          now: at,
          leaseMs,
          limit: free,
        });
        for (const row of claimed) track(execute(row));
        total += claimed.length;
        if (claimed.length > 0) tickAgain = true;
      } while (tickAgain);
      return total;
    })().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  function track(run: Promise<void>) {
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      // A slot is free: look for more work now rather than at the next poll.
      wake();
    });
  }

  function wake(): void {
    if (!started || stopping) return;
    tick().catch((error: unknown) => log.error({ err: error }, 'could not claim jobs'));
  }

  async function execute(row: TJobRow): Promise<void> {
    const registered = registry.get(row.name);
    if (!registered) return;
    // Renew the lease while the job runs, so a long job is never taken over while alive.
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(row.id, workerId, new Date(now().getTime() + leaseMs))
          .catch((error: unknown) => log.warn({ err: error, jobId: row.id }, 'lease not renewed')),
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      await finish(row, await attempt(row, registered));
    } catch (error) {
      // The database failed us: the lease runs out and the job is claimed again.
      log.error({ err: error, job: row.name, jobId: row.id }, 'could not record the end of a job');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Runs the job once and says what becomes of its row. */
  async function attempt(row: TJobRow, registered: TRegistered): Promise<TOutcome> {
    const { recurringMs } = registered;
    try {
      const refused = await registered.run(row.payload, { jobId: row.id, attempt: row.attempts });
      // Retrying cannot fix a payload the code does not understand.
      if (refused)
        return { state: 'dead', now: now(), error: `bad payload: ${refused.badPayload}` };
      return recurringMs === undefined
        ? { state: 'done', now: now() }
        : pendingAgain(recurringMs, { resetAttempts: true, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const context = { err: error, job: row.name, jobId: row.id, attempt: row.attempts };
      if (row.attempts < row.maxAttempts) {
        log.warn(context, 'job failed; will retry');
        const backoff = registered.backoffMs(row.attempts);
        return pendingAgain(backoff, { resetAttempts: false, error: message });
      }
      if (recurringMs !== undefined) {
        // A recurring job is never dead: it tries again at its next time, from scratch.
        log.error(context, 'recurring job failed; next run as scheduled');
        return pendingAgain(recurringMs, { resetAttempts: true, error: message });
      }
      log.error(context, 'job failed for good');
      return { state: 'dead', now: now(), error: message };
    }
  }

  function pendingAgain(
    delayMs: number,
    options: { resetAttempts: boolean; error: string | null },
  ): TOutcome {
    const at = now();
    return { state: 'pending', now: at, runAt: new Date(at.getTime() + delayMs), ...options };
  }

  async function finish(row: TJobRow, outcome: TOutcome) {
    const held = await repo.finish(row.id, workerId, outcome);
    if (!held) log.warn({ job: row.name, jobId: row.id }, 'job lease was lost before it finished');
  }

  /** Starts polling; recurring jobs get their row if they have none. */
  async function start(): Promise<void> {
    if (started) return;
    for (const { name, recurringMs, maxAttempts } of registry.values()) {
      if (recurringMs === undefined) continue;
      await repo.ensureRecurring({ name, intervalMs: recurringMs, maxAttempts, now: now() });
    }
    started = true;
    pollTimer = setInterval(wake, options.pollIntervalMs);
    pollTimer.unref();
    wake();
  }

  /** Stops claiming and waits for the jobs that are running (graceful shutdown). */
  async function stop(): Promise<void> {
    stopping = true;
    clearInterval(pollTimer);
    await ticking?.catch(() => undefined);
    await Promise.allSettled([...running]);
  }

  /**
   * Runs everything due now and waits for it to finish; for tests and the CLI, which need to
   * know when the work is done. Returns how many jobs ran.
   */
  async function runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await tick();
      await Promise.allSettled([...running]);
      if (count === 0) return total;
      total += count;
    }
  }

  /** Deletes done jobs older than a week; registered as a daily recurring job by the app. */
  const purgeDefinition: TJobDefinition<TEmptyPayload> = {
    name: 'jobs.purge-done',
    payload: ZEmptyPayload,
    run: async () => {
      const count = await repo.purgeDone(new Date(now().getTime() - KEEP_DONE_MS));
      if (count > 0) log.info({ count }, 'old finished jobs removed');
    },
  };
  recur(purgeDefinition, 24 * 60 * 60 * 1000);

  return {
    register,
    recur,
    enqueue,
    start,
    stop,
    runDue,
    workerId,
    /** For the admin and tests: one job, and the jobs of one name. */
    findJob: (id: string) => repo.findById(id),
    listJobs: (name: string) => repo.listByName(name),
  };
}

export type TJobQueue = ReturnType<typeof createJobQueue>;
