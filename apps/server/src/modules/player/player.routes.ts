import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import {
  ZDeviceRegistration,
  ZOwnerDeviceList,
  ZPlayerAdSpaceList,
  ZPlayerDevice,
  ZRegisterDevice,
} from '@screenline/shared/player';
import { API } from '@screenline/shared/api-paths';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { createDevicesRepository } from './devices.repository';
import { createDevicesService } from './devices.service';
import { playerSyncRoutes } from './player-sync.routes';

/**
 * TV registrations per address (a venue's TVs share one), far above what a real TV does (it
 * registers once, and again when its ad space changes). The per-account limit is the service's
 * (REGISTRATIONS_PER_ACCOUNT_PER_HOUR). Exported for the tests.
 */
export const REGISTRATION_RATE_LIMIT = { max: 60, timeWindow: 60 * 60_000 } as const; // max: DEVICE_REGISTRATIONS_PER_HOUR

/**
 * `/api/v1/player/*`: what the TV player calls (issue 8). Setup is called with the owner's
 * session (password sign-in), the pairing grant (QR pairing) or, to change the ad space, the
 * device token; the rest with the device token setup hands out. `/api/v1/devices`: the owner's
 * TVs on the web (issue 18 item 2).
 */
export async function playerRoutes(app: FastifyInstance) {
  const { db, access, playerChanges } = app.deps;
  const service = createDevicesService(
    createDevicesRepository(db),
    createAdSpaceDirectory(db),
    access,
    playerChanges,
    { registrationsPerHour: app.deps.config.deviceRegistrationsPerHour },
  );
  access.registerOwnerLookup('device', service.findOwners);
  // What a set-up TV calls with its device token: manifest, events, heartbeat.
  await app.register(playerSyncRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['player'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.playerAdSpaces,
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
    API.playerDevices,
    {
      config: {
        rateLimit: {
          ...REGISTRATION_RATE_LIMIT,
          max: app.deps.config.deviceRegistrationsPerHour,
          keyGenerator: (request: FastifyRequest) => `register:${request.ip}`,
        },
      },
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
          429: ZApiError,
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
    API.playerDevice,
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
    API.playerDevice,
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

  r.get(
    API.devices,
    {
      schema: {
        tags: ['devices'],
        summary:
          'The signed-in owner’s TVs: name, platform, ad space, last seen, how each signed in',
        response: { 200: ZOwnerDeviceList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => service.listForOwner(await request.getPrincipal()),
  );

  r.delete(
    API.device,
    {
      schema: {
        tags: ['devices'],
        summary: 'Sign one of the owner’s TVs out: its device token stops working everywhere',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await service.revoke(await request.getPrincipal(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
