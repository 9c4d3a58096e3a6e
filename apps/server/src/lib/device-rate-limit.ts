import type { FastifyRequest } from 'fastify';
import { deviceTokenOf, hashDeviceToken } from './device-bearer';

/** The rate-limit key: the device token's hash, or the address when there is none. */
function deviceKeyOf(request: FastifyRequest): string {
  const token = deviceTokenOf(request.headers.authorization);
  return token ? `device:${hashDeviceToken(token)}` : `ip:${request.ip}`;
}

/**
 * A route's rate limit counted per device token, not per address (a venue's TVs share one): the
 * routes a TV calls, in the player and fleet modules.
 */
export const limited = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: { ...limit, keyGenerator: deviceKeyOf },
});
