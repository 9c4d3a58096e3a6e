import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt, symmetricEncrypt, type SecretConfig } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { ERROR_STATUS } from '@screenline/shared/errors';
import { ZRecoveryCode, ZTotpCode } from '@screenline/shared/two-factor';
import type { TDb } from '../../db/database';
import { twoFactor } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { TAccountLimits } from './account-limits';

/**
 * Fresh two-factor codes outside sign-in (issue 18 item 4, docs/security.md): a payout request
 * (which names the bank account the money goes to) and turning two-factor sign-in off need one.
 *
 * - A TOTP code is accepted in its 30-second step and one step either side (clock drift), as
 *   Better Auth accepts it at sign-in, and at most once: the step spent is stored
 *   (`two_factor.last_step_up_step`), and a code of that step or an earlier one is refused.
 * - Wrong codes are counted per account (account-limits.ts, kind `two-factor`): after 5, each
 *   next try waits 30 s, doubling up to 15 minutes. A right code clears the count.
 * - Turning two-factor off also takes a recovery code (the phone is lost), which is spent.
 */

const PERIOD_SECONDS = 30;

export const STEP_UP_LIMIT_KIND = 'two-factor';

interface TStepUpDeps {
  db: TDb;
  /** The key Better Auth encrypts the TOTP secret and recovery codes with. */
  secretKey: () => Promise<string | SecretConfig>;
  limits: TAccountLimits;
  now?: () => number;
}

/** A code that passed: spend it inside the transaction that acts on it. */
export interface TVerifiedCode {
  userId: string;
  step: number;
}

const invalid = (message: string) => new AppError('two-factor-code-invalid', message);

export function createStepUp({ db, secretKey, limits, now = Date.now }: TStepUpDeps) {
  const limitSubject = (userId: string) => `user:${userId}`;
  /** Forgets the account's wrong codes (a right one was entered). */
  const clearAttempts = (userId: string) => limits.clear(STEP_UP_LIMIT_KIND, limitSubject(userId));

  async function enrolment(userId: string) {
    const [row] = await db
      .select({
        secret: twoFactor.secret,
        backupCodes: twoFactor.backupCodes,
        verified: twoFactor.verified,
      })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    if (!row?.verified)
      throw new AppError(
        'two-factor-required',
        'Turn on two-factor sign-in first: Profile → Security. It protects your payouts.',
      );
    return row;
  }

  const pausedError = (waitMs: number) => {
    const seconds = Math.ceil(waitMs / 1000);
    const wait = seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minute(s)`;
    return new AppError(
      'too-many-requests',
      `Too many wrong two-factor codes for this account. Try again in ${wait}.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  };

  /** 429 in words while the account is paused; counts nothing. */
  async function requireNotPaused(userId: string): Promise<void> {
    const waitMs = await limits.pausedFor(STEP_UP_LIMIT_KIND, limitSubject(userId));
    if (waitMs !== null) throw pausedError(waitMs);
  }

  /** Counts a wrong code; 429 when the account was paused meanwhile. */
  async function countFailure(userId: string): Promise<void> {
    const waitMs = await limits.take(STEP_UP_LIMIT_KIND, limitSubject(userId));
    if (waitMs !== null) throw pausedError(waitMs);
  }

  /** The time step whose TOTP code this is, or null (each step compared in constant time). */
  async function matchingStep(secret: string, code: string): Promise<number | null> {
    const otp = createOTP(secret, { digits: 6, period: PERIOD_SECONDS });
    const current = Math.floor(now() / 1000 / PERIOD_SECONDS);
    let found: number | null = null;
    for (const step of [current - 1, current, current + 1]) {
      const expected = Buffer.from(await otp.hotp(step));
      if (crypto.timingSafeEqual(expected, Buffer.from(code))) found = step;
    }
    return found;
  }

  /**
   * Checks a TOTP code (two-factor must be on): answers the step to spend, or refuses in words
   * (`two-factor-required`, `two-factor-code-invalid`, `too-many-requests`). Whether the step was
   * spent already is `spend`'s to say: an idempotent replay answers before it and needs no new code.
   */
  async function verifyTotp(userId: string, given: unknown): Promise<TVerifiedCode> {
    const row = await enrolment(userId);
    if (given === undefined || given === null || given === '')
      throw invalid('Enter the 6-digit code from your authenticator app to confirm.');
    const code = ZTotpCode.safeParse(given);
    if (!code.success)
      throw invalid(code.error.issues[0]?.message ?? 'Enter the 6-digit code from your app.');
    await requireNotPaused(userId);
    const secret = await symmetricDecrypt({ key: await secretKey(), data: row.secret });
    const step = await matchingStep(secret, code.data);
    if (step === null) {
      await countFailure(userId);
      throw invalid('That code is not right. Enter the code your authenticator app shows now.');
    }
    await clearAttempts(userId);
    return { userId, step };
  }

  /**
   * Spends a checked code, in the caller's transaction (so a refused request gives it back):
   * a second request with the same code, even a concurrent one, is refused here.
   */
  async function spend(tx: TDb, verified: TVerifiedCode): Promise<void> {
    const spent = await tx
      .update(twoFactor)
      .set({ lastStepUpStep: verified.step })
      .where(
        and(
          eq(twoFactor.userId, verified.userId),
          or(isNull(twoFactor.lastStepUpStep), lt(twoFactor.lastStepUpStep, verified.step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (spent.length === 0)
      throw invalid('That code was used already. Wait for the next code and enter it.');
  }

  /** A TOTP code (spent at once) or a recovery code (crossed off its list), for turning 2FA off. */
  async function verifyAndSpendAny(userId: string, given: unknown): Promise<void> {
    const recovery = ZRecoveryCode.safeParse(given);
    if (!recovery.success) {
      await spend(db, await verifyTotp(userId, given));
      return;
    }
    const row = await enrolment(userId);
    await requireNotPaused(userId);
    const key = await secretKey();
    const codes = z
      .array(z.string())
      .parse(JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })));
    if (!codes.includes(recovery.data)) {
      await countFailure(userId);
      throw invalid('That recovery code is not right, or it was used already.');
    }
    const left = await symmetricEncrypt({
      key,
      data: JSON.stringify(codes.filter((code) => code !== recovery.data)),
    });
    // Only if nobody spent a code meanwhile: the list read is the list replaced.
    const crossed = await db
      .update(twoFactor)
      .set({ backupCodes: left })
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.backupCodes, row.backupCodes)))
      .returning({ userId: twoFactor.userId });
    if (crossed.length === 0) throw invalid('That recovery code was used already.');
    await clearAttempts(userId);
  }

  return { verifyTotp, spend, verifyAndSpendAny, requireNotPaused, countFailure, clearAttempts };
}

