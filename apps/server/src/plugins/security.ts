import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

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
});
