import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZDecisionReason } from '@screenline/shared/money';
import {
  ZCreateMonetizationRequest,
  ZEarnings,
  ZEarningsQuery,
  ZMonetizationListQuery,
  ZMonetizationRequest,
  ZMonetizationRequestList,
} from '@screenline/shared/monetization';
import { API } from '@screenline/shared/api-paths';
import { createMonetizationRepository } from './monetization.repository';
import { createMonetizationService } from './monetization.service';

/**
 * Monetization (issue 9 item 3): the owner's `/api/v1/monetization-requests` and
 * `/api/v1/earnings`, and the super-users' `/api/v1/admin/monetization-requests`.
 */
export async function monetizationRoutes(app: FastifyInstance) {
  const { db, access, platformSettings, playerChanges, mail, config } = app.deps;
  const repo = createMonetizationRepository(db);
  access.registerOwnerLookup('monetizationRequest', (ids) => repo.findOwners(ids));
  const service = createMonetizationService({
    db,
    access,
    settings: platformSettings,
    changes: playerChanges,
    // The decision is committed by then: a mail the outbox could not take is logged, and the
    // answer still says what was decided.
    mail: {
      enqueue: async (message) => {
        try {
          await mail.enqueue(message);
        } catch (error) {
          app.log.error(
            { err: error, to: message.to },
            'a monetization decision email was not queued',
          );
        }
      },
    },
    publicUrl: config.publicUrl,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['monetization'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.monetizationRequests,
    {
      schema: {
        tags,
        summary: 'The screen owner’s monetization requests, newest first',
        querystring: ZMonetizationListQuery,
        response: { 200: ZMonetizationRequestList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.monetizationRequests,
    {
      schema: {
        tags,
        summary:
          'Ask for an ad space’s ad slots to play paid campaigns at a floor price per second (≥ the platform minimum)',
        body: ZCreateMonetizationRequest,
        response: { 201: ZMonetizationRequest, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const created = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(created);
    },
  );

  r.post(
    API.monetizationRequestWithdraw,
    {
      schema: {
        tags,
        summary:
          'Withdraw a pending or approved request: the space’s ad slots stop playing campaigns',
        params: ZIdParams,
        response: { 200: ZMonetizationRequest, ...refusals, 409: ZApiError },
      },
    },
    async (request) => service.withdraw(await request.requireActor(), request.params.id),
  );

  r.get(
    API.earnings,
    {
      schema: {
        tags,
        summary:
          'What the owner’s ad spaces earned (after commission), per space and per UTC day, at most 92 days',
        querystring: ZEarningsQuery,
        response: { 200: ZEarnings, ...refusals },
      },
    },
    async (request) => service.earnings(await request.requireActor(), request.query),
  );

  r.get(
    API.adminMonetizationRequests,
    {
      schema: {
        tags: ['admin'],
        summary: 'Everyone’s monetization requests (pending: oldest first; otherwise newest first)',
        querystring: ZMonetizationListQuery,
        response: { 200: ZMonetizationRequestList, ...refusals },
      },
    },
    async (request) => service.listAll(await request.requireActor(), request.query),
  );

  r.post(
    API.adminMonetizationRequestApprove,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending request: the space’s ad slots start playing campaigns',
        params: ZIdParams,
        response: { 200: ZMonetizationRequest, ...refusals, 409: ZApiError },
      },
    },
    async (request) => service.approve(await request.requireActor(), request.params.id),
  );

  for (const [action, path, summary] of [
    [
      'reject',
      API.adminMonetizationRequestReject,
      'Refuse a pending request, with the reason the owner is shown',
    ],
    [
      'suspend',
      API.adminMonetizationRequestSuspend,
      'Stop an approved space’s campaigns, with the reason the owner is shown',
    ],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags: ['admin'],
          summary,
          params: ZIdParams,
          body: ZDecisionReason,
          response: { 200: ZMonetizationRequest, ...refusals, 409: ZApiError },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        return action === 'reject'
          ? service.reject(actor, request.params.id, request.body.reason)
          : service.suspend(actor, request.params.id, request.body.reason);
      },
    );
  }
}
