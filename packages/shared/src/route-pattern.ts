/**
 * A route pattern of the web app's router, as page views carry it (issue 21):
 * `/advertiser/playlists/edit/:playlistId`, `/help/tv/*`, `/*` for a path no page matches.
 * Static and `:param` segments and a trailing `*`; never an id or a query string. Plain, without
 * zod, so the web app's first page checks it without loading a schema library.
 */
export const ROUTE_PATTERN = /^\/(?:(?::?[A-Za-z0-9_.~-]+)(?:\/:?[A-Za-z0-9_.~-]+)*(?:\/\*)?|\*)?$/;

/** What the web app reports as the route of a path no page matches (its not-found page). */
export const PAGE_VIEW_UNKNOWN_ROUTE = '/*';

/** The longest pattern kept. */
export const ROUTE_PATTERN_MAX = 300;

export function isRoutePattern(value: string): boolean {
  return value.length <= ROUTE_PATTERN_MAX && ROUTE_PATTERN.test(value);
}
