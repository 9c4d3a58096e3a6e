import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MONEY_AUDIT_ACTIONS, MONEY_AUDIT_KINDS } from '@screenline/shared/audit-log';

const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * Every super-user decision on money (issue 18 item 6; migration 0010). Append-only: triggers
 * refuse UPDATE, DELETE and TRUNCATE. Who and whose are plain ids with the e-mail (and name) as
 * they were, no foreign keys, so deleting an account never rewrites it (as the ledger).
 */
export const moneyAuditLog = pgTable(
  'money_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    subjectId: uuid('subject_id').notNull(),
    requesterId: text('requester_id').notNull(),
    requesterEmail: text('requester_email').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    reason: text('reason'),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    check('money_audit_log_kind', sql`${t.kind} in ${inList(MONEY_AUDIT_KINDS)}`),
    check('money_audit_log_action', sql`${t.action} in ${inList(MONEY_AUDIT_ACTIONS)}`),
    index('money_audit_log_created_idx').on(t.createdAt, t.id),
    index('money_audit_log_kind_created_idx').on(t.kind, t.createdAt, t.id),
  ],
);
