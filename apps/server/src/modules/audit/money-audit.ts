import type { TMoneyAuditAction, TMoneyAuditKind } from '@screenline/shared/audit-log';
import type { TDb } from '../../db/database';
import { moneyAuditLog } from '../../db/schema/index';
import type { TActor } from '../../lib/actor';

/** One money decision, as the deciding service knows it. */
export interface TMoneyDecision {
  kind: TMoneyAuditKind;
  action: TMoneyAuditAction;
  subjectId: string;
  requester: { id: string; email: string };
  amountMicros: number;
  reason?: string | null;
}

/** What the log records when no HTTP request is behind a decision (a job, the CLI, a test). */
const NO_REQUEST = 'no request';

/**
 * Records a super-user's decision on money in the audit log (issue 18 item 6), in the decision's
 * own transaction `tx`: the entry exists exactly when the decision committed, and a replayed
 * Idempotency-Key (which runs nothing) adds none.
 */
export async function recordMoneyDecision(
  tx: TDb,
  actor: TActor,
  decision: TMoneyDecision,
): Promise<void> {
  await tx.insert(moneyAuditLog).values({
    kind: decision.kind,
    action: decision.action,
    subjectId: decision.subjectId,
    requesterId: decision.requester.id,
    requesterEmail: decision.requester.email,
    amountMicros: decision.amountMicros,
    reason: decision.reason ?? null,
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    ip: actor.origin?.ip ?? NO_REQUEST,
    userAgent: actor.origin?.userAgent ?? null,
  });
}
