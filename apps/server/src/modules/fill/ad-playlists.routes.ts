import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdPlaylist, ZAdPlaylistList, ZUpdateAdPlaylist } from '@screenline/shared/ad-playlist';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { createContentDirectory } from '../content/content-directory';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { createAdPlaylistsRepository } from './ad-playlists.repository';
import { createAdPlaylistsService } from './ad-playlists.service';
import { createAdRotation } from './ad-rotation';

const ZAdSpaceParams = z.object({ adSpaceId: z.uuid('Not a valid ad space id.') });

/** `/api/v1/admin/ad-playlists` (issue 9 item 5): super-users' view and edits of the fill. */
export async function adPlaylistsRoutes(app: FastifyInstance) {
  const { db, access, storage, config, playerChanges, campaignReads } = app.deps;
  const service = createAdPlaylistsService({
    repo: createAdPlaylistsRepository(db, campaignReads),
    rotation: createAdRotation(
      db,
      createContentDirectory(db, storage, config.storageBucket),
      campaignReads,
    ),
    access,
    changes: playerChanges,
    adSpaces: createAdSpaceDirectory(db),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

  r.get(
    API.adminAdPlaylists,
    {
      schema: {
        tags,
        summary:
          'Every monetized ad space’s ad playlist: campaigns playing now, pins, excludes, house ads',
        response: { 200: ZAdPlaylistList, ...refusals },
      },
    },
    async (request) => service.list(await request.getPrincipal()),
  );

  r.get(
    API.adminAdPlaylist,
    {
      schema: {
        tags,
        summary:
          'A monetized space’s rotation now: each targeting campaign’s weight and share, or why it does not play',
        params: ZAdSpaceParams,
        response: { 200: ZAdPlaylist, ...refusals, 404: ZApiError },
      },
    },
    async (request) => service.get(await request.getPrincipal(), request.params.adSpaceId),
  );

  r.put(
    API.adminAdPlaylist,
    {
      schema: {
        tags,
        summary:
          'Pin and exclude campaigns on a monetized space and choose its house ads (from your library); its TVs get the new fill',
        params: ZAdSpaceParams,
        body: ZUpdateAdPlaylist,
        response: { 200: ZAdPlaylist, ...refusals, 404: ZApiError },
      },
    },
    async (request) =>
      service.update(await request.getPrincipal(), request.params.adSpaceId, request.body),
  );
}
