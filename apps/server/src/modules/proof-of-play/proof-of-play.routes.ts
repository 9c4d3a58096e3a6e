import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZProofOfPlayOverview } from '@screenline/shared/proof-of-play';
import { API } from '@screenline/shared/api-paths';
import { proofOfPlayOverview } from './proof-of-play.service';

/**
 * `GET /api/v1/admin/proof-of-play` (super-users, issue 17 item 2): the platform's ad plays of the
 * last FLAG_WINDOW_DAYS days by verdict, and the devices whose plays were refused for device
 * faults (a clock ahead, plays too old, not offered, overlapping, another creative) in a high
 * share, with their figures.
 */
export async function proofOfPlayRoutes(app: FastifyInstance) {
  const { db, access, deviceRows } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    API.adminProofOfPlay,
    {
      schema: {
        tags: ['proof of play'],
        summary:
          'Ad plays of the last 7 days by verdict (billed, refused and why, settling) and the TVs flagged for a high share of refused plays',
        response: { 200: ZProofOfPlayOverview, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      await access.requireAccess(await request.getPrincipal(), 'admin.proofOfPlay.read');
      return proofOfPlayOverview(db, deviceRows, new Date());
    },
  );
}
