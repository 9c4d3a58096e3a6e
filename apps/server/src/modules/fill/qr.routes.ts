import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { AppError } from '../../lib/app-error';
import { createQrRepository } from './qr.repository';
import { createQrService } from './qr.service';

/**
 * Per address: a person scans once; a venue's guests share one address, hence the room. A
 * script walking codes gets stopped (and each code is 72 random bits: nothing to walk).
 */
export const QR_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const NOT_FOUND = 'That QR code does not lead anywhere.';

/**
 * `GET /q/{code}` (issue 9 item 7): what a QR overlay on a TV encodes. Anyone may scan: the scan
 * is recorded (campaign, ad space, time) and the browser sent to the campaign's destination.
 */
export async function qrRoutes(app: FastifyInstance) {
  const service = createQrService(
    createQrRepository(app.deps.db, app.deps.campaignReads.campaignRows),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    API.qrScan,
    {
      config: { rateLimit: QR_RATE_LIMIT },
      schema: {
        tags: ['campaigns'],
        summary:
          'A QR scan: records it and redirects (302) to the campaign’s http/https destination',
        params: z.object({ code: z.string().max(100) }),
        response: {
          302: z.null().describe('To the campaign’s destination'),
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const target = await service.scan(request.params.code);
      if (target === null) throw new AppError('not-found', NOT_FOUND);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target, 302);
    },
  );
}
