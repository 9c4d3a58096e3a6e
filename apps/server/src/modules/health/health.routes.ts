import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealth } from '@screenline/shared/health';
import { API } from '@screenline/shared/api-paths';

export async function healthRoutes(app: FastifyInstance) {
  const { database, storageCheck, config } = app.deps;

  app.withTypeProvider<ZodTypeProvider>().get(
    API.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness',
        response: { 200: ZHealth, 503: ZHealth },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const [dbOk, storageOk] = await Promise.all([database.ping(), storageCheck()]);
      const ready = dbOk && storageOk;
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'degraded',
        live: true,
        ready,
        checks: { database: dbOk, storage: storageOk },
        environment: config.env,
        version: config.version,
      });
    },
  );
}
