import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAlertIncidentList, ZAlertSettings, ZSaveAlertSettings } from '@screenline/shared/alerts';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { createAlertJobs } from './alert-jobs';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsService } from './alerts.service';

/** `/api/v1/alerts`: who hears about the owner's screens, and the incidents (issue 23 item 4). */
export async function alertsRoutes(app: FastifyInstance) {
  const { db, access } = app.deps;
  const repo = createAlertsRepository(db);
  const service = createAlertsService(repo, access);
  createAlertJobs(app.deps, repo, app.log.child({ module: 'alerts' }));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.alertSettings,
    {
      schema: {
        tags,
        summary: 'Who is e-mailed and which webhook is called about the owner’s screens',
        response: { 200: ZAlertSettings, ...refusals },
      },
    },
    async (request) => service.getSettings(await request.requireActor()),
  );

  r.put(
    API.alertSettings,
    {
      schema: {
        tags,
        summary: 'Replace the alert recipients, webhook (public hosts only) and offline window',
        body: ZSaveAlertSettings,
        response: { 200: ZAlertSettings, ...refusals },
      },
    },
    async (request) => service.saveSettings(await request.requireActor(), request.body),
  );

  r.get(
    API.alertIncidents,
    {
      schema: {
        tags,
        summary: 'The owner’s screen incidents: open ones first, then the latest resolved',
        response: { 200: ZAlertIncidentList, ...refusals },
      },
    },
    async (request) => service.listIncidents(await request.requireActor()),
  );
}
