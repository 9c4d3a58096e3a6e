import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The job queue (modules/jobs). A row is claimed with FOR UPDATE SKIP LOCKED and leased to one
 * worker until `locked_until`; a worker that dies loses its lease and the job is claimed again.
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The handler that runs it, e.g. `mail.send`. */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** pending → running → done | dead; back to pending to retry (and recurring jobs forever). */
    state: text('state', { enum: ['pending', 'running', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    /** Runs claimed so far, including one that is running now. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** A job with a key is never queued twice while one is pending or running. */
    key: text('key'),
    /** Recurring jobs: milliseconds from one run's end to the next run. */
    intervalMs: integer('interval_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('job_claim_idx').on(t.state, t.runAt),
    uniqueIndex('job_active_key_idx')
      .on(t.key)
      .where(sql`${t.state} in ('pending', 'running')`),
    check('job_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
