import { z } from 'zod';
import { ZMicros, ZPageQuery } from './money';
import { text } from './text';

/**
 * The money audit log (issue 18 item 6): every decision a super-user makes on money, with who,
 * what, the amount, when and from where. Super-users read it at `GET /api/v1/admin/audit-log`
 * and on /admin/audit-log. The database keeps it append-only.
 */

/** What a decision was about. */
export const MONEY_AUDIT_KINDS = ['top-up', 'payout', 'campaign'] as const;
export const ZMoneyAuditKind = z.enum(MONEY_AUDIT_KINDS);
export type TMoneyAuditKind = z.infer<typeof ZMoneyAuditKind>;

/**
 * What was decided. `first-approval` is the first of two approvals above the four-eyes amount
 * (no money moves); `approve` is the approval that takes effect.
 */
export const MONEY_AUDIT_ACTIONS = ['first-approval', 'approve', 'reject', 'mark-paid'] as const;
export const ZMoneyAuditAction = z.enum(MONEY_AUDIT_ACTIONS);
export type TMoneyAuditAction = z.infer<typeof ZMoneyAuditAction>;

export const MONEY_AUDIT_KIND_LABELS: Record<TMoneyAuditKind, string> = {
  'top-up': 'Top-up',
  payout: 'Payout',
  campaign: 'Campaign',
};

export const MONEY_AUDIT_ACTION_LABELS: Record<TMoneyAuditAction, string> = {
  'first-approval': 'First approval',
  approve: 'Approved',
  reject: 'Rejected',
  'mark-paid': 'Marked paid',
};

export const ZMoneyAuditEntry = z.object({
  id: text(),
  at: text(),
  kind: ZMoneyAuditKind,
  action: ZMoneyAuditAction,
  /** The top-up, payout or campaign decided. */
  subjectId: text(),
  /** Whose request it was (kept as it was when decided, like the actor). */
  requester: z.object({ id: text(), email: text() }),
  amountMicros: ZMicros,
  reason: text().nullable(),
  /** The super-user who decided, as they were then. */
  actor: z.object({ id: text(), email: text(), name: text() }),
  /** The client address the server saw (request.ip; with TRUST_PROXY, the forwarded one). */
  ip: text(),
  userAgent: text().nullable(),
});
export type TMoneyAuditEntry = z.infer<typeof ZMoneyAuditEntry>;

/** GET /api/v1/admin/audit-log?kind=&cursor=&limit= : newest first. */
export const ZMoneyAuditQuery = ZPageQuery.extend({ kind: ZMoneyAuditKind.optional() });
export type TMoneyAuditQuery = z.input<typeof ZMoneyAuditQuery>;

export const ZMoneyAuditList = z.object({
  items: z.array(ZMoneyAuditEntry),
  nextCursor: text().nullable(),
});
export type TMoneyAuditList = z.infer<typeof ZMoneyAuditList>;
