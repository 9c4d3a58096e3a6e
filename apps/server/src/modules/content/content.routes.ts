import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContentItem,
  ZContentItemParams,
  ZContentList,
  ZContentListQuery,
  ZCreateContentItem,
  ZRenameContentItem,
} from '@screenline/shared/content';
import { ZApiError } from '@screenline/shared/errors';
import { API } from '@screenline/shared/api-paths';
import { createContentRepository } from './content.repository';
import { createContentService } from './content.service';

export async function contentRoutes(app: FastifyInstance) {
  const { db, storage, contentReferences, config, access } = app.deps;
  const service = createContentService(
    createContentRepository(db, config.storageBucket),
    storage,
    contentReferences,
    access,
    config.storageBucket,
  );
  access.registerOwnerLookup('content', service.findOwners);
  // Storage refuses to delete a file a library item uses, and keeps one another item shares.
  const unregister = storage.registerObjectInUseCheck(service.findObjectUsers);
  app.addHook('onClose', async () => {
    unregister();
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

  r.get(
    API.content,
    {
      schema: {
        tags,
        summary: 'The signed-in user’s content library, a page at a time',
        querystring: ZContentListQuery,
        response: { 200: ZContentList, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => service.list(await request.requireActor(), request.query),
  );

  r.post(
    API.content,
    {
      schema: {
        tags,
        summary: 'Add an uploaded file to the library',
        body: ZCreateContentItem,
        response: {
          201: ZContentItem,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const item = await service.create(await request.requireActor(), request.body);
      return reply.status(201).send(item);
    },
  );

  r.get(
    API.contentItem,
    {
      schema: {
        tags,
        summary: 'One content item',
        params: ZContentItemParams,
        response: { 200: ZContentItem, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => service.get(await request.requireActor(), request.params.id),
  );

  r.patch(
    API.contentItem,
    {
      schema: {
        tags,
        summary: 'Rename a content item',
        params: ZContentItemParams,
        body: ZRenameContentItem,
        response: { 200: ZContentItem, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      service.rename(await request.requireActor(), request.params.id, request.body.name),
  );

  r.delete(
    API.contentItem,
    {
      schema: {
        tags,
        summary: 'Delete a content item and its files; refused (409) while something uses it',
        params: ZContentItemParams,
        response: {
          204: z.null(),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      await service.remove(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
