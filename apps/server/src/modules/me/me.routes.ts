import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZMe, ZUpdateMe } from '@screenline/shared/user';
import { API } from '@screenline/shared/api-paths';
import { createMeRepository } from './me.repository';
import { createMeService } from './me.service';

export async function meRoutes(app: FastifyInstance) {
  const { db, sessionCache, access } = app.deps;
  const service = createMeService(createMeRepository(db), access, {
    onProfileChanged: (userId) => sessionCache.forgetUser(userId),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.me,
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user and profile',
        response: { 200: ZMe, 401: ZApiError },
      },
    },
    async (request) => {
      // Both read the one session lookup of this request: no second query.
      const { profile } = await request.requireAccount();
      return service.getMe(await request.requireActor(), profile);
    },
  );

  r.patch(
    API.me,
    {
      schema: {
        tags: ['me'],
        summary: 'Update name, company, phone; set the role once',
        body: ZUpdateMe,
        response: { 200: ZMe, 400: ZApiError, 401: ZApiError, 409: ZApiError },
      },
    },
    async (request) => service.updateMe(await request.requireActor(), request.body),
  );
}
