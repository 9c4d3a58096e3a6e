import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMoneyAuditList, ZMoneyAuditQuery } from '@screenline/shared/audit-log';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { createAuditService } from './audit.service';

/** `GET /api/v1/admin/audit-log` (super-users): every decision on money, newest first. */
export async function auditRoutes(app: FastifyInstance) {
  const service = createAuditService({ db: app.deps.db, access: app.deps.access });
  app.withTypeProvider<ZodTypeProvider>().get(
    API.adminAuditLog,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every decision on money (top-ups, payouts, campaigns): who, what, the amount, when, from which address and user agent; newest first, by kind',
        querystring: ZMoneyAuditQuery,
        response: { 200: ZMoneyAuditList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );
}
