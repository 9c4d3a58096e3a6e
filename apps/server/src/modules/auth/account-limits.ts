import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../db/database';
import { authAttempt } from '../../db/schema/index';

/**
 * Limits per account, beside Better Auth's limits per address (issue 18 item 3). An attacker
 * with many addresses (or, before TRUST_PROXY named the proxy, one address and a forged
 * X-Forwarded-For) was never limited: 30 wrong passwords in a row, then the right one signed in.
 *
 * Counted per e-mail address as typed (lower-cased), whether or not it has an account, so the
 * limit tells nobody which addresses exist. The first attempts are free; after them each one
 * waits a delay that doubles, capped, so the real user is never locked out for long: a pause,
 * not a lock. Counted in the database, so every instance agrees.
 */
export interface TAttemptPolicy {
  /** Attempts before the first pause. */
  free: number;
  /** The first pause; each further attempt doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this long without an attempt, the count starts again. */
  forgetAfterMs: number;
}

export const ACCOUNT_LIMIT_POLICIES = {
  // After 5 wrong passwords: 30 s, 1, 2, 4, 8 min, then 15 min per guess. A success resets it.
  'sign-in': { free: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 86_400_000 },
  // After 3 reset mails to one address: 1, 2, 4, 8 min, then 15 min per mail.
  'reset-mail': { free: 3, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 3_600_000 },
  // Two-factor codes checked outside sign-in (step-up.ts), per account: after 5 wrong ones,
  // 30 s, 1, 2, 4, 8 min, then 15 min per try. A right code resets it (issue 18 item 4).
  'two-factor': {
    free: 5,
    baseDelayMs: 30_000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 86_400_000,
  },
} satisfies Record<string, TAttemptPolicy>;

export type TAttemptKind = keyof typeof ACCOUNT_LIMIT_POLICIES;

export const ACCOUNT_LIMIT_CODE = 'ACCOUNT_TEMPORARILY_LIMITED';

/** How long the pause after `failures` attempts lasts (0 while attempts are still free). */
export function pauseAfter(policy: TAttemptPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.free));
}

const subjectOf = (email: string) =>
  crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export function createAccountLimits(db: TDb, now: () => Date = () => new Date()) {
  /**
   * Counts one attempt unless the account is paused, in one statement (the row is locked by the
   * upsert, so concurrent attempts on two instances cannot both slip through a pause). Answers
   * null when counted, or the milliseconds left of the pause.
   */
  async function take(kind: TAttemptKind, email: string): Promise<number | null> {
    const policy = ACCOUNT_LIMIT_POLICIES[kind];
    const at = now();
    const nowSql = sql`${at.toISOString()}::timestamptz`;
    const forgotten = sql`${authAttempt.lastAt} <= ${nowSql} - ${policy.forgetAfterMs} * interval '1 millisecond'`;
    const pauseEnds = sql`${authAttempt.lastAt} + least(${policy.maxDelayMs}::float8, ${policy.baseDelayMs}::float8 * power(2::float8, (${authAttempt.failures} - ${policy.free})::float8)) * interval '1 millisecond'`;
    const subject = subjectOf(email);
    const counted = await db
      .insert(authAttempt)
      .values({ kind, subject, failures: 1, lastAt: at })
      .onConflictDoUpdate({
        target: [authAttempt.kind, authAttempt.subject],
        set: {
          failures: sql`case when ${forgotten} then 1 else ${authAttempt.failures} + 1 end`,
          lastAt: at,
        },
        setWhere: sql`${forgotten} or ${authAttempt.failures} < ${policy.free} or ${pauseEnds} <= ${nowSql}`,
      })
      .returning({ failures: authAttempt.failures });
    if (counted.length > 0) return null;
    const [row] = await db
      .select({ failures: authAttempt.failures, lastAt: authAttempt.lastAt })
      .from(authAttempt)
      .where(and(eq(authAttempt.kind, kind), eq(authAttempt.subject, subject)));
    if (!row) return null;
    return Math.max(1000, row.lastAt.getTime() + pauseAfter(policy, row.failures) - at.getTime());
  }

  /**
   * The milliseconds left of the pause, counting nothing; null when not paused. For checks that
   * count only failures (two-factor codes: a right code of a paused account is refused too).
   */
  async function pausedFor(kind: TAttemptKind, subject: string): Promise<number | null> {
    const policy = ACCOUNT_LIMIT_POLICIES[kind];
    const [row] = await db
      .select({ failures: authAttempt.failures, lastAt: authAttempt.lastAt })
      .from(authAttempt)
      .where(and(eq(authAttempt.kind, kind), eq(authAttempt.subject, subjectOf(subject))));
    if (!row) return null;
    const at = now().getTime();
    if (row.lastAt.getTime() <= at - policy.forgetAfterMs) return null;
    const left = row.lastAt.getTime() + pauseAfter(policy, row.failures) - at;
    return left > 0 ? Math.max(1000, left) : null;
  }

  /** Forgets the attempts (a successful sign-in). */
  async function clear(kind: TAttemptKind, email: string): Promise<void> {
    await db
      .delete(authAttempt)
      .where(and(eq(authAttempt.kind, kind), eq(authAttempt.subject, subjectOf(email))));
  }

  /** Takes back one counted attempt that turned out not to be a guess (a refused origin, bad input). */
  async function uncount(kind: TAttemptKind, email: string): Promise<void> {
    await db
      .update(authAttempt)
      .set({ failures: sql`greatest(${authAttempt.failures} - 1, 0)` })
      .where(and(eq(authAttempt.kind, kind), eq(authAttempt.subject, subjectOf(email))));
  }

  return { take, pausedFor, clear, uncount };
}

