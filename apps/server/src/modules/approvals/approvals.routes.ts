import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApprovalPolicy,
  ZApprovalPolicyInput,
  ZApprovalPolicyList,
  ZCampaignApproval,
  ZCampaignApprovalDecision,
  ZCampaignApprovalList,
  ZCampaignApprovalParams,
  ZCampaignApprovalQuery,
  ZCampaignSpaceApprovals,
} from '@screenline/shared/approval';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { API } from '@screenline/shared/api-paths';
import type { TDb } from '../../db/database';
import { createContentDirectory } from '../content/content-directory';
import { ZEmptyPayload } from '../jobs/job-queue';
import { createApprovalsService } from './approvals.service';

/** How often the expiry sweep runs (counted from the end of the previous run). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Owner approval (issue 22 item 1): the owner's `/api/v1/approval-policies`,
 * `/api/v1/ad-spaces/{id}/approval-policy` and `/api/v1/campaign-approvals`, the buyer's
 * `/api/v1/campaigns/{id}/space-approvals`, and the expiry sweep.
 */
export async function approvalsRoutes(app: FastifyInstance) {
  const { db, access, storage, config, playerChanges, campaignReads } = app.deps;
  const service = createApprovalsService({
    db,
    access,
    campaigns: campaignReads,
    contentOf: (handle: TDb) => createContentDirectory(handle, storage, config.storageBucket),
    changes: playerChanges,
    // The decision is committed by then: a mail the outbox could not take is logged.
    sendMail: async (mail) => {
      try {
        await app.deps.mail.enqueue(mail);
      } catch (error) {
        app.log.error({ err: error, to: mail.to }, 'an approval email was not queued');
      }
    },
    publicUrl: config.publicUrl,
  });
  app.deps.jobs.recur(
    {
      name: 'approvals.expire',
      payload: ZEmptyPayload,
      run: async () => {
        const count = await service.expireOverdue();
        if (count > 0) app.log.info({ count }, 'campaign approvals expired');
      },
    },
    EXPIRY_SWEEP_INTERVAL_MS,
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.approvalPolicies,
    {
      schema: {
        tags,
        summary: 'How each of the owner’s ad spaces approves campaigns',
        response: { 200: ZApprovalPolicyList, ...refusals },
      },
    },
    async (request) => service.listPolicies(await request.requireActor()),
  );

  r.put(
    API.adSpaceApprovalPolicy,
    {
      schema: {
        tags,
        summary:
          'Set how an ad space approves campaigns: review each, rules (advertiser lists, blocked categories) or the platform',
        params: ZIdParams,
        body: ZApprovalPolicyInput,
        response: { 200: ZApprovalPolicy, ...refusals },
      },
    },
    async (request) =>
      service.savePolicy(await request.requireActor(), request.params.id, request.body),
  );

  r.get(
    API.campaignApprovals,
    {
      schema: {
        tags,
        summary:
          'Live campaigns on the owner’s monetized spaces with their standing per space (waiting first)',
        querystring: ZCampaignApprovalQuery,
        response: { 200: ZCampaignApprovalList, ...refusals },
      },
    },
    async (request) => service.queue(await request.requireActor(), request.query),
  );

  r.post(
    API.adSpaceCampaignApproval,
    {
      schema: {
        tags,
        summary: 'Approve or decline (with a reason) a campaign on one of the owner’s spaces',
        params: ZCampaignApprovalParams,
        body: ZCampaignApprovalDecision,
        response: { 200: ZCampaignApproval, ...refusals, 409: ZApiError },
      },
    },
    async (request) =>
      service.decide(
        await request.requireActor(),
        request.params.adSpaceId,
        request.params.campaignId,
        request.body,
      ),
  );

  r.get(
    API.campaignSpaceApprovals,
    {
      schema: {
        tags,
        summary: 'The buyer’s campaign’s standing on each monetized space it targets',
        params: ZIdParams,
        response: { 200: ZCampaignSpaceApprovals, ...refusals },
      },
    },
    async (request) => service.forCampaign(await request.requireActor(), request.params.id),
  );
}
