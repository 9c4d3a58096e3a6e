import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import {
  ZCreateScheduleEntry,
  ZScheduleEntryList,
  ZScheduleEntryListQuery,
  ZScheduleEntryView,
  ZUpdateScheduleEntry,
} from '@screenline/shared/schedule';
import { API } from '@screenline/shared/api-paths';
import { createScheduleEntriesRepository } from './schedule-entries.repository';
import { createScheduleEntriesService } from './schedule-entries.service';

/** `/api/v1/schedule-entries` (issue 7 items 5–7). */
export async function scheduleEntriesRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createScheduleEntriesService(
    createScheduleEntriesRepository(db),
    access,
    playerChanges,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['schedule'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.scheduleEntries,
    {
      schema: {
        tags,
        summary:
          'Schedule entries by first day: those playing on one ad space (its groups’ too), of one group, of one playlist',
        querystring: ZScheduleEntryListQuery,
        response: { 200: ZScheduleEntryList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.scheduleEntries,
    {
      schema: {
        tags,
        summary:
          'Schedule a playlist on an ad space or a screen group; bumps the content version of every space it plays on',
        body: ZCreateScheduleEntry,
        response: { 201: ZScheduleEntryView, ...refusals },
      },
    },
    async (request, reply) => {
      const entry = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(entry);
    },
  );

  r.get(
    API.scheduleEntry,
    {
      schema: {
        tags,
        summary: 'One schedule entry',
        params: ZIdParams,
        response: { 200: ZScheduleEntryView, ...refusals },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.scheduleEntry,
    {
      schema: {
        tags,
        summary: 'Change a schedule entry; it becomes the most recently changed',
        params: ZIdParams,
        body: ZUpdateScheduleEntry,
        response: { 200: ZScheduleEntryView, ...refusals },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.scheduleEntry,
    {
      schema: {
        tags,
        summary: 'Delete a schedule entry; bumps the space’s content version',
        params: ZIdParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
