import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { TErrorCode } from '@screenline/shared/errors';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/app-error';

/**
 * The central error handler: every failure leaves as `{ error: { code, message, details? } }`.
 * Everything is logged; 5xx details never reach the client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, error.message);
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: printable(
          [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        ),
        message: printable(v.message ?? 'is not valid'),
      }));
      const summary = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
      return reply
        .status(400)
        .send(body('validation-failed', `The request is not valid (${summary}).`, { fields }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on our side.'));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable (or, for the bare socket errors, another
      // service the request needed): a clean 503 the client may retry; the next query connects
      // anew (the pool drops broken clients), so no restart is needed.
      request.log.error({ err: error }, 'database or service unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          body(
            'unavailable',
            'A service this server needs is not reachable right now; try again shortly.',
          ),
        );
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send(
          body(status === 503 ? 'unavailable' : 'internal', 'Something went wrong on our side.'),
        );
    }
    request.log.info({ err: error }, 'request refused');
    return reply.status(status).send(body(codeForStatus(status), error.message));
  });
});

/**
 * What the router refuses before any route or hook runs (a URL whose percent-encoding is not
 * UTF-8, a path parameter beyond its length limit): Fastify's default answers these in its own
 * shape; this answers them in ours (the fuzz test found them, apps/server/test/fuzz.test.ts).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  request.log.info({ code: error.code }, 'request refused by the router');
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : 'The address is not valid.';
  void reply.status(status).send(body(status >= 500 ? 'internal' : codeForStatus(status), message));
}

/**
 * A path or message as it can be shown: the path of a refused field may hold the very control
 * character (a NUL in a JSON key) that got it refused, and no answer repeats one.
 */
function printable(value: string): string {
  return value.replace(
    // Finding control characters is the point of this pattern.
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function body(code: TErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 402:
      return 'quota-exceeded';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 416:
      return 'range-not-satisfiable';
    case 429:
      return 'too-many-requests';
    default:
      return 'bad-request';
  }
}
