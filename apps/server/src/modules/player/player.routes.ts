import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import {
  ZDeviceRegistration,
  ZPlayerAdSpaceList,
  ZPlayerDevice,
  ZRegisterDevice,
} from '@screenline/shared/player';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { createDevicesRepository } from './devices.repository';
import { createDevicesService } from './devices.service';
import { playerSyncRoutes } from './player-sync.routes';

/**
 * `/api/v1/player/*`: what the TV player calls (issue 8). Setup is called with the owner's
 * session (the TV signed in as them); the rest with the device token setup hands out.
 */
export async function playerRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createDevicesService(
    createDevicesRepository(db),
    createAdSpaceDirectory(db),
    access,
    playerChanges,
  );
  // What a set-up TV calls with its device token: manifest, events, heartbeat.
  await app.register(playerSyncRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['player'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    '/api/v1/player/ad-spaces',
    {
      schema: {
        tags,
        summary: 'The signed-in owner’s ad spaces with their locations, for the TV’s setup',
        response: { 200: ZPlayerAdSpaceList, ...refusals },
      },
    },
    async (request) => service.listAdSpaces(await request.getPrincipal()),
  );

  r.post(
    '/api/v1/player/devices',
    {
      schema: {
        tags,
        summary:
          'Register this TV for one of the owner’s ad spaces (the same device key reuses its record); answers the device token',
        body: ZRegisterDevice,
        response: {
          200: ZDeviceRegistration,
          201: ZDeviceRegistration,
          ...refusals,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { created, registration } = await service.register(
        await request.getPrincipal(),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(registration);
    },
  );

  r.get(
    '/api/v1/player/device',
    {
      schema: {
        tags,
        summary: 'The calling TV (device token): its ad space and location',
        response: { 200: ZPlayerDevice, ...refusals, 404: ZApiError },
      },
    },
    async (request) => service.whoAmI(await request.getPrincipal()),
  );

  r.delete(
    '/api/v1/player/device',
    {
      schema: {
        tags,
        summary: 'The calling TV signs out: its device token stops working',
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.signOut(await request.getPrincipal());
      return reply.status(204).send(null);
    },
  );
}
