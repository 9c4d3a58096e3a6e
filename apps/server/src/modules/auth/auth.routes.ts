import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import {
  PAIRING_POLL_PREFER,
  PAIRING_WAIT_ERRORS,
  ZDeviceCode,
  ZDeviceError,
  ZDeviceToken,
  ZPairingRequest,
} from '@screenline/shared/pairing';
import {
  BEARER_TRANSPORT_HEADER,
  MAX_PASSWORD_LENGTH,
  ZPasswordPolicy,
} from '@screenline/shared/auth';
import { API } from '@screenline/shared/api-paths';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from './auth';
import { findNulInRequest, nulRefusal } from './auth-rules';
import { createPairingGrants } from '../player/pairing-grants';
import { createPairingRepository } from './pairing.repository';
import { createPairingService } from './pairing.service';

/**
 * Mounts Better Auth's standard routes at /api/auth/* and serves the password policy and, for
 * /pair, what a claimed code's TV is (issue 18 item 1).
 */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, db, access } = app.deps;
  const pairing = createPairingService(
    createPairingRepository(db),
    createPairingGrants(db),
    access,
  );
  const codeRequestOf = async (body: unknown) => {
    const parsed = ZDeviceCodeField.safeParse(body);
    return parsed.success ? pairing.findCodeRequest(parsed.data.device_code) : undefined;
  };

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
      config: config.authRateLimit ? { rateLimit: AUTH_MOUNT_RATE_LIMIT } : {},
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
        const path = request.url.split('?')[0];
        // What asked for this code, read now: Better Auth deletes a code it redeems.
        const grantFrom =
          path === DEVICE_TOKEN_PATH ? await codeRequestOf(request.body) : undefined;
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
        const raw = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (response.status === 200 && raw && path === DEVICE_CODE_PATH) {
          const code = ZDeviceCode.safeParse(jsonOf(raw));
          if (code.success) {
            await pairing.recordCodeRequest(code.data.device_code, {
              userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
              ip: request.ip,
            });
          }
        }
        if (response.status === 200 && raw && path === DEVICE_TOKEN_PATH) {
          // The approved code's session never reaches the TV: a pairing grant does (issue 18).
          const granted = ZDeviceToken.safeParse(jsonOf(raw));
          const answer = granted.success
            ? await pairing.exchangeSessionForGrant(granted.data.access_token, grantFrom)
            : null;
          if (!answer) {
            return reply.status(400).send({
              error: 'invalid_grant',
              error_description: 'The approval is no longer valid. Pair the TV again.',
            });
          }
          return reply.header('content-type', 'application/json').send(answer);
        }
        if (
          response.status === 400 &&
          raw &&
          path === DEVICE_TOKEN_PATH &&
          prefersQuietPoll(request.headers.prefer)
        ) {
          // The TV player's poll: "not yet" is a normal answer, not an error (issue 21, lows).
          const error = ZDeviceError.safeParse(jsonOf(raw));
          if (error.success && isWaitError(error.data.error)) reply.status(202);
        }
        return reply.send(raw);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    API.pairingRequest,
    {
      schema: {
        tags: ['auth'],
        summary:
          'The TV behind a pairing code the caller claimed on /pair: what it is, where and when it asked',
        params: z.object({ userCode: z.string().max(20) }),
        response: { 200: ZPairingRequest, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => pairing.describe(await request.getPrincipal(), request.params.userCode),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    API.authPolicy,
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

const DEVICE_CODE_PATH = `${AUTH_BASE_PATH}/device/code`;
const DEVICE_TOKEN_PATH = `${AUTH_BASE_PATH}/device/token`;
/** A phone claiming (GET /device?user_code=) or deciding on a TV's code. */
const PAIRING_DECISION_PATHS = new Set([
  `${AUTH_BASE_PATH}/device`,
  `${AUTH_BASE_PATH}/device/approve`,
  `${AUTH_BASE_PATH}/device/deny`,
]);

const ZDeviceCodeField = z.object({ device_code: z.string().max(500) });

const isWaitError = (code: string) => (PAIRING_WAIT_ERRORS as readonly string[]).includes(code);

/** Whether the poll asked for "not yet" as 202 (`Prefer: pending-status=202`, RFC 7240). */
function prefersQuietPoll(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer ? [prefer] : [];
  return values
    .flatMap((value) => value.split(','))
    .some((preference) => preference.trim().toLowerCase() === PAIRING_POLL_PREFER);
}

function jsonOf(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Limits of the auth mount on top of Better Auth's own, which count per address and per path:
 *
 * - The reset link (`GET /api/auth/reset-password/{token}`) says whether a token is valid. Better
 *   Auth counts its limits per path, so a new guess is a new path and never limited: this counts
 *   every reset link per client address instead (ASVS V6.3.1).
 * - Pairing (issue 18 item 1): an account claims, approves or denies at most 30 codes in 10
 *   minutes, whatever address it comes from (Better Auth limits each address). Someone sent a
 *   stream of phishing links is not asked forever; an installer pairing a room of TVs is not
 *   stopped.
 *
 * No other auth request counts here. Exported for the tests.
 */
export const RESET_LINK_LIMIT = { max: 10, timeWindow: 60_000 } as const;
export const PAIRING_DECISION_LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;

const isResetLink = (request: { url: string; method: string }) =>
  request.method === 'GET' && request.url.startsWith(`${AUTH_BASE_PATH}/reset-password/`);
const isPairingDecision = (request: { url: string }) =>
  PAIRING_DECISION_PATHS.has(request.url.split('?')[0] ?? '');

export const AUTH_MOUNT_RATE_LIMIT = {
  max: (_request: FastifyRequest, key: string) =>
    key.startsWith('pairing:') ? PAIRING_DECISION_LIMIT.max : RESET_LINK_LIMIT.max,
  timeWindow: (_request: FastifyRequest, key: string) =>
    key.startsWith('pairing:') ? PAIRING_DECISION_LIMIT.timeWindow : RESET_LINK_LIMIT.timeWindow,
  keyGenerator: async (request: FastifyRequest) => {
    if (!isPairingDecision(request)) return `reset-link:${request.ip}`;
    const user = await request.getUser();
    // Anonymous: Better Auth answers 401 without looking at the code; count the address.
    return user ? `pairing:user:${user.id}` : `pairing:ip:${request.ip}`;
  },
  allowList: (request: FastifyRequest) => !isResetLink(request) && !isPairingDecision(request),
};

/** Whether this is a password sign-in that asked for its session token as a bearer token. */
function wantsBearerToken(url: string, headers: Record<string, string | string[] | undefined>) {
  const path = url.split('?')[0];
  return (
    path === `${AUTH_BASE_PATH}/sign-in/email` &&
    headers[BEARER_TRANSPORT_HEADER]?.toString().trim().toLowerCase() === 'bearer'
  );
}
