import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZPageView, ZPageViewStats } from '@screenline/shared/analytics';
import { ZApiError } from '@screenline/shared/errors';
import { pageView } from '../../db/schema/index';

export async function analyticsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
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
      const user = await request.getUser();
      await db
        .insert(pageView)
        .values({ path: request.body.path, title: request.body.title, userId: user?.id ?? null });
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
    async (request) => {
      await request.requireSuperUser();
      const lastViewedAt = max(pageView.createdAt);
      const rows = await db
        .select({
          path: pageView.path,
          views: count(),
          lastViewedAt,
          // The title of the most recent view of the path.
          lastTitle: sql<string>`(array_agg(${pageView.title} order by ${pageView.createdAt} desc))[1]`,
        })
        .from(pageView)
        .groupBy(pageView.path)
        .orderBy(desc(count()), desc(lastViewedAt))
        .limit(500);
      return {
        items: rows.map((row) => ({
          path: row.path,
          views: Number(row.views),
          lastViewedAt: new Date(row.lastViewedAt ?? 0).toISOString(),
          lastTitle: row.lastTitle,
        })),
      };
    },
  );
}