export type TAccountLimits = ReturnType<typeof createAccountLimits>;

const ZEmailBody = z.object({ email: z.string().min(1) });
/** An APIError as `ctx.context.returned` holds it after a refused request. */
const ZRefusal = z.object({ statusCode: z.number().int().min(400) });

const PATH_KINDS: Record<string, TAttemptKind> = {
  '/sign-in/email': 'sign-in',
  '/request-password-reset': 'reset-mail',
};

function pausedError(kind: TAttemptKind, waitMs: number): APIError {
  const minutes = Math.ceil(waitMs / 60_000);
  const wait =
    waitMs < 60_000
      ? `${Math.ceil(waitMs / 1000)} seconds`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message =
    kind === 'sign-in'
      ? `Too many wrong passwords for this account. Try again in ${wait}, or reset your password.`
      : `Several reset e-mails were sent to this address already. Check your inbox (and spam folder), or ask again in ${wait}.`;
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: ACCOUNT_LIMIT_CODE, message },
    { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
  );
}

/**
 * The limits on Better Auth's routes, as a plugin of hooks: before a sign-in or a reset mail
 * the attempt is counted (or refused with 429 while paused); after a sign-in, success clears the
 * count, and a refusal that was not a wrong password (origin, input) takes the attempt back.
 */
export function accountLimitsPlugin(limits: TAccountLimits) {
  return {
    id: 'screenline-account-limits',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in PATH_KINDS,
          handler: createAuthMiddleware(async (ctx) => {
            const kind = PATH_KINDS[ctx.path];
            const body = ZEmailBody.safeParse(ctx.body);
            // No e-mail: Better Auth refuses the body itself.
            if (!kind || !body.success || !ctx.request) return;
            const waitMs = await limits.take(kind, body.data.email);
            if (waitMs !== null) throw pausedError(kind, waitMs);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const body = ZEmailBody.safeParse(ctx.body);
            if (!body.success || !ctx.request) return;
            const refused = ZRefusal.safeParse(ctx.context.returned);
            if (refused.success) {
              // A wrong password (401) stays counted; anything else refused was not a guess.
              if (refused.data.statusCode !== 401) await limits.uncount('sign-in', body.data.email);
              return;
            }
            await limits.clear('sign-in', body.data.email);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
