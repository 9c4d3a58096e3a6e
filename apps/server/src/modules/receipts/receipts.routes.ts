import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZReceiptList } from '@screenline/shared/receipt';
import { API } from '@screenline/shared/api-paths';
import { createReceiptsService } from './receipts.service';

/**
 * Receipts (issue 22 item 4): `GET /api/v1/wallet/receipts` (the signed-in user's, issuing the
 * closed months' first) and `GET /api/v1/wallet/receipts/{id}/pdf` (its user, or a super-user).
 */
export async function receiptsRoutes(app: FastifyInstance) {
  const { db, access, platformSettings } = app.deps;
  const service = createReceiptsService({ db, access, settings: platformSettings });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.walletReceipts,
    {
      schema: {
        tags: ['wallet'],
        summary:
          'The user’s numbered receipts, newest first: approved top-ups, paid payouts, closed months of ad spend or earnings',
        response: { 200: ZReceiptList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor()),
  );

  r.get(
    API.walletReceiptPdf,
    {
      schema: {
        tags: ['wallet'],
        summary: 'A receipt as a PDF (the wallet’s owner, or a super-user)',
        params: ZIdParams,
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...refusals,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await service.pdf(await request.requireActor(), request.params.id));
    },
  );
}

/** The PDF goes out as bytes, which Fastify sends without a serializer. */
function sendPdf(reply: FastifyReply, pdf: { filename: string; body: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.body);
}
