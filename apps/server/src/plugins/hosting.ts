import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { body } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/**
 * The player's entry page is never stored at all: a TV browser (Chromium 68/69) may keep a
 * `no-cache` page and, offline or with a flaky network, start a stale entry point whose hashed
 * assets are gone. Offline start-up is the service worker's job, not the HTTP cache's.
 */
const NO_STORE = 'no-store';
/**
 * The player's pages send their origin with their own requests. Helmet's `no-referrer` (kept for
 * the web app) makes Chromium 68/69 send `Origin: null` even on a same-origin POST, and Better
 * Auth refuses a sign-in from `null` (issue 18 item 8: password sign-in on the TV failed with
 * 403). `same-origin` sends the origin and referrer to this server only, nothing to other sites;
 * checked in a real Chromium 69 (docs/decisions.md).
 */
const PLAYER_REFERRER_POLICY = 'same-origin';
/**
 * The player's service worker (apps/player/src/sw.ts), at the top of the player's build. A
 * browser checks it for updates on every navigation and, with `no-cache`, always asks the
 * server (a new build changes it). It controls `/tv` itself, the address TVs are set up with, as
 * well as `/tv/…`: `Service-Worker-Allowed` lets its scope reach one level above its folder.
 */
const SERVICE_WORKER = 'sw.js';
const SERVICE_WORKER_PATH = '/tv/sw.js';
const SERVICE_WORKER_SCOPE = '/tv';
/** Paths that belong to the API and the storage service: never answered with the web app. */
const API_PREFIXES = ['/api/', '/v0/', '/q/', '/dev/'];
/** Encodings the build writes beside each file (vite-plugin-compression2), best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type TEncoding = (typeof ENCODINGS)[number];
const EXTENSION: Record<TEncoding, string> = { br: '.br', gzip: '.gz' };

/** index.html as built, and its precompressed variants when the build wrote them. */
type TIndexPage = { identity: Buffer } & Partial<Record<TEncoding, Buffer>>;

/** Source maps are for debugging, never for the public (the player's build keeps them outside). */
const isSourceMap = (url: string) => url.endsWith('.map');

/**
 * Hosting per SPEC §9: built files are served as they are, `/assets/*` (and `/tv/assets/*`)
 * cached for a year as immutable, and every other path answered with the app's index.html,
 * never cached (the player's `no-store`). /tv and below belong to the player, the rest to the web
 * app. The build writes
 * brotli and gzip files beside each asset; the one the client accepts is sent (Vary:
 * Accept-Encoding). index.html is read once per process: a rebuild needs a restart.
 */
export const hostingPlugin = fp(async (app: FastifyInstance) => {
  const { webDist, playerDist } = app.deps.config;
  const apps = [
    {
      prefix: '/tv/',
      root: playerDist,
      name: 'player',
      pageCacheControl: NO_STORE,
      referrerPolicy: PLAYER_REFERRER_POLICY,
    },
    {
      prefix: '/',
      root: webDist,
      name: 'web app',
      pageCacheControl: NO_CACHE,
      referrerPolicy: null,
    },
  ].map((a) => ({ ...a, index: readIndexPage(a.root) }));

  for (const [i, site] of apps.entries()) {
    if (!site.index) {
      app.log.warn(`${site.name} is not built (${site.root}); run \`npm run build\``);
      continue;
    }
    await app.register(fastifyStatic, {
      root: site.root,
      prefix: site.prefix,
      decorateReply: i === apps.findIndex((a) => a.index),
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        const rel = path.relative(site.root, filePath);
        // Its type is JavaScript as for any .js file (a browser refuses any other for a worker).
        if (site.prefix === '/tv/' && rel.replace(/\.(br|gz)$/, '') === SERVICE_WORKER) {
          res.header('service-worker-allowed', SERVICE_WORKER_SCOPE);
        }
        const cacheControl = rel.startsWith(`assets${path.sep}`)
          ? IMMUTABLE
          : rel.replace(/\.(br|gz)$/, '') === 'index.html' // the precompressed file may be sent
            ? site.pageCacheControl
            : NO_CACHE;
        res.header('cache-control', cacheControl);
        if (site.referrerPolicy) res.header('referrer-policy', site.referrerPolicy);
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const site = apps.find((a) => url === a.prefix.replace(/\/$/, '') || url.startsWith(a.prefix));
    if (!site?.index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Screenline is not built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    const page = site.index;
    const offered = ENCODINGS.filter((encoding) => page[encoding]);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', offered);
    reply.header('cache-control', site.pageCacheControl).header('vary', 'accept-encoding');
    if (site.referrerPolicy) reply.header('referrer-policy', site.referrerPolicy);
    reply.type('text/html; charset=utf-8');
    const compressed = encoding ? page[encoding] : undefined;
    if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
    return reply.send(page.identity);
  };

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p));
    // A missing hashed asset is a 404, never an HTML page a browser would try to run as a script.
    const isAsset = /\/assets\//.test(url) || isSourceMap(url) || url === SERVICE_WORKER_PATH;
    if (isPage && !isAsset) return sendIndex(request, reply);
    return reply.status(404).send(body('not-found', `Nothing lives at ${request.method} ${url}.`));
  });
});

function readIndexPage(root: string): TIndexPage | null {
  const file = path.join(root, 'index.html');
  const read = (name: string) => (fs.existsSync(name) ? fs.readFileSync(name) : undefined);
  const identity = read(file);
  if (!identity) return null;
  const page: TIndexPage = { identity };
  for (const encoding of ENCODINGS) {
    const variant = read(file + EXTENSION[encoding]);
    if (variant) page[encoding] = variant;
  }
  return page;
}
