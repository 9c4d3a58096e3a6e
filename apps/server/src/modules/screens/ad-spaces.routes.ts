import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdSpace,
  ZAdSpaceList,
  ZAdSpaceListQuery,
  ZCreateAdSpace,
  ZDeleteAdSpaceQuery,
  ZUpdateAdSpace,
} from '@screenline/shared/ad-space';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZPlaying, ZPlayingQuery } from '@screenline/shared/schedule';
import { ZBulkAdSpaceRequest, ZBulkAdSpaceResult } from '@screenline/shared/screen-group';
import { API } from '@screenline/shared/api-paths';
import { createContentDirectory } from '../content/content-directory';
import { createAdSpacesRepository } from './ad-spaces.repository';
import { createAdSpacesService } from './ad-spaces.service';
import { createAdSpacesBulkService } from './ad-spaces-bulk.service';
import { createScreenGroupsRepository } from './screen-groups.repository';

/** `/api/v1/ad-spaces`: the screens at an owner's locations (issue 7 item 2). */
export async function adSpacesRoutes(app: FastifyInstance) {
  const { db, access, storage, config, playerChanges, playerDirectory, campaignReads } = app.deps;
  const service = createAdSpacesService(createAdSpacesRepository(db), access, {
    changes: playerChanges,
    players: playerDirectory,
    campaigns: campaignReads,
    content: createContentDirectory(db, storage, config.storageBucket),
  });
  const bulk = createAdSpacesBulkService(
    createAdSpacesRepository(db),
    createScreenGroupsRepository(db),
    access,
    playerChanges,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ad spaces'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.adSpaces,
    {
      schema: {
        tags,
        summary:
          'The signed-in owner’s ad spaces by name, a page at a time, with what each plays now',
        querystring: ZAdSpaceListQuery,
        response: { 200: ZAdSpaceList, ...refusals, 404: ZApiError },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.adSpaces,
    {
      schema: {
        tags,
        summary: 'Add an ad space at one of the owner’s locations',
        body: ZCreateAdSpace,
        response: { 201: ZAdSpace, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const created = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(created);
    },
  );

  r.post(
    API.adSpacesBulk,
    {
      schema: {
        tags,
        summary:
          'One change to several of the owner’s ad spaces, all or nothing: default playlist, add or remove a tag, add to a static group',
        body: ZBulkAdSpaceRequest,
        response: { 200: ZBulkAdSpaceResult, ...refusals, 404: ZApiError },
      },
    },
    async (request) => bulk.apply(await request.requireActor(), request.body),
  );

  r.get(
    API.adSpace,
    {
      schema: {
        tags,
        summary: 'One ad space',
        params: ZIdParams,
        response: { 200: ZAdSpace, ...refusals, 404: ZApiError },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.adSpace,
    {
      schema: {
        tags,
        summary: 'Change an ad space; a new default playlist or location bumps its content version',
        params: ZIdParams,
        body: ZUpdateAdSpace,
        response: { 200: ZAdSpace, ...refusals, 404: ZApiError },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.adSpace,
    {
      schema: {
        tags,
        summary:
          'Delete an ad space; refused (409 in-use, naming them) while scheduled, unless removeSchedule=true',
        params: ZIdParams,
        querystring: ZDeleteAdSpaceQuery,
        response: { 204: z.null(), ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id, {
        removeSchedule: request.query.removeSchedule,
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    API.adSpacePlaying,
    {
      schema: {
        tags,
        summary:
          'What the ad space plays at a local date-time at its location (now without `at`), and why',
        params: ZIdParams,
        querystring: ZPlayingQuery,
        response: { 200: ZPlaying, ...refusals, 404: ZApiError },
      },
    },
    async (request) =>
      service.playing(await request.requireActor(), request.params.id, request.query.at),
  );
}
