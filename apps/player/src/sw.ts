/**
 * The TV player's service worker (issue 8 items 5 and 6), served as /tv/sw.js and registered by
 * main.tsx with the scope /tv, so a TV that reboots with no network still starts the player and
 * plays what it has cached. Built on its own as one classic script (vite.sw.config.ts; Chromium
 * 68/69 have no module service workers) for Chromium 68, and checked by scripts/legacy-syntax.mjs.
 *
 * - The entry page (any /tv navigation): network first, the cached copy after 3 s without an
 *   answer or when the network fails. Every /tv path is the same page, kept under one key.
 * - /tv/assets/* (content-hashed, never changed): cache first. The current build's files are
 *   fetched at install, so the first load works offline without having gone through here;
 *   files of older builds are dropped when a new worker takes over.
 * - /tv/media/<key>: the media cache only (features/cache/media-cache.ts), with Range requests
 *   answered as 206 from the cached file (workbox-range-requests); nothing here is ever stored.
 * Everything else (the API, storage downloads, the event stream) goes to the network untouched.
 */
import { clientsClaim } from 'workbox-core';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  MEDIA_CACHE,
  MEDIA_PREFIX,
  mediaUrl,
  parseMediaUrl,
  SHELL_CACHE,
  SHELL_KEY,
  TV_CACHE_PREFIX,
  TV_CACHES,
  TV_PREFIX,
} from './lib/tv-caches';

/** What this worker uses of its global scope. */
interface TWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
const worker = self as unknown as TWorkerScope;

const ASSETS_PREFIX = `${TV_PREFIX}/assets/`;
/** How long a navigation waits for the network before the cached page is used. */
const NETWORK_TIMEOUT_SECONDS = 3;
const SHELL_ASSETS = new Set(__SHELL_ASSETS__);

const isOwnOrigin = (url: URL) => url.origin === worker.location.origin;
const isPlayerPath = (pathname: string) =>
  pathname === TV_PREFIX || pathname.startsWith(`${TV_PREFIX}/`);

/** The current build's page and files, so the next start works with no network. */
async function keepShell(): Promise<void> {
  const assets = await caches.open(ASSETS_CACHE);
  const have = new Set((await assets.keys()).map((request) => new URL(request.url).pathname));
  await Promise.all(
    [...SHELL_ASSETS].filter((url) => !have.has(url)).map((url) => assets.add(url)),
  );
  const page = await fetch(SHELL_KEY, { cache: 'no-store', credentials: 'omit' });
  if (page.ok) await (await caches.open(SHELL_CACHE)).put(SHELL_KEY, page);
}

/** Drops the files of older builds and any player cache of an older layout. */
async function dropOldShell(): Promise<void> {
  for (const name of await caches.keys()) {
    const isOurs = name.startsWith(TV_CACHE_PREFIX);
    if (isOurs && !(TV_CACHES as readonly string[]).includes(name)) await caches.delete(name);
  }
  const assets = await caches.open(ASSETS_CACHE);
  for (const request of await assets.keys()) {
    if (!SHELL_ASSETS.has(new URL(request.url).pathname)) await assets.delete(request);
  }
}

worker.addEventListener('install', (event) => {
  // A new build takes over at once: the TV has nobody to click "reload".
  event.waitUntil(keepShell().then(() => worker.skipWaiting()));
});
worker.addEventListener('activate', (event) => {
  event.waitUntil(dropOldShell());
});
// The page that registered this worker is controlled at once, not from its next load.
clientsClaim();

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    isOwnOrigin(url) &&
    isPlayerPath(url.pathname) &&
    !url.pathname.startsWith(ASSETS_PREFIX) &&
    !url.pathname.startsWith(MEDIA_PREFIX),
  new NetworkFirst({
    cacheName: SHELL_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [{ cacheKeyWillBeUsed: async () => SHELL_KEY }],
  }),
);

registerRoute(
  ({ url }) => isOwnOrigin(url) && url.pathname.startsWith(ASSETS_PREFIX),
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

registerRoute(
  ({ url }) => isOwnOrigin(url) && url.pathname.startsWith(MEDIA_PREFIX),
  async ({ request, url }) => {
    const parsed = parseMediaUrl(url.pathname);
    const cached =
      parsed && !parsed.isTemp
        ? await (await caches.open(MEDIA_CACHE)).match(mediaUrl(parsed.key))
        : undefined;
    if (!cached) {
      return new Response('This file is not in the TV’s cache.', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    // Video elements ask for ranges; the 206 is made from the cached file and never stored.
    return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
  },
);
