import { negotiate } from '@fastify/accept-negotiator';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/location';
import {
  ZImpressionBatch,
  ZImpressionBatchResult,
  ZPlaysQuery,
  ZPlaysReport,
} from '@screenline/shared/player';
import { API } from '@screenline/shared/api-paths';
import { limited } from '../../lib/device-rate-limit';
import { ZEmptyPayload } from '../jobs/job-queue';
import { createImpressionsRepository } from './impressions.repository';
import { createImpressionsService } from './impressions.service';
import { PLAYER_RATE_LIMITS } from './player-sync.routes';
import { createPlayIngest } from '../proof-of-play/ingest';

const CSV = 'text/csv';

/**
 * Proof of play (issue 8 item 8): the TV's `POST /api/v1/player/impressions` (device token) and
 * the owner's `GET /api/v1/ad-spaces/{id}/plays` (JSON, or CSV with `Accept: text/csv`).
 */
export async function impressionsRoutes(app: FastifyInstance) {
  const { db, access, servedFills, settlement } = app.deps;
  const ingest = createPlayIngest({
    db,
    scripts: app.deps.database.scripts,
    changes: app.deps.playerChanges,
  });
  app.addHook('onClose', async () => ingest.close());
  const service = createImpressionsService(
    createImpressionsRepository(db),
    access,
    ingest,
    settlement,
  );
  // The records of manifests sent to TVs that can no longer offer a billable play go.
  app.deps.jobs.recur(
    {
      name: 'proof-of-play.prune',
      payload: ZEmptyPayload,
      run: async () => {
        const count = await servedFills.prune(new Date());
        if (count > 0) app.log.info({ count }, 'old records of manifests sent to TVs removed');
      },
    },
    6 * 60 * 60 * 1000,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.post(
    API.playerImpressions,
    {
      config: limited(PLAYER_RATE_LIMITS.impressions),
      // The answer is the batch's ids: under the 1 KiB threshold for a TV's usual 4–10 plays, so
      // the compression plugin's two hooks would only look and pass on the fleet's busiest route.
      // A catch-up batch of 500 answers about 19 KiB uncompressed.
      compress: false,
      schema: {
        tags: ['player'],
        summary:
          'The calling TV sends plays it recorded; each id is stored once, so sending a batch again is harmless',
        body: ZImpressionBatch,
        response: { 200: ZImpressionBatchResult, ...refusals },
      },
    },
    async (request) => service.record(await request.getPrincipal(), request.body),
  );

  r.get(
    API.adSpacePlays,
    {
      schema: {
        tags: ['ad spaces'],
        summary:
          'Proof of play on the location’s local days from–to (at most 92): by day, by item, missing records; CSV (one row per play) with Accept: text/csv',
        params: ZIdParams,
        querystring: ZPlaysQuery,
        response: {
          200: {
            description: 'The report (JSON), or with `Accept: text/csv` one row per play',
            content: {
              'application/json': { schema: ZPlaysReport },
              [CSV]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...refusals,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      const wanted = negotiate(request.headers.accept ?? '', ['application/json', CSV]);
      if (wanted !== CSV) return service.report(actor, request.params.id, request.query);
      return sendCsv(reply, await service.csv(actor, request.params.id, request.query));
    },
  );
}

/** The CSV goes out as it is read: a stream, which Fastify sends without a serializer. */
function sendCsv(reply: FastifyReply, csv: { filename: string; body: Readable }) {
  return reply
    .type(`${CSV}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv.body);
}
