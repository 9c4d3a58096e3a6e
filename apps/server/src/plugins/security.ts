import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ZApiError } from '@screenline/shared/errors';

/**
 * Security headers for every response, including a Content-Security-Policy the built apps
 * satisfy (no inline scripts; inline styles are allowed because React style attributes and
 * the toast library use them), and opt-in rate limits for product routes (auth routes have
 * Better Auth's own).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  await app.register(helmet, {
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
        ...(config.publicUrl.startsWith('https://')
          ? { upgradeInsecureRequests: [] }
          : { upgradeInsecureRequests: null }),
      },
    },
    // Media and downloads are fetched by the player from the same origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(rateLimit, { global: false });

  // Every route with a rate limit says so in the OpenAPI document: the 429 it may answer.
  app.addHook('onRoute', (route) => {
    if (!isRateLimited(route.config)) return;
    const schema = route.schema ?? {};
    const response = typeof schema.response === 'object' && schema.response ? schema.response : {};
    route.schema = { ...schema, response: { ...response, 429: ZApiError } };
  });

  // Tokens and private data must not stay in a browser's or a proxy's cache: the auth routes,
  // the product API and the storage service's JSON answers (metadata). Media downloads keep
  // the policy the storage service set for them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivateResponse(request.url, reply.getHeader('content-type'))) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

function isRateLimited(config: unknown): boolean {
  if (typeof config !== 'object' || config === null || !('rateLimit' in config)) return false;
  const { rateLimit: limit } = config;
  return typeof limit === 'object' && limit !== null;
}

function isPrivateResponse(url: string, contentType: unknown): boolean {
  if (url.startsWith('/api/auth/') || url.startsWith('/api/v1/')) return true;
  if (!url.startsWith('/v0/')) return false;
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
