import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZStorageObject, ZStorageUsage, ZUpdateObjectMetadata } from '@screenline/shared/storage';
import { text } from '@screenline/shared/text';
import { API } from '@screenline/shared/api-paths';
import { AppError } from '../../lib/app-error';
import type { TProtocolReply } from './storage-protocol';
import type { TStorageService } from './storage.service';

const ZBucketParams = z.object({ bucket: text().min(1).max(222) });
/** The object name is everything after `/o/`, URL-decoded (clients encode `/` as %2F). */
const ZObjectParams = ZBucketParams.extend({ '*': text() });
const ZObjectQuery = z.looseObject({
  alt: z.enum(['media', 'json']).optional(),
  token: text().max(1024).optional(),
});
const ZUploadQuery = z.looseObject({
  name: text().optional(),
  upload_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'is not an upload session id')
    .optional(),
  upload_protocol: text().optional(),
});
const ZUploadHeaders = z.looseObject({
  authorization: text().optional(),
  'content-type': text().optional(),
  'content-length': text().optional(),
  origin: text().optional(),
  'x-goog-upload-protocol': text().optional(),
  'x-goog-upload-command': text().optional(),
  'x-goog-upload-offset': text().optional(),
  'x-goog-upload-header-content-length': text().optional(),
  'x-goog-upload-header-content-type': text().optional(),
});
const ZMediaHeaders = z.looseObject({
  authorization: text().optional(),
  range: text().optional(),
  'if-none-match': text().optional(),
  'if-range': text().optional(),
});
const ZAuthHeaders = z.looseObject({ authorization: text().optional() });

const errorResponses = {
  400: ZApiError,
  401: ZApiError,
  402: ZApiError,
  403: ZApiError,
  404: ZApiError,
  413: ZApiError,
  415: ZApiError,
  /** Object storage (disk or S3) cannot be reached. */
  503: ZApiError,
};

/**
 * An object's bytes, in the object's own content type. Documented only: the service answers
 * with a stream, which Fastify sends as is, never through a serializer.
 */
const ZObjectBytes = z.string().meta({ format: 'binary' });

/** Responses of GET (and HEAD) on an object: JSON metadata, or its bytes with `alt=media`. */
const objectReadResponses = {
  200: {
    description: 'The metadata (JSON), or with `alt=media&token=` the object’s bytes',
    content: {
      'application/json': { schema: ZStorageObject },
      '*/*': { schema: ZObjectBytes },
    },
  },
  206: {
    description: 'The byte range asked for in `Range` (alt=media), with Content-Range',
    content: { '*/*': { schema: ZObjectBytes } },
  },
  304: z.null().meta({ description: 'Not modified: If-None-Match matched the ETag (alt=media)' }),
  416: ZApiError,
};

/** Responses of POST on the bucket: uploads and resumable-session commands. */
const uploadResponses = {
  200: {
    description:
      'The stored object’s metadata after a multipart upload or a finalize; the other session commands (start, query, upload, cancel) answer with X-Goog-Upload-* headers and no body',
    content: { 'application/json': { schema: ZStorageObject } },
  },
};

/**
 * The storage service at `/v0/b/{bucket}/o…` (SPEC §7), wire-compatible with the Firebase
 * Storage v0 JSON and resumable upload protocol. Object routes use the usual JSON handling;
 * uploads get their own scope where bodies are never parsed by Fastify: the service streams
 * them (chunks of up to 32 MiB go straight to the driver, never whole into memory).
 */
