import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: reset, verification and download tokens, the device
 * grant's codes. Whoever reads the request log must not be able to use them.
 */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'user_code',
  'device_code',
  'code',
  'access_token',
  'refresh_token',
]);

/** Path segments that are secrets themselves: `/api/auth/reset-password/:token`. */
const SECRET_PATH = /^(\/api\/auth\/reset-password\/)[^/?#]+/;

/** The URL as the request log shows it: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return redactedPath;
  // Rebuilt by hand rather than through URLSearchParams so that everything but the secret values
  // stays byte for byte as the client sent it.
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; it cannot name a key we redact.
      }
      return eq !== -1 && SECRET_QUERY_KEYS.has(key.toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Fastify's default `req` serializer with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
