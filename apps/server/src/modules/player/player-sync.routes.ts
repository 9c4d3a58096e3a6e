import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import {
  PLAYER_EVENT_CHANGED,
  type TPlayerManifest,
  ZDeviceTokenRenewal,
  ZPlayerHeartbeat,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { PLAYER_EVENT_COMMAND } from '@screenline/shared/fleet';
import { API } from '@screenline/shared/api-paths';
import { isNotModified } from '../../lib/conditional-get';
import { limited } from '../../lib/device-rate-limit';
import { createFleetDirectory } from '../fleet/fleet-directory';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { createDevicesRepository } from './devices.repository';
import { createDevicesService } from './devices.service';
import { createManifestEarlyAnswer } from './manifest-early-answer';
import { deviceRows } from './device-rows';
import { createManifestsOf } from './manifests-of';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const EVENTS_KEEP_ALIVE_MS = 25_000;

/**
 * Rate limits of the device routes, per device token (not per address: a venue's TVs share one).
 * A TV polls the manifest and beats once a minute (± 10 %), and fetches the manifest again when
 * its event stream says it changed; these leave room for bursts of edits and reconnects, and stop
 * a runaway or hostile client. Exported for the tests.
 */
export const PLAYER_RATE_LIMITS = {
  manifest: { max: 60, timeWindow: 60_000 },
  heartbeat: { max: 30, timeWindow: 60_000 },
  events: { max: 20, timeWindow: 60_000 },
  // A TV catching up sends at most 20 batches a round, a round at most every 5 s
  // (PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS' minimum): 240 a minute; once a minute normally.
  impressions: { max: 300, timeWindow: 60_000 },
} as const;

/**
 * `/api/v1/player/{manifest,events,heartbeat}` (issue 8 items 5 and 9): what a set-up TV calls
 * with its device token. docs/api/player.md.
 */
export async function playerSyncRoutes(app: FastifyInstance) {
  const { db, access, playerChanges, playerHeartbeats, servedFills } = app.deps;
  const manifests = createManifestsOf(app);
  const devices = createDevicesService(
    createDevicesRepository(db),
    createAdSpaceDirectory(db),
    access,
    playerChanges,
  );
  const fleet = createFleetDirectory(db, deviceRows);
  const streams = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    // Open streams would keep the server from closing.
    for (const stream of streams) stream.end();
  });
  // The fleet's steady state (a cached TV holding the current ETag) is answered before Fastify,
  // with this route's 304 (issue 19 item 1); whatever it does not answer comes here.
  const early = createManifestEarlyAnswer({
    devices: app.deps.devices,
    manifests,
    servedFills,
    limit: PLAYER_RATE_LIMITS.manifest,
  });
  app.deps.earlyAnswers.add(early.answer);
  app.addHook('onClose', async () => {
    early.close();
    manifests.close();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['player'];
  const refusals = { 401: ZApiError, 403: ZApiError };

  r.get(
    API.playerManifest,
    {
      config: limited(PLAYER_RATE_LIMITS.manifest),
      schema: {
        tags,
        summary:
          'The calling TV’s manifest (device token): timeline, schedule, playlists, media and settings. Strong ETag; If-None-Match answers 304',
        headers: z.object({ 'if-none-match': z.string().max(2000).optional() }),
        response: { 200: ZPlayerManifest, 304: z.null(), ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const device = await access.requireAccess(
        await request.getPrincipal(),
        'player.manifest.read',
      );
      const ifNoneMatch = request.headers['if-none-match'];
      // The fleet's steady state: the TV has the current version, and so has this cache.
      const cached = manifests.peek(device.adSpaceId);
      const manifest = cached ?? (await manifests.manifestFor(device));
      void reply.header('etag', `"${manifest.version}"`);
      // No body, so no Content-Length/Type either: `null` would be serialized as 4 bytes a 304
      // never carries, and clients that frame by Content-Length would wait for them.
      if (isNotModified(ifNoneMatch, manifest.version)) {
        if (manifest.servedFill)
          servedFills.stillServed(device, manifest.version, manifest.servedFill);
        return reply.status(304).send(undefined as unknown as null);
      }
      // Billing pays only for what a manifest sent to this TV offered (issue 17).
      if (manifest.servedFill)
        await servedFills.served(device, manifest.version, manifest.servedFill);
      // Already JSON (ZPlayerManifest, built once per change): Fastify sends a string as it is.
      return reply
        .type('application/json; charset=utf-8')
        .send(manifest.body as unknown as TPlayerManifest);
    },
  );

  // Untyped: the answer is a stream, not a value the schema describes.
  app.get(
    API.playerEvents,
    {
      config: limited(PLAYER_RATE_LIMITS.events),
      // A long-lived stream: never held back for compression.
      compress: false,
      schema: {
        tags,
        summary:
          'Server-sent events for the calling TV (device token in the Authorization header; read with fetch streaming): `changed` when its manifest changed',
        response: { ...refusals },
      },
    },
    async (request, reply) => {
      const device = await access.requireAccess(await request.getPrincipal(), 'player.events.read');
      const stream = new PassThrough();
      streams.add(stream);
      // No socket timeout while the stream is open (the server's and any Node default).
      // (app.inject's stand-in socket has neither method.)
      const { socket } = request.raw;
      if (typeof socket.setTimeout === 'function') socket.setTimeout(0);
      if (typeof socket.setKeepAlive === 'function') socket.setKeepAlive(true);

      const send = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      // Remote commands (issue 23 item 2): what waits for this TV, sent once per connection; a
      // command not acknowledged is sent again on the next connection until it expires.
      const sentCommands = new Set<string>();
      const sendCommands = async () => {
        try {
          for (const command of await fleet.pendingCommands(device.id, new Date())) {
            if (sentCommands.has(command.id)) continue;
            sentCommands.add(command.id);
            send(`event: ${PLAYER_EVENT_COMMAND}\ndata: ${JSON.stringify(command)}\n\n`);
          }
        } catch (error) {
          request.log.warn({ err: error }, 'the TV’s pending commands could not be read');
        }
      };
      const unsubscribe = playerChanges.subscribe((change) => {
        if (
          change.kind === 'reset' ||
          (change.kind === 'content' && change.adSpaceIds.includes(device.adSpaceId))
        ) {
          send(`event: ${PLAYER_EVENT_CHANGED}\ndata: {}\n\n`);
        } else if (
          change.kind === 'revoke' &&
          (change.deviceIds?.includes(device.id) ||
            change.adSpaceIds?.includes(device.adSpaceId) ||
            change.ownerIds?.includes(device.ownerId))
        ) {
          // The token stopped working: the stream ends; reconnecting answers 401.
          stream.end();
        } else if (change.kind === 'command' && change.deviceIds.includes(device.id)) {
          void sendCommands();
        }
      });
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), EVENTS_KEEP_ALIVE_MS);
      keepAlive.unref();
      let isClosed = false;
      const cleanUp = () => {
        if (isClosed) return;
        isClosed = true;
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      stream.on('close', cleanUp);
      stream.on('finish', cleanUp);
      request.raw.on('close', cleanUp);
      reply.raw.on('close', cleanUp);

      // The first bytes open the stream at once; `retry` is EventSource's reconnect delay.
      send(`: connected\nretry: 10000\n\n`);
      void sendCommands();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx and similar proxies: pass each event through at once.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );

  r.post(
    API.playerHeartbeat,
    {
      config: limited(PLAYER_RATE_LIMITS.heartbeat),
      schema: {
        tags,
        summary:
          'The calling TV reports its state (device token): kept in memory, written in batches',
        body: ZPlayerHeartbeat,
        // 200 when the TV's token was renewed (issue 18 item 2): it stores the new one.
        response: { 200: ZDeviceTokenRenewal, 204: z.null(), 400: ZApiError, ...refusals },
      },
    },
    async (request, reply) => {
      const principal = await request.getPrincipal();
      const device = await access.requireAccess(principal, 'player.heartbeat.write');
      playerHeartbeats.record(device, request.body);
      const renewal = await devices.renewToken(principal);
      return renewal ? reply.status(200).send(renewal) : reply.status(204).send(null);
    },
  );
}
