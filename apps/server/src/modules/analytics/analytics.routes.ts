import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageView, ZPageViewStats } from '@screenline/shared/analytics';
import { ZApiError } from '@screenline/shared/errors';
import { createAnalyticsRepository } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';

export async function analyticsRoutes(app: FastifyInstance) {
  const service = createAnalyticsService(createAnalyticsRepository(app.deps.db), app.deps.access);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/analytics/page-views',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view',
        body: ZPageView,
        response: { 204: z.null(), 400: ZApiError },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.recordPageView(await request.getUser(), request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/v1/admin/page-views',
    {
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Views per path (super-users)',
        response: { 200: ZPageViewStats, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => service.listPageViewStats(await request.requireActor()),
  );
}
