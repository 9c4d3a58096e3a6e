import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import {
  ZCreateLocation,
  ZListQuery,
  ZLocation,
  ZLocationList,
  ZUpdateLocation,
} from '@screenline/shared/location';
import { API } from '@screenline/shared/api-paths';
import { createLocationsRepository } from './locations.repository';
import { createLocationsService } from './locations.service';

/** `/api/v1/locations`: where an owner's screens are (issue 7 item 1). */
export async function locationsRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createLocationsService(createLocationsRepository(db), access, playerChanges);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.locations,
    {
      schema: {
        tags,
        summary: 'The signed-in owner’s locations by name, a page at a time',
        querystring: ZListQuery,
        response: { 200: ZLocationList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.locations,
    {
      schema: {
        tags,
        summary: 'Add a location',
        body: ZCreateLocation,
        response: { 201: ZLocation, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get(
    API.location,
    {
      schema: {
        tags,
        summary: 'One location',
        params: ZIdParams,
        response: { 200: ZLocation, ...refusals, 404: ZApiError },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.location,
    {
      schema: {
        tags,
        summary: 'Change a location; a new time zone bumps the content version of its ad spaces',
        params: ZIdParams,
        body: ZUpdateLocation,
        response: { 200: ZLocation, ...refusals, 404: ZApiError },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.location,
    {
      schema: {
        tags,
        summary: 'Delete a location; refused (409 in-use, naming them) while ad spaces stand there',
        params: ZIdParams,
        response: { 204: z.null(), ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
