import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, ZIdempotencyKey } from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import { idempotencyKey } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * Idempotent money-moving requests (DESIGN.md §3, issue 9 item 1). The first answer to a
 * principal's key is stored in the same database transaction as the money it moved; a replay
 * answers it again without running anything, and the same key with another request is a 409.
 *
 * Concurrency: the key's row is inserted first, so a second request with the same key waits on
 * that row until the first commits, then reads its answer. A request that fails (a 4xx, a crash)
 * rolls back with its key: it moved nothing, and sending it again runs it again.
 */

/** The response header a replayed answer carries. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface TIdempotentRequest {
  /** The user (or device) whose key space this is. */
  principalId: string;
  key: string;
  /** What must match on a replay: method, route and the parsed params and body. */
  fingerprint: unknown;
}

export interface TIdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** The header's key, parsed; a money-moving route without one is refused (400). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined)
    throw new AppError(
      'idempotency-key-required',
      'Send an Idempotency-Key header (a new UUID per request) with requests that move money.',
    );
  const parsed = ZIdempotencyKey.safeParse(Array.isArray(header) ? header.join(',') : header);
  if (!parsed.success)
    throw new AppError('validation-failed', parsed.error.issues[0]?.message ?? 'Bad key.', {
      fields: [
        { path: `headers.${IDEMPOTENCY_HEADER}`, message: parsed.error.issues[0]?.message ?? '' },
      ],
    });
  return parsed.data;
}

/** The fingerprint of a Fastify request: method, route pattern, params and body as parsed. */
export function fingerprintOf(request: FastifyRequest): unknown {
  return {
    method: request.method,
    route: request.routeOptions.url,
    params: request.params ?? null,
    body: request.body ?? null,
  };
}

/**
 * Runs `work` in one transaction under the key, or answers the stored result of an earlier run.
 * `work` must do everything (state change and ledger transfer) with the `tx` it is given.
 */
export async function runIdempotent<T>(
  db: TDb,
  request: TIdempotentRequest,
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
): Promise<TIdempotentResult<T>> {
  const requestHash = crypto
    .createHash('sha256')
    .update(JSON.stringify(request.fingerprint))
    .digest('hex');
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKey)
      .values({
        principalId: request.principalId,
        key: request.key,
        requestHash,
        statusCode: 0,
        // Replaced before the commit: nobody else ever reads this placeholder.
        response: {},
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKey)
        .where(
          and(
            eq(idempotencyKey.principalId, request.principalId),
            eq(idempotencyKey.key, request.key),
          ),
        );
      if (!stored) throw new AppError('conflict', 'That request is still running; try again.');
      if (stored.requestHash !== requestHash)
        throw new AppError(
          'idempotency-key-reused',
          'This Idempotency-Key was used for a different request; make a new key for a new request.',
        );
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKey)
      .set({ statusCode: result.statusCode, response: result.body })
      .where(
        and(
          eq(idempotencyKey.principalId, request.principalId),
          eq(idempotencyKey.key, request.key),
        ),
      );
    return { ...result, replayed: false };
  });
}

/**
 * The route side: reads the key, runs `work` once per key, sets the status (and the replay
 * header) on the reply, and answers the body.
 */
export async function idempotentRoute<T>(
  db: TDb,
  request: FastifyRequest,
  reply: FastifyReply,
  principalId: string,
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const result = await runIdempotent(
    db,
    { principalId, key, fingerprint: fingerprintOf(request) },
    work,
  );
  if (result.replayed) void reply.header(REPLAYED_HEADER, 'true');
  void reply.code(result.statusCode);
  return result.body;
}
