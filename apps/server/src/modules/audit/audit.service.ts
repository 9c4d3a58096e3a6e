import {
  type TMoneyAuditList,
  ZMoneyAuditAction,
  ZMoneyAuditKind,
  type ZMoneyAuditQuery,
} from '@screenline/shared/audit-log';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import type { TActor } from '../../lib/actor';
import { pageOf } from '../../lib/created-order';
import type { TAccessPolicy } from '../access/access-policy';
import { createAuditRepository } from './audit.repository';

type TAuditQuery = z.output<typeof ZMoneyAuditQuery>;

/** The super-users' view of the money audit log (issue 18 item 6). */
export function createAuditService(deps: { db: TDb; access: TAccessPolicy }) {
  const repo = createAuditRepository(deps.db);

  async function list(actor: TActor, query: TAuditQuery): Promise<TMoneyAuditList> {
    await deps.access.requireAccess(actor, 'admin.auditLog.read');
    const rows = await repo.list({ kind: query.kind, cursor: query.cursor, limit: query.limit });
    const { page, nextCursor } = pageOf(rows, query.limit, (row) => row);
    return {
      items: page.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        // Stored text, parsed like any outside input (the table's CHECKs hold the same lists).
        kind: ZMoneyAuditKind.parse(row.kind),
        action: ZMoneyAuditAction.parse(row.action),
        subjectId: row.subjectId,
        requester: { id: row.requesterId, email: row.requesterEmail },
        amountMicros: row.amountMicros,
        reason: row.reason,
        actor: { id: row.actorId, email: row.actorEmail, name: row.actorName },
        ip: row.ip,
        userAgent: row.userAgent,
      })),
      nextCursor,
    };
  }

  return { list };
}