export type TStepUp = ReturnType<typeof createStepUp>;

const ZCodeBody = z.object({ code: z.unknown().optional() });

/** An AppError as Better Auth's routes answer: the same status, `{ code, message }`. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const status = ERROR_STATUS[error.code];
  const name = status === 429 ? 'TOO_MANY_REQUESTS' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
  return new APIError(
    name,
    { code: error.code.toUpperCase().replaceAll('-', '_'), message: error.message },
    error.headers,
  );
}

/**
 * The product's rules on the twoFactor plugin's routes:
 * - turning two-factor off needs a current code (or a recovery code) beside the password, so a
 *   session and a password alone (a shared computer, a phished password) cannot remove it;
 * - "trust this device" is not offered: every sign-in of an account with two-factor asks a code;
 * - codes checked with a session (the first code of an enrolment) count toward the account's
 *   pause when wrong, as step-up codes do. At sign-in the plugin counts them itself (5 per challenge, 10 in
 *   a row per account, then 15 minutes).
 */
export function twoFactorRulesPlugin(stepUp: TStepUp) {
  const COUNTED = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
  // Whose code a request checks, from its session before the plugin replaces that session.
  const counted = new WeakMap<Request, string>();
  return {
    id: 'screenline-two-factor-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            const session = await getSessionFromCtx(ctx);
            // No session: the plugin answers 401 itself.
            if (!session) return;
            const body = ZCodeBody.safeParse(ctx.body);
            try {
              await stepUp.verifyAndSpendAny(session.user.id, body.success ? body.data.code : '');
            } catch (error) {
              throw asApiError(error);
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path !== undefined && COUNTED.has(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const body = z.record(z.string(), z.unknown()).safeParse(ctx.body);
            // No body object: the plugin refuses it itself.
            const withoutTrust: Record<string, unknown> = body.success
              ? { ...body.data, trustDevice: false }
              : {};
            if (!ctx.request) return { context: { body: withoutTrust } };
            const session = await getSessionFromCtx(ctx);
            if (session) {
              try {
                await stepUp.requireNotPaused(session.user.id);
              } catch (error) {
                throw asApiError(error);
              }
              counted.set(ctx.request, session.user.id);
            }
            return { context: { body: withoutTrust } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path !== undefined && COUNTED.has(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.request ? counted.get(ctx.request) : undefined;
            const returned: unknown = ctx.context.returned;
            const isRefused =
              returned instanceof Error || (returned instanceof Response && !returned.ok);
            if (!userId) return;
            if (!isRefused) await stepUp.clearAttempts(userId);
            // A wrong code counts; the pause shows on the next try.
            else await stepUp.countFailure(userId).catch(() => undefined);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
