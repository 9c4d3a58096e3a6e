import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { job } from '../../db/schema/index';

export type TJobRow = typeof job.$inferSelect;

/** The states in which a keyed job blocks another with the same key (the partial unique index). */
const ACTIVE_KEY = sql.raw(`state in ('pending', 'running')`);

export function createJobsRepository(db: TDb) {
  /** The row is still this worker's: a worker whose lease was taken over changes nothing. */
  const heldBy = (id: string, workerId: string) =>
    and(eq(job.id, id), eq(job.state, 'running'), eq(job.lockedBy, workerId));

  return {
    /** Queues a job; null when a job with the same key is already pending or running. */
    async insert(values: {
      name: string;
      payload: unknown;
      runAt: Date;
      maxAttempts: number;
      key: string | null;
    }): Promise<string | null> {
      const [row] = await db
        .insert(job)
        .values({ ...values, createdAt: values.runAt, updatedAt: values.runAt })
        .onConflictDoNothing({ target: job.key, where: ACTIVE_KEY })
        .returning({ id: job.id });
      return row?.id ?? null;
    },

    /**
     * The one pending row of a recurring job (its name is its key). A row that already exists
     * keeps its schedule; only the interval follows the code.
     */
    async ensureRecurring(values: {
      name: string;
      intervalMs: number;
      maxAttempts: number;
      now: Date;
    }): Promise<void> {
      await db
        .insert(job)
        .values({
          name: values.name,
          key: values.name,
          payload: {},
          intervalMs: values.intervalMs,
          maxAttempts: values.maxAttempts,
          runAt: values.now,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoUpdate({
          target: job.key,
          targetWhere: ACTIVE_KEY,
          set: { intervalMs: values.intervalMs, maxAttempts: values.maxAttempts },
        });
    },

    /**
     * Claims up to `limit` due jobs of the given names for one worker. FOR UPDATE SKIP LOCKED
     * lets concurrent claimers pass over each other's rows instead of waiting or taking the same
     * one; a running job whose lease has expired (its worker died) is due again.
     */
    async claim(options: {
      names: string[];
      workerId: string;
      now: Date;
      leaseMs: number;
      limit: number;
    }): Promise<TJobRow[]> {
      const { names, workerId, now, leaseMs, limit } = options;
      if (names.length === 0 || limit <= 0) return [];
      const due = db
        .select({ id: job.id })
        .from(job)
        .where(
          and(
            inArray(job.name, names),
            lt(job.attempts, job.maxAttempts),
            or(
              and(eq(job.state, 'pending'), lte(job.runAt, now)),
              and(eq(job.state, 'running'), lt(job.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(job.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(job)
        .set({
          state: 'running',
          attempts: sql`${job.attempts} + 1`,
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })
        .where(inArray(job.id, due))
        .returning();
    },

    /** Running jobs whose worker died on their last attempt: nothing will claim them again. */
    async buryAbandoned(names: string[], now: Date): Promise<number> {
      if (names.length === 0) return 0;
      const rows = await db
        .update(job)
        .set({
          state: 'dead',
          lockedBy: null,
          lockedUntil: null,
          finishedAt: now,
          updatedAt: now,
          lastError: sql`coalesce(${job.lastError} || ' · ', '') || 'the worker stopped while running it'`,
        })
        .where(
          and(
            inArray(job.name, names),
            eq(job.state, 'running'),
            lt(job.lockedUntil, now),
            sql`${job.attempts} >= ${job.maxAttempts}`,
          ),
        )
        .returning({ id: job.id });
      return rows.length;
    },

    async extendLease(id: string, workerId: string, until: Date): Promise<boolean> {
      const rows = await db
        .update(job)
        .set({ lockedUntil: until })
        .where(heldBy(id, workerId))
        .returning({ id: job.id });
      return rows.length === 1;
    },

    /** A finished run: done, or for a recurring job pending again at its next time. */
    async finish(
      id: string,
      workerId: string,
      outcome:
        | { state: 'done'; now: Date }
        | { state: 'pending'; now: Date; runAt: Date; resetAttempts: boolean; error: string | null }
        | { state: 'dead'; now: Date; error: string },
    ): Promise<boolean> {
      const base = { lockedBy: null, lockedUntil: null, updatedAt: outcome.now };
      const changes =
        outcome.state === 'pending'
          ? {
              ...base,
              state: outcome.state,
              runAt: outcome.runAt,
              lastError: outcome.error,
              ...(outcome.resetAttempts ? { attempts: 0 } : {}),
            }
          : outcome.state === 'dead'
            ? { ...base, state: outcome.state, lastError: outcome.error, finishedAt: outcome.now }
            : { ...base, state: outcome.state, lastError: null, finishedAt: outcome.now };
      const rows = await db
        .update(job)
        .set(changes)
        .where(heldBy(id, workerId))
        .returning({ id: job.id });
      return rows.length === 1;
    },

    /** Done jobs are kept a while for inspection, then removed. Dead ones stay for a person. */
    async purgeDone(before: Date): Promise<number> {
      const rows = await db
        .delete(job)
        .where(and(eq(job.state, 'done'), lt(job.finishedAt, before)))
        .returning({ id: job.id });
      return rows.length;
    },

    async findById(id: string): Promise<TJobRow | undefined> {
      const [row] = await db.select().from(job).where(eq(job.id, id));
      return row;
    },

    async listByName(name: string): Promise<TJobRow[]> {
      return db.select().from(job).where(eq(job.name, name)).orderBy(asc(job.createdAt));
    },
  };
}

export type TJobsRepository = ReturnType<typeof createJobsRepository>;
