import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import {
  ZDuplicatePlaylist,
  ZPlaylistDetail,
  ZPlaylistList,
  ZPlaylistListQuery,
  ZSavePlaylist,
  ZUpdatePlaylist,
} from '@screenline/shared/playlist';
import { API } from '@screenline/shared/api-paths';
import { createContentDirectory } from '../content/content-directory';
import { createPlaylistsRepository } from './playlists.repository';
import { createPlaylistsService } from './playlists.service';

/** `/api/v1/playlists` (issue 7 items 3 and 7). */
export async function playlistsRoutes(app: FastifyInstance) {
  const { db, storage, config, access, contentReferences, playerChanges } = app.deps;
  const service = createPlaylistsService(
    createPlaylistsRepository(db),
    createContentDirectory(db, storage, config.storageBucket),
    access,
    playerChanges,
  );
  // Deleting a library item a playlist names is refused, naming the playlists.
  const unregister = contentReferences.registerContentReferenceCheck(service.findContentUsers);
  app.addHook('onClose', async () => {
    unregister();
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['playlists'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  r.get(
    API.playlists,
    {
      schema: {
        tags,
        summary: 'The screen owner’s playlists by name, with length and where each plays',
        querystring: ZPlaylistListQuery,
        response: { 200: ZPlaylistList, ...refusals },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.playlists,
    {
      schema: {
        tags,
        summary: 'Create a playlist of library items and ad slots',
        body: ZSavePlaylist,
        response: { 201: ZPlaylistDetail, ...refusals },
      },
    },
    async (request, reply) => {
      const playlist = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(playlist);
    },
  );

  r.get(
    API.playlist,
    {
      schema: {
        tags,
        summary: 'One playlist with its items and the library items they name',
        params: ZIdParams,
        response: { 200: ZPlaylistDetail, ...refusals },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.playlist,
    {
      schema: {
        tags,
        summary: 'Rename a playlist or replace its items; bumps its version',
        params: ZIdParams,
        body: ZUpdatePlaylist,
        response: { 200: ZPlaylistDetail, ...refusals },
      },
    },
    async (request) =>
      service.update(await request.requireActor(), request.params.id, request.body),
  );

  r.delete(
    API.playlist,
    {
      schema: {
        tags,
        summary:
          'Delete a playlist; refused (409 in-use, naming them) while ad spaces or schedule entries play it',
        params: ZIdParams,
        response: { 204: z.null(), ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    API.playlistDuplicate,
    {
      schema: {
        tags,
        summary: 'Copy a playlist, named “<name> (copy)” unless a name is given',
        params: ZIdParams,
        // The body may be left out: a copy with the default name.
        body: ZDuplicatePlaylist.nullish(),
        response: { 201: ZPlaylistDetail, ...refusals },
      },
    },
    async (request, reply) => {
      const playlist = await service.duplicate(
        await request.requireActor(),
        request.params.id,
        request.body ?? {},
      );
      return reply.status(201).send(playlist);
    },
  );
}
