import { and, eq } from 'drizzle-orm';
import type { TMoneyAuditKind } from '@screenline/shared/audit-log';
import type { TDb } from '../../db/database';
import { moneyAuditLog } from '../../db/schema/index';
import { createdOrder } from '../../lib/created-order';

/** Reads of the money audit log (writes: money-audit.ts, in each decision's transaction). */
export function createAuditRepository(db: TDb) {
  return {
    /** Newest first, `limit + 1` rows after the cursor, of one kind or all. */
    async list(filter: { kind?: TMoneyAuditKind | undefined; cursor?: string; limit: number }) {
      const order = createdOrder(moneyAuditLog, 'newest', filter.cursor);
      return db
        .select()
        .from(moneyAuditLog)
        .where(and(filter.kind ? eq(moneyAuditLog.kind, filter.kind) : undefined, order.after))
        .orderBy(...order.orderBy)
        .limit(filter.limit + 1);
    },
  };
}
