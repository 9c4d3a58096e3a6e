import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import {
  ZCreateScreenGroup,
  ZScreenGroup,
  ZScreenGroupList,
  ZUpdateScreenGroup,
} from '@screenline/shared/screen-group';
import { API } from '@screenline/shared/api-paths';
import { createScreenGroupsRepository } from './screen-groups.repository';
import { createScreenGroupsService } from './screen-groups.service';

/** `/api/v1/screen-groups`: static sets of ad spaces and saved tag queries (issue 23 item 1). */
export async function screenGroupsRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createScreenGroupsService(
    createScreenGroupsRepository(db),
    access,
    playerChanges,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['screen groups'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.screenGroups,
    {
      schema: {
        tags,
        summary: 'The signed-in owner’s screen groups by name, with their members now',
        response: { 200: ZScreenGroupList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor()),
  );

  r.post(
    API.screenGroups,
    {
      schema: {
        tags,
        summary: 'Make a group: a static set of ad spaces, or a saved tag query (all of its tags)',
        body: ZCreateScreenGroup,
        response: { 201: ZScreenGroup, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get(
    API.screenGroup,
    {
      schema: {
        tags,
        summary: 'One screen group with its members',
        params: ZIdParams,
        response: { 200: ZScreenGroup, ...refusals },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.screenGroup,
    {
      schema: {
        tags,
        summary:
          'Rename a group, or change a static group’s members or a tag group’s tags; the TVs of spaces that join or leave are told',
        params: ZIdParams,
        body: ZUpdateScreenGroup,
        response: { 200: ZScreenGroup, ...refusals },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.screenGroup,
    {
      schema: {
        tags,
        summary: 'Delete a group with its schedule entries; its spaces’ TVs are told',
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
