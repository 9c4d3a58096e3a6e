import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TAppDeps } from '../../app';
import { exponentialBackoff, ZEmptyPayload, type TJobDefinition } from '../jobs/job-queue';
import { createAlertEvaluator } from './alert-evaluator';
import type { TAlertsRepository } from './alerts.repository';
import { createScreenContext } from './screen-context';
import { postWebhook, WebhookRefused, type TWebhookOptions } from './webhook';

const ZWebhookPayload = z.object({ ownerId: z.string(), body: z.string() });

/**
 * The alert jobs: `alerts.evaluate` every minute by default (one instance at a time, as every recurring
 * job) and `alerts.webhook`, one per call, retried with backoff while the receiver fails. The
 * call reads the owner's URL and key when it runs, so a changed or removed webhook applies.
 */
export function createAlertJobs(
  deps: Pick<TAppDeps, 'db' | 'jobs' | 'mail' | 'storage' | 'config'>,
  repo: TAlertsRepository,
  log: FastifyBaseLogger,
  webhookOptions: TWebhookOptions = {},
) {
  const webhookJob: TJobDefinition<z.infer<typeof ZWebhookPayload>> = {
    name: 'alerts.webhook',
    payload: ZWebhookPayload,
    maxAttempts: 6,
    backoffMs: exponentialBackoff(30_000, 60 * 60 * 1000),
    run: async ({ ownerId, body }) => {
      const settings = await repo.findSettings(ownerId);
      if (!settings?.webhookUrl) return;
      try {
        await postWebhook(settings.webhookUrl, settings.webhookSecret, body, webhookOptions);
      } catch (error) {
        // A refused address will not become public by retrying.
        if (
          error instanceof WebhookRefused ||
          (error as { code?: string }).code === 'EWEBHOOKREFUSED'
        ) {
          log.warn({ ownerId, err: error }, 'alert webhook refused: not a public address');
          return;
        }
        throw error;
      }
    },
  };
  deps.jobs.register(webhookJob);
  const evaluator = createAlertEvaluator({
    repo,
    mail: deps.mail,
    webhooks: {
      enqueue: async (ownerId, body) => {
        await deps.jobs.enqueue(webhookJob, { ownerId, body });
      },
    },
    context: createScreenContext(deps.db, deps.storage, deps.config.storageBucket),
    adSpacesUrl: `${deps.config.publicUrl}/advertiser/ad-spaces`,
    log,
  });
  deps.jobs.recur(
    {
      name: 'alerts.evaluate',
      payload: ZEmptyPayload,
      run: async () => {
        const result = await evaluator.evaluate(new Date());
        if (result.announced + result.resolved > 0) log.info(result, 'screen alerts');
      },
    },
    // ALERTS_INTERVAL_SECONDS (60 by default), counted from the end of the previous run.
    deps.config.alertsIntervalMs,
  );
  return { evaluator, webhookJob };
}
