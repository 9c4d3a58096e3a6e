import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContactMessage } from '@screenline/shared/contact';
import { ZApiError } from '@screenline/shared/errors';
import { createProfileDirectory } from '../me/profile-directory';
import { createContactRepository } from './contact.repository';
import { createContactService } from './contact.service';

export async function contactRoutes(app: FastifyInstance) {
  const { db, mail, config } = app.deps;
  const service = createContactService({
    repo: createContactRepository(db),
    profiles: createProfileDirectory(db),
    mail,
    publicUrl: config.publicUrl,
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/contact-messages',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Screenline team',
        body: ZContactMessage,
        response: { 201: z.object({ id: z.string() }), 400: ZApiError },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const saved = await service.send(await request.getUser(), request.body);
      return reply.status(201).send(saved);
    },
  );
}
