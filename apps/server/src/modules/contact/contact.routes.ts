import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZContactMessage } from '@screenline/shared/contact';
import { ZApiError } from '@screenline/shared/errors';
import { contactMessage, profile, user } from '../../db/schema/index';
import { contactMessageMail } from '../mail/templates';

export async function contactRoutes(app: FastifyInstance) {
  const { db, mail, config } = app.deps;

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
      const sender = await request.getUser();
      const [saved] = await db
        .insert(contactMessage)
        .values({ ...request.body, userId: sender?.id ?? null })
        .returning({ id: contactMessage.id });
      // Super-users are the support team: each gets the message by email.
      const team = await db
        .select({ email: user.email })
        .from(profile)
        .innerJoin(user, eq(user.id, profile.userId))
        .where(eq(profile.isSU, true));
      for (const member of team)
        await mail.enqueue(contactMessageMail(member.email, request.body, config.publicUrl));
      return reply.status(201).send({ id: saved?.id ?? '' });
    },
  );
}
