import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZPowerScheduleView, ZSavePowerSchedule } from '@screenline/shared/power-schedule';
import { API } from '@screenline/shared/api-paths';
import { createPowerScheduleService } from './power-schedule';

/** `/api/v1/ad-spaces/{id}/power-schedule`: the hours a screen should be on (issue 23 item 5). */
export async function powerScheduleRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createPowerScheduleService(db, access, playerChanges);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ad spaces'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.adSpacePowerSchedule,
    {
      schema: {
        tags,
        summary: 'The weekly hours the screen should be on, and its on hours of the coming week',
        params: ZIdParams,
        response: { 200: ZPowerScheduleView, ...refusals },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.put(
    API.adSpacePowerSchedule,
    {
      schema: {
        tags,
        summary:
          'Replace the screen’s on hours (null: always on); its TVs get them with the next manifest',
        params: ZIdParams,
        body: ZSavePowerSchedule,
        response: { 200: ZPowerScheduleView, ...refusals },
      },
    },
    async (request) => service.save(await request.requireActor(), request.params.id, request.body),
  );
}
