import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZPageView,
  ZPageViewRangeQuery,
  ZPageViewRoutes,
  ZPageViewVariants,
  ZPageViewVariantsQuery,
} from '@screenline/shared/analytics';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { createAnalyticsRepository } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';

export async function analyticsRoutes(app: FastifyInstance) {
  const service = createAnalyticsService(createAnalyticsRepository(app.deps.db), app.deps.access);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.post(
    API.analyticsPageViews,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view',
        body: ZPageView,
        response: { 204: z.null(), 400: ZApiError },
      },
      config: { isPublic: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.recordPageView(await request.getUser(), request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    API.adminPageViews,
    {
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Views per route in a date range, most viewed first (super-users)',
        querystring: ZPageViewRangeQuery,
        response: { 200: ZPageViewRoutes, ...errors },
      },
    },
    async (request) => service.listRoutes(await request.requireActor(), request.query),
  );

  r.get(
    API.adminPageViewVariants,
    {
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Views of each query-string variant of one route (super-users)',
        querystring: ZPageViewVariantsQuery,
        response: { 200: ZPageViewVariants, ...errors },
      },
    },
    async (request) => service.listVariants(await request.requireActor(), request.query),
  );
}