export async function storageRoutes(
  app: FastifyInstance,
  { service: storage }: { service: TStorageService },
) {
  const { config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // An explicit HEAD, declared before GET: Fastify's automatic one reads the whole file to discard it.
  for (const method of ['HEAD', 'GET'] as const) {
    r.route({
      method,
      url: API.storageObject,
      schema: {
        tags: ['storage'],
        summary: 'Object metadata, or with ?alt=media&token= its bytes (Range, ETag)',
        hide: method === 'HEAD',
        params: ZObjectParams,
        querystring: ZObjectQuery,
        headers: ZMediaHeaders,
        response: { ...errorResponses, ...objectReadResponses },
      },
      config: { rateLimit: false },
      // Media bytes go out as stored: byte ranges, ETag and Content-Length describe them.
      compress: false,
      handler: async (request, reply) => {
        const { bucket, '*': name } = request.params;
        const isHeadOnly = method === 'HEAD';
        if (request.query.alt === 'media') {
          return sendReply(
            reply,
            await storage.download({
              authorization: request.headers.authorization,
              bucket,
              name,
              token: request.query.token,
              range: request.headers.range,
              ifNoneMatch: request.headers['if-none-match'],
              ifRange: request.headers['if-range'],
              isHeadOnly,
            }),
          );
        }
        // For HEAD, Node leaves the body out and keeps its Content-Length.
        return storage.getMetadata({ authorization: request.headers.authorization, bucket, name });
      },
    });
  }

  r.delete(
    API.storageObject,
    {
      schema: {
        tags: ['storage'],
        summary: 'Delete an object (204); refused (409) while a library item uses it',
        params: ZObjectParams,
        headers: ZAuthHeaders,
        response: { 204: z.null(), ...errorResponses, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const { bucket, '*': name } = request.params;
      await storage.deleteObject({ authorization: request.headers.authorization, bucket, name });
      return reply.status(204).send(null);
    },
  );

  r.patch(
    API.storageObject,
    {
      schema: {
        tags: ['storage'],
        summary: 'Update an object’s metadata (content type, cache control, custom metadata)',
        params: ZObjectParams,
        headers: ZAuthHeaders,
        body: ZUpdateObjectMetadata,
        response: { 200: ZStorageObject, ...errorResponses },
      },
    },
    async (request) => {
      const { bucket, '*': name } = request.params;
      return storage.updateMetadata({
        authorization: request.headers.authorization,
        bucket,
        name,
        changes: request.body,
      });
    },
  );

  // The product API beside the protocol: signed in with the session cookie, like /api/v1.
  r.get(
    API.storageUsage,
    {
      schema: {
        tags: ['storage'],
        summary: 'Bytes the signed-in user stores (files and open uploads) and their quota',
        response: { 200: ZStorageUsage, 401: ZApiError },
      },
    },
    async (request) => storage.getUsage(await request.requireActor()),
  );

  // Listing the bucket is not part of the protocol this service offers (SPEC §7).
  r.get(API.storageObjects, { schema: { hide: true, params: ZBucketParams } }, async () => {
    throw new AppError(
      'bad-request',
      'This operation cannot be performed on the bucket root; name a file.',
    );
  });

  await app.register(async (scope) => {
    // Bodies stay unread here; the service reads them as streams, with its own limits.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      API.storageObjects,
      {
        schema: {
          tags: ['storage'],
          summary:
            'Upload: multipart (X-Goog-Upload-Protocol: multipart), resumable start, and the session commands query / upload / finalize / cancel',
          params: ZBucketParams,
          querystring: ZUploadQuery,
          headers: ZUploadHeaders,
          response: { ...errorResponses, ...uploadResponses },
        },
        config: { rateLimit: false },
      },
      async (request, reply) => {
        const { headers, query } = request;
        const { bucket } = request.params;
        const authorization = headers.authorization;
        const contentLength = readContentLength(headers['content-length']);
        const body = request.raw;

        if (query.upload_id !== undefined) {
          return sendReply(
            reply,
            await storage.sessionCommand({
              authorization,
              bucket,
              uploadId: query.upload_id,
              command: headers['x-goog-upload-command'],
              offset: headers['x-goog-upload-offset'],
              contentLength,
              body,
            }),
          );
        }
        const protocol = headers['x-goog-upload-protocol']?.trim().toLowerCase();
        if (protocol === 'multipart') {
          return storage.uploadMultipart({
            authorization,
            bucket,
            name: query.name,
            contentType: headers['content-type'],
            contentLength,
            body,
          });
        }
        if (protocol === 'resumable') {
          if (headers['x-goog-upload-command']?.trim().toLowerCase() !== 'start') {
            throw new AppError(
              'bad-request',
              'A resumable upload starts with X-Goog-Upload-Command: start.',
            );
          }
          return sendReply(
            reply,
            await storage.startResumable({
              authorization,
              bucket,
              name: query.name,
              declaredLength: headers['x-goog-upload-header-content-length'],
              declaredType: headers['x-goog-upload-header-content-type'],
              body,
              origin: sameOrigin(request, config.trustedOrigins, config.publicUrl),
            }),
          );
        }
        throw new AppError(
          'bad-request',
          'Set X-Goog-Upload-Protocol to multipart or resumable, or post to an upload session URL.',
        );
      },
    );
  });
}

function sendReply(reply: FastifyReply, result: TProtocolReply) {
  void reply.status(result.status).headers(result.headers);
  if (result.body instanceof Readable) return reply.send(result.body);
  if (result.body === null) return reply.send();
  return reply.send(result.body);
}

function readContentLength(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * The origin for the session URL: the browser's own when it is one of ours (a local server is
 * reached as both localhost and 127.0.0.1, and the URL must stay same-origin), else PUBLIC_URL.
 */
function sameOrigin(request: FastifyRequest, trusted: string[], publicUrl: string): string {
  const origin = request.headers.origin;
  return typeof origin === 'string' && trusted.includes(origin) ? origin : publicUrl;
}
