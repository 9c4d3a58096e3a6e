import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { body } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Paths that belong to the API and the storage service: never answered with the web app. */
const API_PREFIXES = ['/api/', '/v0/', '/q/', '/dev/'];

/**
 * Hosting per SPEC §9: built files are served as they are, `/assets/*` (and `/tv/assets/*`)
 * cached for a year as immutable, and every other path answered with the app's index.html,
 * never cached. /tv and below belong to the player, the rest to the web app.
 */
export const hostingPlugin = fp(async (app: FastifyInstance) => {
  const { webDist, playerDist } = app.deps.config;
  const apps = [
    { prefix: '/tv/', root: playerDist, name: 'player' },
    { prefix: '/', root: webDist, name: 'web app' },
  ].map((a) => ({ ...a, built: fs.existsSync(path.join(a.root, 'index.html')) }));

  for (const [i, site] of apps.entries()) {
    if (!site.built) {
      app.log.warn(`${site.name} is not built (${site.root}); run \`npm run build\``);
      continue;
    }
    await app.register(fastifyStatic, {
      root: site.root,
      prefix: site.prefix,
      decorateReply: i === apps.findIndex((a) => a.built),
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(site.root, filePath);
        res.header('cache-control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const site = apps.find((a) => url === a.prefix.replace(/\/$/, '') || url.startsWith(a.prefix));
    if (!site?.built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Screenline is not built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    const html = await fs.promises.readFile(path.join(site.root, 'index.html'));
    return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p));
    // A missing hashed asset is a 404, never an HTML page a browser would try to run as a script.
    const isAsset = /\/assets\//.test(url);
    if (isPage && !isAsset) return sendIndex(request, reply);
    return reply.status(404).send(body('not-found', `Nothing lives at ${request.method} ${url}.`));
  });
});
