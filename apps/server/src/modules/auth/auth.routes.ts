import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BEARER_TRANSPORT_HEADER,
  MAX_PASSWORD_LENGTH,
  ZPasswordPolicy,
} from '@screenline/shared/auth';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from './auth';
import { findNulInRequest, nulRefusal } from './auth-rules';

/** Mounts Better Auth's standard routes at /api/auth/* and serves the password policy. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config } = app.deps;

  await app.register(async (scope) => {
    // The device-grant endpoints post forms; Better Auth parses the raw body itself.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, body);
      },
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      config: config.authRateLimit ? { rateLimit: RESET_LINK_RATE_LIMIT } : {},
      handler: async (request, reply) => {
        const nulAt = findNulInRequest(request);
        if (nulAt) return reply.status(400).send(nulRefusal(nulAt));
        const headers = fromNodeHeaders(request.headers);
        // Rate limits key on this; a client-sent value is always overwritten.
        headers.set(CLIENT_IP_HEADER, request.ip);
        const body =
          request.method === 'GET' || request.body === undefined || request.body === null
            ? undefined
            : typeof request.body === 'string'
              ? request.body
              : JSON.stringify(request.body);
        const response = await auth.handler(
          new Request(new URL(request.url, config.publicUrl), {
            method: request.method,
            headers,
            body,
          }),
        );
        reply.status(response.status);
        const isBearerClient = wantsBearerToken(request.url, request.headers);
        response.headers.forEach((value, key) => {
          if (key === 'set-cookie' || key === 'content-length') return;
          // The bearer plugin puts the session token in this header on every answer that sets
          // the session cookie; only a sign-in that asks for it gets it (docs/decisions.md).
          if (
            !isBearerClient &&
            (key === 'set-auth-token' || key === 'access-control-expose-headers')
          )
            return;
          reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/auth/policy',
    {
      schema: {
        tags: ['auth'],
        summary: 'The password policy',
        response: { 200: ZPasswordPolicy },
      },
      // The sign-up form reads it before there is an account.
      config: { isPublic: true },
    },
    () => ({ minPasswordLength: config.passwordMinLength, maxPasswordLength: MAX_PASSWORD_LENGTH }),
  );
}

/**
 * The reset link (`GET /api/auth/reset-password/{token}`) says whether a token is valid. Better
 * Auth counts its limits per path, so a new guess is a new path and never limited: this counts
 * every reset link per client address instead (ASVS V6.3.1), and no other auth request.
 */
export const RESET_LINK_RATE_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (request: { ip: string }) => `reset-link:${request.ip}`,
  allowList: (request: { url: string; method: string }) =>
    !(request.method === 'GET' && request.url.startsWith(`${AUTH_BASE_PATH}/reset-password/`)),
};

/** Whether this is a password sign-in that asked for its session token as a bearer token. */
function wantsBearerToken(url: string, headers: Record<string, string | string[] | undefined>) {
  const path = url.split('?')[0];
  return (
    path === `${AUTH_BASE_PATH}/sign-in/email` &&
    headers[BEARER_TRANSPORT_HEADER]?.toString().trim().toLowerCase() === 'bearer'
  );
}
