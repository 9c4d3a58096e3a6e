import type { IncomingMessage } from 'node:http';
import { API } from '@screenline/shared/api-paths';
import type { TEarlyAnswer, TEarlyReply } from '../../lib/early-answers';
import type { TDeviceActor } from '../../lib/actor';
import { isNotModified } from '../../lib/conditional-get';
import { deviceTokenOf, hashDeviceToken } from '../../lib/device-bearer';
import { PERMISSIONS, type TRule } from '../access/permissions';
import type { TServedFills } from '../proof-of-play/served-fills';
import type { TDeviceDirectory } from './device-directory';
import type { TManifestService } from './manifest';

/** The path the early answer serves; with a query string or another method, the route does. */
export const MANIFEST_PATH: string = API.playerManifest;

interface TWindow {
  count: number;
  resetAtMs: number;
}

/**
 * The fleet's steady state answered before Fastify (issue 19 item 1): a TV polling its manifest
 * with the ETag it holds, when its device token is in the device directory's cache and its ad
 * space's manifest in the manifest cache, gets the 304 the route would send, without routing,
 * hooks, a promise or the database. Anything else returns null and takes the route unchanged:
 * another path or method, a query string, no or an unknown device token, a token not cached
 * (revoked tokens are evicted at once over the instance bus, so they are never found here), a
 * manifest not cached, an ETag that does not match (the route answers 200), a TV past its limit.
 *
 * The same 304 as the route's (the API test compares them header by header): the security
 * headers (added by lib/early-answers.ts), ETag, `Cache-Control: no-store`, and the rate-limit
 * headers. What the route records is recorded: the fill the TV still holds (billing).
 *
 * Rate limit: the route's limit (`limit`, per device token) is counted here in this process, in
 * the same fixed windows as @fastify/rate-limit's, and its headers tell that count. A TV past it
 * in a window takes the route for the rest of the window, whose limiter (shared over Redis with
 * REDIS_URL) answers 429 once the route's own count passes it too. So a runaway TV is refused
 * after at most twice the limit in a window on one instance (once the limit on each instance it
 * reaches, with several), not once. Accepted: such a 304 costs less than the 429 that would
 * refuse it and reads nothing, and a Redis round trip per poll would cost more than the 304.
 * docs/decisions.md, "The manifest poll answered before Fastify".
 */
export function createManifestEarlyAnswer(options: {
  devices: Pick<TDeviceDirectory, 'peekByTokenHash'>;
  manifests: Pick<TManifestService, 'peek'>;
  servedFills: Pick<TServedFills, 'stillServed'>;
  limit: { max: number; timeWindow: number };
  now?: () => number;
}): { answer: TEarlyAnswer; close(): void } {
  const { devices, manifests, servedFills, limit } = options;
  const now = options.now ?? (() => Date.now());
  // Only while a device may read its manifest with nothing else to check (no resource, no role).
  const rule: TRule = PERMISSIONS['player.manifest.read'];
  const isAdmitted = rule.principals.includes('device') && rule.resource === undefined;
  const windows = new Map<string, TWindow>();
  // Windows that ended are dropped once per window: at most one entry per cached token remains.
  const sweep = setInterval(() => {
    const nowMs = now();
    for (const [key, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(key);
  }, limit.timeWindow);
  sweep.unref();

  /** Counts the request in the token's window; null once the token is past the limit. */
  function count(hash: string): TWindow | null {
    const nowMs = now();
    let window = windows.get(hash);
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + limit.timeWindow };
      windows.set(hash, window);
    }
    if (window.count >= limit.max) return null;
    window.count += 1;
    return window;
  }

  function answer(request: IncomingMessage): TEarlyReply | null {
    if (!isAdmitted || request.method !== 'GET' || request.url !== MANIFEST_PATH) return null;
    const ifNoneMatch = request.headers['if-none-match'];
    if (!ifNoneMatch || ifNoneMatch.length > 2000) return null;
    const token = deviceTokenOf(request.headers.authorization);
    if (!token) return null;
    const hash = hashDeviceToken(token);
    const device: TDeviceActor | null = devices.peekByTokenHash(hash);
    if (!device) return null;
    const manifest = manifests.peek(device.adSpaceId);
    if (!manifest) return null;
    const etag = `"${manifest.version}"`;
    // What a TV sends (the ETag it holds) first; lists, weak validators and `*` as the route does.
    if (ifNoneMatch !== etag && !isNotModified(ifNoneMatch, manifest.version)) return null;
    const window = count(hash);
    if (!window) return null;
    if (manifest.servedFill) servedFills.stillServed(device, manifest.version, manifest.servedFill);
    return {
      status: 304,
      headers: {
        'x-ratelimit-limit': String(limit.max),
        'x-ratelimit-remaining': String(limit.max - window.count),
        'x-ratelimit-reset': String(Math.ceil((window.resetAtMs - now()) / 1000)),
        etag,
        // What the security plugin's onSend gives every /api/v1 answer: a token's answer stays
        // out of every cache.
        'cache-control': 'no-store',
      },
    };
  }

  return { answer, close: () => clearInterval(sweep) };
}
