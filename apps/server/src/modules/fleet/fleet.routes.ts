import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import {
  SCREENSHOT_IMAGE_MAX_AGE_SECONDS,
  ZAdSpaceScreenshotList,
  ZCommandAck,
  ZDeviceCommandList,
  ZDeviceCommandQuery,
  ZPlayerScreenshot,
  ZScreenshotImageQuery,
  ZScreenshotList,
  ZSendDeviceCommand,
  ZStartTakeover,
  ZTakeover,
  ZTakeoverList,
} from '@screenline/shared/fleet';
import { ZIdParams } from '@screenline/shared/id';
import { API } from '@screenline/shared/api-paths';
import { isNotModified } from '../../lib/conditional-get';
import { limited } from '../../lib/device-rate-limit';
import { createContentDirectory } from '../content/content-directory';
import { createScreenGroupDirectory } from '../screens/screen-group-directory';
import { createCommandsRepository } from './commands.repository';
import { createCommandsService } from './commands.service';
import { createTakeoversRepository } from './takeovers.repository';
import { createTakeoversService } from './takeovers.service';

/** A TV's acknowledgements and screenshots, per device token (a runaway TV is stopped). */
const PLAYER_FLEET_LIMITS = {
  ack: { max: 120, timeWindow: 60_000 },
  screenshot: { max: 12, timeWindow: 60_000 },
} as const;

/**
 * Running many screens (issue 23 items 2, 3 and 6): remote commands, "on screen now" and the
 * emergency takeover, for owners on the web and TVs with their device token. modules/fleet/README.md.
 */
export async function fleetRoutes(app: FastifyInstance) {
  const { db, access, playerChanges, storage, config, deviceRows } = app.deps;
  const groups = createScreenGroupDirectory(db);
  const commands = createCommandsService(
    createCommandsRepository(db, deviceRows),
    access,
    playerChanges,
    groups,
  );
  const takeovers = createTakeoversService(
    createTakeoversRepository(db, deviceRows),
    access,
    createContentDirectory(db, storage, config.storageBucket),
    playerChanges,
    groups,
  );
  access.registerOwnerLookup('takeover', takeovers.findOwners);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
  const fleet = ['fleet'];

  r.post(
    API.deviceCommands,
    {
      schema: {
        tags: fleet,
        summary:
          'Send a command (refresh, reload, restart, identify, screenshot) to every TV of the ad spaces, TVs and screen groups named (a group’s members at send time); online TVs get it at once, offline ones when they reconnect, until it expires',
        body: ZSendDeviceCommand,
        response: { 201: ZDeviceCommandList, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await commands.send(await request.getPrincipal(), request.body)),
  );

  r.get(
    API.deviceCommands,
    {
      schema: {
        tags: fleet,
        summary: 'The newest commands with their states (sent, delivered, done, failed, expired)',
        querystring: ZDeviceCommandQuery,
        response: { 200: ZDeviceCommandList, ...refusals },
      },
    },
    async (request) => commands.list(await request.getPrincipal(), request.query.adSpaceId),
  );

  r.get(
    API.adSpaceScreenshots,
    {
      schema: {
        tags: fleet,
        summary:
          'The newest screenshot of each TV playing the ad space, or why it could not take one',
        params: ZIdParams,
        response: { 200: ZScreenshotList, ...refusals },
      },
    },
    async (request) => commands.screenshotsOf(await request.getPrincipal(), request.params.id),
  );

  r.get(
    API.screenshots,
    {
      schema: {
        tags: fleet,
        summary:
          'The newest screenshot of each of the owner’s ad spaces (when, which TV, or why it could not capture) with the URL of its image; no image bytes',
        response: { 200: ZAdSpaceScreenshotList, ...refusals },
      },
    },
    async (request) => commands.latestScreenshots(await request.getPrincipal()),
  );

  r.get(
    API.adSpaceScreenshot,
    {
      config: { cachesPrivately: true },
      schema: {
        tags: fleet,
        summary:
          'The JPEG of the ad space’s newest screenshot by any of its TVs (a thumbnail); privately cacheable, strong ETag, If-None-Match answers 304; 404 when there is none',
        params: ZIdParams,
        querystring: ZScreenshotImageQuery,
        headers: z.object({ 'if-none-match': z.string().max(2000).optional() }),
        response: {
          200: {
            description: 'The JPEG (at most 200 KB)',
            content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
          },
          304: z.null().meta({ description: 'Not modified: If-None-Match matched the ETag' }),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const image = await commands.screenshotImage(await request.getPrincipal(), request.params.id);
      // Private: the image is the owner's. The list's URL changes with each capture, so a
      // cached copy is never shown in place of a newer one for long.
      void reply
        .header('cache-control', `private, max-age=${SCREENSHOT_IMAGE_MAX_AGE_SECONDS}`)
        .header('etag', `"${image.version}"`)
        .header('last-modified', image.takenAt.toUTCString());
      if (isNotModified(request.headers['if-none-match'], image.version)) {
        // No body: `null` would be serialized as 4 bytes a 304 never carries.
        return reply.status(304).send(undefined as unknown as null);
      }
      return sendJpeg(reply, image.body);
    },
  );

  r.post(
    API.playerCommandAck,
    {
      config: limited(PLAYER_FLEET_LIMITS.ack),
      schema: {
        tags: ['player'],
        summary: 'The calling TV acknowledges one of its commands: delivered, then done or failed',
        params: z.object({ id: z.string().max(100) }),
        body: ZCommandAck,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await commands.acknowledge(await request.getPrincipal(), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    API.playerScreenshot,
    {
      config: limited(PLAYER_FLEET_LIMITS.screenshot),
      schema: {
        tags: ['player'],
        summary:
          'The calling TV uploads a small JPEG of its screen (at most 200 KB, base64), or why it could not take one',
        body: ZPlayerScreenshot,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await commands.saveScreenshot(await request.getPrincipal(), request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    API.takeovers,
    {
      schema: {
        tags: fleet,
        summary:
          'Start an emergency takeover: a message, an image or a playlist replaces everything (ads included) on the chosen screens or all of them until ended or expired',
        body: ZStartTakeover,
        response: { 201: ZTakeover, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await takeovers.start(await request.getPrincipal(), request.body)),
  );

  r.get(
    API.takeovers,
    {
      schema: {
        tags: fleet,
        summary: 'The owner’s takeovers, newest first: who started each, when, and where it showed',
        response: { 200: ZTakeoverList, ...refusals },
      },
    },
    async (request) => takeovers.list(await request.getPrincipal()),
  );

  r.post(
    API.takeoverEnd,
    {
      schema: {
        tags: fleet,
        summary: 'End a takeover on every screen now (ending an ended one changes nothing)',
        params: ZIdParams,
        response: { 200: ZTakeover, ...refusals },
      },
    },
    async (request) => takeovers.end(await request.getPrincipal(), request.params.id),
  );

  r.post(
    API.playerTakeoverShown,
    {
      config: limited(PLAYER_FLEET_LIMITS.ack),
      schema: {
        tags: ['player'],
        summary: 'The calling TV shows the takeover (logged once per TV)',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await takeovers.shown(await request.getPrincipal(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** The JPEG goes out as bytes, which Fastify sends without a serializer. */
function sendJpeg(reply: FastifyReply, body: Buffer) {
  return reply.type('image/jpeg').send(body);
}
