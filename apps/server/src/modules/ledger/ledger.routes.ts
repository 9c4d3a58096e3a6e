import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZLedgerAudit } from '@screenline/shared/ledger';
import { API } from '@screenline/shared/api-paths';
import { auditLedger } from './ledger';

/** `GET /api/v1/admin/ledger/audit` (super-users): the ledger checked from its entries alone. */
export async function ledgerRoutes(app: FastifyInstance) {
  const { db, access } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    API.adminLedgerAudit,
    {
      schema: {
        tags: ['ledger'],
        summary:
          'Whether every transaction balances, every cached balance equals its entries and no wallet or hold is negative',
        response: { 200: ZLedgerAudit, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      await access.requireAccess(await request.getPrincipal(), 'admin.ledger.audit');
      return auditLedger(db);
    },
  );
}
