/**
 * The names the page and the service worker (src/sw.ts) share: the Cache Storage caches and the
 * URLs media files are kept and played under (apps/player/README.md, "The TV player").
 */

/** The player's entry page, kept by the service worker under one key for every /tv path. */
export const SHELL_CACHE = 'screenline-tv-shell';
/** Built, content-hashed files (/tv/assets/*), kept as they are (they never change). */
export const ASSETS_CACHE = 'screenline-tv-assets';
/** Media files, one entry per content hash (features/cache/media-cache.ts). */
export const MEDIA_CACHE = 'screenline-tv-media';
/** Every cache the player owns now. */
export const TV_CACHES = [SHELL_CACHE, ASSETS_CACHE, MEDIA_CACHE] as const;
/**
 * The player's caches start with this; the service worker deletes those of them that are not in
 * TV_CACHES (an older layout). The web app shares the origin's Cache Storage: its caches are
 * never touched.
 */
export const TV_CACHE_PREFIX = 'screenline-tv-';

/** Where the player lives; the service worker's scope (`/tv` and everything below it). */
export const TV_PREFIX = '/tv';
/** The one key the entry page is kept under, whichever /tv path loaded it. */
export const SHELL_KEY = '/tv/';
/** Media are played from here: `/tv/media/<key>`, answered from the media cache only. */
export const MEDIA_PREFIX = '/tv/media/';
/** Downloads in progress: `/tv/media/tmp/<key>`, promoted to `/tv/media/<key>` once checked. */
export const MEDIA_TMP_PREFIX = '/tv/media/tmp/';

/**
 * A media file's cache key: its MD5 as base64url (no padding), from the base64 MD5 the storage
 * service computed. Null when `md5` is not the base64 of 16 bytes.
 */
export function mediaKeyOf(md5: string): string | null {
  if (!/^[A-Za-z0-9+/]{22}(==)?$/.test(md5)) return null;
  return md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;
export const mediaTmpUrl = (key: string) => `${MEDIA_TMP_PREFIX}${key}`;

/** A media cache entry's URL (absolute or a path) read back: its key and whether it is a temp. */
export function parseMediaUrl(url: string): { key: string; isTemp: boolean } | null {
  const pathname = url.startsWith('/') ? url : new URL(url).pathname;
  const match = /^\/tv\/media\/(tmp\/)?([A-Za-z0-9_-]{22})$/.exec(pathname);
  if (!match?.[2]) return null;
  return { key: match[2], isTemp: Boolean(match[1]) };
}
