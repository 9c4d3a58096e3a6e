import { formatMicros, type TDecision } from '@screenline/shared/money';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import {
  AWAITING_SECOND_APPROVAL,
  type TFirstApproval,
  type TPayout,
  type TTopUp,
} from '@screenline/shared/wallet';
import { API, apiPath } from '@screenline/shared/api-paths';
import type { TDb } from '../../db/database';
import type { payoutRequest, topUpRequest } from '../../db/schema/index';
import type { TActor } from '../../lib/actor';
import { AppError, forbidden } from '../../lib/app-error';
import { paymentMethod } from '../payments/payment-method';

/**
 * What the wallet's top-ups and payouts share: the requests as the API shows them, and the rules
 * both decisions check (limits, four eyes). Split from wallet.service.ts by concern.
 */

export type TTopUpRow = typeof topUpRequest.$inferSelect;
export type TPayoutRow = typeof payoutRequest.$inferSelect;
type TRequester = { id: string; name: string; email: string };

/**
 * Runs a money-moving request's work once per Idempotency-Key (the route binds it to the request
 * with `idempotentRoute`): `work` does the state change and the transfer with the `tx` it gets.
 */
export type TRunIdempotent = <T>(
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
) => Promise<T>;

/** A 400 naming the platform's limit the amount is outside of. */
export function requireWithin(amount: number, min: number, max: number, what: 'top-up' | 'payout') {
  const message =
    amount < min
      ? `A ${what} is at least ${formatMicros(min)}.`
      : amount > max
        ? `A ${what} is at most ${formatMicros(max)}.`
        : null;
  if (message)
    throw new AppError('validation-failed', message, {
      fields: [{ path: 'body.amountMicros', message }],
    });
}

/** Four eyes: the second approval must come from another super-user than the first. */
export function requireNotFirstApprover(
  request: { state: string; firstApprovedBy: string | null },
  actor: TActor,
  what: 'top-up' | 'payout',
): void {
  if (request.state === AWAITING_SECOND_APPROVAL && request.firstApprovedBy === actor.id)
    throw forbidden(
      `You gave this ${what} its first approval; a second, different super-user must confirm it.`,
    );
}

function decisionOf(
  request: Pick<TTopUpRow, 'decidedAt' | 'decidedBy' | 'reason'>,
  deciderName: string | null,
): TDecision | null {
  if (!request.decidedAt) return null;
  return {
    decidedAt: request.decidedAt.toISOString(),
    decidedBy: { id: request.decidedBy ?? '', name: deciderName ?? 'A deleted user' },
    reason: request.reason,
  };
}

function firstApprovalOf(
  request: Pick<TTopUpRow, 'firstApprovedAt' | 'firstApprovedBy'>,
  approverName: string | null,
): TFirstApproval | null {
  if (!request.firstApprovedAt) return null;
  return {
    approvedAt: request.firstApprovedAt.toISOString(),
    approvedBy: { id: request.firstApprovedBy ?? '', name: approverName ?? 'A deleted user' },
  };
}

export function toTopUp(
  row: {
    request: TTopUpRow;
    user: TRequester;
    decider: string | null;
    firstApprover: string | null;
    receiptId: string | null;
  },
  receipts: ReadonlyMap<string, { contentId: string; name: string; url: string | null }>,
  settings: TPlatformSettings,
): TTopUp {
  const { request } = row;
  const method = paymentMethod(request.paymentMethod);
  return {
    id: request.id,
    user: row.user,
    amountMicros: request.amountMicros,
    reference: request.reference,
    method: method.method,
    payment: method.describe(
      {
        method: method.method,
        amountMicros: request.amountMicros,
        reference: request.paymentReference ?? request.reference,
      },
      settings,
    ),
    receipt: request.receiptContentId ? (receipts.get(request.receiptContentId) ?? null) : null,
    state: request.state,
    firstApproval: firstApprovalOf(request, row.firstApprover),
    decision: decisionOf(request, row.decider),
    receiptPdfUrl: receiptPdfUrl(row.receiptId),
    createdAt: request.createdAt.toISOString(),
  };
}

function receiptPdfUrl(receiptId: string | null): string | null {
  return receiptId === null ? null : apiPath(API.walletReceiptPdf, { id: receiptId });
}

export function toPayout(row: {
  request: TPayoutRow;
  user: TRequester;
  decider: string | null;
  firstApprover: string | null;
  receiptId: string | null;
}): TPayout {
  const { request } = row;
  return {
    id: request.id,
    user: row.user,
    amountMicros: request.amountMicros,
    destination: { accountHolder: request.accountHolder, ibanMasked: request.ibanMasked },
    state: request.state,
    firstApproval: firstApprovalOf(request, row.firstApprover),
    decision: decisionOf(request, row.decider),
    paidAt: request.paidAt ? request.paidAt.toISOString() : null,
    receiptPdfUrl: receiptPdfUrl(row.receiptId),
    createdAt: request.createdAt.toISOString(),
  };
}
