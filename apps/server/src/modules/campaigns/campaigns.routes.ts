import { negotiate } from '@fastify/accept-negotiator';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCampaign,
  ZAdminCampaignList,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignResults,
  ZCampaignResultsQuery,
  ZCreateCampaign,
  ZMarketplaceAdSpaceList,
  ZPublisherDashboard,
  ZUpdateCampaign,
} from '@screenline/shared/campaign';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZDecisionReason, ZIdempotencyHeaders } from '@screenline/shared/money';
import { API } from '@screenline/shared/api-paths';
import type { TDb } from '../../db/database';
import { createContentDirectory } from '../content/content-directory';
import { idempotentRoute } from '../ledger/idempotency';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { registerCampaignCompletion } from './campaign-completion';
import { campaignsRepository } from './campaigns.repository';
import { createCampaignsService, type TRunOnce } from './campaigns.service';

const CSV = 'text/csv';

/**
 * Campaigns (issue 9 items 4, 5 and 8): the buyers' `/api/v1/campaigns`, the marketplace's ad
 * spaces, the publisher dashboard, and the super-users' `/api/v1/admin/campaigns`. Registers the
 * campaign owner lookup, the content-reference check and the completion job.
 */
export async function campaignsRoutes(app: FastifyInstance) {
  const {
    db,
    access,
    storage,
    config,
    contentReferences,
    playerChanges,
    platformSettings,
    playerDirectory,
  } = app.deps;
  access.registerOwnerLookup('campaign', (ids) => campaignsRepository.findOwners(db, ids));
  const service = createCampaignsService(db, access, {
    contentOf: (handle: TDb) => createContentDirectory(handle, storage, config.storageBucket),
    adSpaces: createAdSpaceDirectory(db),
    players: playerDirectory,
    settings: platformSettings,
    changes: playerChanges,
    // The decision is committed by then: a mail the outbox could not take is logged, and the
    // answer still says what was decided.
    sendMail: async (mail) => {
      try {
        await app.deps.mail.enqueue(mail);
      } catch (error) {
        app.log.error({ err: error, to: mail.to }, 'a campaign decision email was not queued');
      }
    },
    publicUrl: config.publicUrl,
  });
  // Deleting a library item a campaign that is not over uses is refused, naming the campaign.
  const unregister = contentReferences.registerContentReferenceCheck(service.findContentUsers);
  app.addHook('onClose', async () => {
    unregister();
  });
  registerCampaignCompletion({
    db,
    jobs: app.deps.jobs,
    changes: playerChanges,
    log: app.log.child({ module: 'campaigns' }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
  const moneyRefusals = { ...refusals, 409: ZApiError };
  /** The route's request bound to `idempotentRoute`: one run per Idempotency-Key. */
  const once =
    (request: FastifyRequest, reply: FastifyReply, principalId: string): TRunOnce =>
    (work) =>
      idempotentRoute(db, request, reply, principalId, work);

  r.get(
    API.campaigns,
    {
      schema: {
        tags,
        summary:
          'The buyer’s campaigns, newest first, by status (approved: scheduled or active by UTC date)',
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.campaigns,
    {
      schema: {
        tags,
        summary: 'Save a new campaign as a draft (creatives from the buyer’s library, ready)',
        body: ZCreateCampaign,
        response: { 201: ZCampaign, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get(
    API.campaign,
    {
      schema: {
        tags,
        summary: 'One campaign with its creatives, spend, remaining hold and state history',
        params: ZIdParams,
        response: { 200: ZCampaign, ...refusals },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.campaign,
    {
      schema: {
        tags,
        summary: 'Change a draft or rejected campaign (409 invalid-state otherwise)',
        params: ZIdParams,
        body: ZUpdateCampaign,
        response: { 200: ZCampaign, ...refusals, 409: ZApiError },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.campaign,
    {
      schema: {
        tags,
        summary: 'Delete a draft (409 invalid-state otherwise: cancel it instead)',
        params: ZIdParams,
        response: { 204: z.null(), ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const moves = [
    [
      'submit',
      API.campaignSubmit,
      'Submit a draft or rejected campaign for review (400 when no monetized ad space matches its targeting)',
    ],
    [
      'pause',
      API.campaignPause,
      'Pause an approved campaign: its ad slots stop playing it; the hold stays',
    ],
    ['resume', API.campaignResume, 'Resume a paused campaign'],
  ] as const;
  for (const [move, path, summary] of moves) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary,
          params: ZIdParams,
          response: { 200: ZCampaign, ...refusals, 409: ZApiError },
        },
      },
      async (request) => service.transition(await request.requireActor(), request.params.id, move),
    );
  }

  r.post(
    API.campaignCancel,
    {
      schema: {
        tags,
        summary:
          'Cancel a campaign; an approved or paused one returns its remaining hold to the wallet at once (Idempotency-Key required)',
        params: ZIdParams,
        headers: ZIdempotencyHeaders,
        response: { 200: ZCampaign, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.cancel(actor, request.params.id, once(request, reply, actor.id));
    },
  );

  r.get(
    API.campaignResults,
    {
      schema: {
        tags,
        summary:
          'Impressions, seconds shown, spend and QR scans by UTC day and ad space, and creative readiness; CSV (a row per day and space) with Accept: text/csv',
        params: ZIdParams,
        querystring: ZCampaignResultsQuery,
        response: {
          200: {
            description:
              'The results (JSON), or with `Accept: text/csv` a row per day and ad space',
            content: {
              'application/json': { schema: ZCampaignResults },
              [CSV]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...refusals,
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

  r.get(
    API.marketplaceAdSpaces,
    {
      schema: {
        tags: ['marketplace'],
        summary:
          'Ad spaces whose monetization is approved, with floor, audience, estimated ad-slot time by local hour of the week and the live campaigns competing there',
        response: { 200: ZMarketplaceAdSpaceList, ...refusals },
      },
    },
    async (request) => service.marketplace(await request.requireActor()),
  );

  r.get(
    API.publisherDashboard,
    {
      schema: {
        tags,
        summary:
          'The buyer’s active and pending campaigns, spend and impressions (today: UTC), balance',
        response: { 200: ZPublisherDashboard, ...refusals },
      },
    },
    async (request) => service.dashboard(await request.requireActor()),
  );

  const adminTags = ['admin'];
  r.get(
    API.adminCampaigns,
    {
      schema: {
        tags: adminTags,
        summary:
          'Every buyer’s campaigns in every state, newest first, by status; `q` finds a name, or the advertiser’s name or email; approved and paused ones with their pacing',
        querystring: ZCampaignListQuery,
        response: { 200: ZAdminCampaignList, ...refusals },
      },
    },
    async (request) => service.adminList(await request.requireActor(), request.query),
  );

  r.post(
    API.adminCampaignApprove,
    {
      schema: {
        tags: adminTags,
        summary:
          'Approve a pending campaign, holding its budget from the buyer’s wallet (409 insufficient-funds; Idempotency-Key required)',
        params: ZIdParams,
        headers: ZIdempotencyHeaders,
        response: { 200: ZCampaign, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.approve(actor, request.params.id, once(request, reply, actor.id));
    },
  );

  r.post(
    API.adminCampaignReject,
    {
      schema: {
        tags: adminTags,
        summary:
          'Reject a pending campaign with a reason the buyer is shown (Idempotency-Key required)',
        params: ZIdParams,
        headers: ZIdempotencyHeaders,
        body: ZDecisionReason,
        response: { 200: ZCampaign, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.reject(actor, request.params.id, request.body, once(request, reply, actor.id));
    },
  );
}

/** The CSV goes out as it is written: a stream, which Fastify sends without a serializer. */
function sendCsv(reply: FastifyReply, csv: { filename: string; body: Readable }) {
  return reply
    .type(`${CSV}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv.body);
}
