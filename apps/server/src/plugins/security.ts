import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ZApiError } from '@screenline/shared/errors';
import { API_V1_PREFIX } from '@screenline/shared/api-paths';
import { AppError } from '../lib/app-error';

/**
 * Security headers for every response, including a Content-Security-Policy the built apps
 * satisfy (no inline scripts; inline styles are allowed because React style attributes and
 * the toast library use them), opt-in rate limits for product routes (auth routes have
 * Better Auth's own), and the cross-site request check (`isCrossSiteWrite`). With REDIS_URL the
 * rate limits' counters live in Redis (under REDIS_PREFIX), so a limit holds across every
 * instance; without it, in this process.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  // Computed once here, set on every response by one hook: helmet itself rebuilt its middleware and
  // the header values on each request (about 13 % of `GET /api/v1/me`'s CPU, issue 19 item 4).
  const headers = securityHeaders(config.publicUrl);
  // Answers given before this hook could run (the manifest's 304) carry them too.
  app.deps.earlyAnswers.useCommonHeaders(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet did: a route or the static hosting setting its own value
    // (Referrer-Policy of the TV player's pages) replaces it.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, { global: false, ...sharedCounters(app) });

  // CSRF (ASVS V3.5): a state-changing request that carries cookies must say, in Origin, that it
  // comes from one of our own origins. Before any route runs, so a refused request changes nothing.
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteWrite(request.method, request.headers, config.trustedOrigins)) {
      throw new AppError(
        'forbidden',
        'This request did not come from a Screenline page (its Origin header is missing or foreign).',
      );
    }
  });

  // Every route with a rate limit says so in the OpenAPI document: the 429 it may answer.
  app.addHook('onRoute', (route) => {
    if (!isRateLimited(route.config)) return;
    const schema = route.schema ?? {};
    const response = typeof schema.response === 'object' && schema.response ? schema.response : {};
    route.schema = { ...schema, response: { ...response, 429: ZApiError } };
  });

  // Tokens and private data must not stay in a browser's or a proxy's cache: the auth routes,
  // the product API and the storage service's JSON answers (metadata). Media downloads keep
  // the policy the storage service set for them, and a route marked `cachesPrivately` (an image
  // for the lists' thumbnails, which says `private` itself) keeps its own.
  app.addHook('onSend', async (request, reply, payload) => {
    // Its refusals set no policy of their own: they get no-store like every other.
    const isOwnPolicy = String(reply.getHeader('cache-control') ?? '').startsWith('private');
    if (request.routeOptions.config.cachesPrivately === true && isOwnPolicy) return payload;
    if (isPrivateResponse(request.url, reply.getHeader('content-type'))) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

/**
 * helmet's options: a Content-Security-Policy the built apps satisfy, frames refused, and HSTS
 * when served over HTTPS. No directive is a function (a nonce, say): the headers are the same for
 * every request, which is what lets securityHeaders compute them once.
 */
function helmetOptions(publicUrl: string): HelmetOptions {
  const isHttps = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    // Media and downloads are fetched by the player from the same origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps,
  };
}

/**
 * The security headers of every response, as helmet sets them: its middleware run once against a
 * response that records what it sets. (It would also remove X-Powered-By, which Fastify never
 * sets.) Exported for the test that pins them.
 */
export function securityHeaders(publicUrl: string): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name.toLowerCase(), value]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(helmetOptions(publicUrl))(
    // Read only by directives that are functions, and there are none.
    {} as never,
    recorder as never,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw new Error('helmet refused the security header options', { cause: failure });
  return headers;
}

/**
 * The rate limits' Redis store: counters shared by every instance. While Redis is away the limits
 * are not applied (skipOnError) rather than every limited route failing: commands fail at once
 * (no offline queue) instead of waiting for Redis to come back.
 */
function sharedCounters(app: FastifyInstance) {
  const { config } = app.deps;
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  let warned = false;
  redis.on('error', (error) => {
    if (warned) return;
    warned = true;
    app.log.warn({ err: error }, 'the rate limits lost Redis: not applied until it is back');
  });
  redis.on('ready', () => {
    warned = false;
  });
  app.addHook('onReady', async () => {
    // Counted in Redis from the first request: wait for the connection (not for ever).
    if (redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (redis.status !== 'ready') {
      redis.disconnect();
      return;
    }
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request must be refused as possibly cross-site: it changes state (not GET, HEAD or
 * OPTIONS), it carries cookies (an ambient credential the browser adds by itself), and its Origin
 * is missing or not one of `trusted`. Browsers send Origin on every non-GET fetch and form post,
 * so our own pages always pass; a missing Origin is refused too (no Sec-Fetch-Site or Referer
 * fallback). A request with an Authorization header is exempt: a page on another site cannot set
 * that header without a CORS preflight this server never grants, and the credentials it carries
 * (the TV's device token, the storage JWT, a bearer session) are never added by a browser.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { cookie?: string | undefined; origin?: string | undefined; authorization?: string },
  trusted: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (!headers.cookie) return false;
  if (headers.authorization) return false;
  const origin = headers.origin;
  return typeof origin !== 'string' || !trusted.includes(origin);
}

function isRateLimited(config: unknown): boolean {
  if (typeof config !== 'object' || config === null || !('rateLimit' in config)) return false;
  const { rateLimit: limit } = config;
  return typeof limit === 'object' && limit !== null;
}

function isPrivateResponse(url: string, contentType: unknown): boolean {
  if (url.startsWith('/api/auth/') || url.startsWith(API_V1_PREFIX)) return true;
  if (!url.startsWith('/v0/')) return false;
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
