import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContactAnswer,
  ZContactMessage,
  ZContactMessageList,
  ZContactMessageListQuery,
  ZContactMessageView,
} from '@screenline/shared/contact';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { API } from '@screenline/shared/api-paths';
import { createProfileDirectory } from '../me/profile-directory';
import { createContactRepository } from './contact.repository';
import { createContactService } from './contact.service';

/**
 * /contact's messages: anyone sends one (rate limited per client address); super-users read,
 * answer, close and reopen them under /api/v1/admin/contact-messages.
 */
export async function contactRoutes(app: FastifyInstance) {
  const { db, mail, config, access } = app.deps;
  const service = createContactService({
    repo: createContactRepository(db),
    profiles: createProfileDirectory(db),
    access,
    mail,
    publicUrl: config.publicUrl,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.post(
    API.contactMessages,
    {
      schema: {
        tags,
        summary: 'Send a message to the Screenline team',
        body: ZContactMessage,
        response: { 201: z.object({ id: z.string() }), 400: ZApiError },
      },
      config: { isPublic: true, rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const saved = await service.send(await request.getUser(), request.body);
      return reply.status(201).send(saved);
    },
  );

  r.get(
    API.adminContactMessages,
    {
      schema: {
        tags,
        summary: 'Contact messages, newest first (`?status=open|answered|closed`)',
        querystring: ZContactMessageListQuery,
        response: { 200: ZContactMessageList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.get(
    API.adminContactMessage,
    {
      schema: {
        tags,
        summary: 'One contact message, with its answer and who closed it',
        params: ZIdParams,
        response: { 200: ZContactMessageView, ...refusals },
      },
    },
    async (request) => service.read(await request.requireActor(), request.params.id),
  );

  r.post(
    API.adminContactMessageAnswer,
    {
      schema: {
        tags,
        summary: 'Answer an open message: the answer is stored and emailed to the sender',
        params: ZIdParams,
        body: ZContactAnswer,
        response: { 200: ZContactMessageView, ...refusals, 409: ZApiError },
      },
    },
    async (request) =>
      service.answer(await request.requireActor(), request.params.id, request.body.answer),
  );

  r.post(
    API.adminContactMessageClose,
    {
      schema: {
        tags,
        summary: 'Close an open or answered message',
        params: ZIdParams,
        response: { 200: ZContactMessageView, ...refusals, 409: ZApiError },
      },
    },
    async (request) => service.close(await request.requireActor(), request.params.id),
  );

  r.post(
    API.adminContactMessageReopen,
    {
      schema: {
        tags,
        summary: 'Reopen a closed message (back to answered when it has an answer)',
        params: ZIdParams,
        response: { 200: ZContactMessageView, ...refusals, 409: ZApiError },
      },
    },
    async (request) => service.reopen(await request.requireActor(), request.params.id),
  );
}
