import { z } from 'zod';
import { ROUTE_PATTERN, ROUTE_PATTERN_MAX } from './route-pattern';
import { text } from './text';

export { PAGE_VIEW_UNKNOWN_ROUTE } from './route-pattern';

/** A route pattern of the web app's router (route-pattern.ts): `/content/:id`, `/help/*`. */
export const ZPageViewPattern = text()
  .max(ROUTE_PATTERN_MAX)
  .regex(ROUTE_PATTERN, 'must be a route pattern such as /content/:id');

/** POST /api/v1/analytics/page-views: sent on every change of path + query (SPEC §1). */
export const ZPageView = z.object({
  path: text().min(1).max(2048).startsWith('/'),
  title: text().max(300),
  /**
   * The router's pattern the path matched (`/content/:id`), so the report counts pages, not
   * each id; `/*` for a path no page matches. Absent from clients older than it: the report then
   * counts the path without its query string.
   */
  route: ZPageViewPattern.optional(),
});
export type TPageView = z.infer<typeof ZPageView>;

/** The window the admin report covers when none is given. */
export const PAGE_VIEW_DEFAULT_DAYS = 30;

const ZInstant = z.iso.datetime({ offset: true });

/**
 * GET /api/v1/admin/page-views?from=&to=&cursor=&limit=: the date range (default: the last
 * 30 days up to now) and the page. A cursor carries its range, so later pages count the same
 * window; `from`/`to` given with a cursor must be the cursor's.
 */
const ZRangeFields = z.object({
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  cursor: text().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const isOrdered = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const ORDER_ISSUE = { message: '`from` must not be after `to`', path: ['from'] };

export const ZPageViewRangeQuery = ZRangeFields.refine(isOrdered, ORDER_ISSUE);
export type TPageViewRangeQuery = z.input<typeof ZPageViewRangeQuery>;

/** A route: the path without its query string (`/content?type=video` counts as `/content`). */
export const ZPageViewRouteName = z
  .string()
  .min(1)
  .max(2048)
  .startsWith('/')
  .refine((route) => !route.includes('?') && !route.includes('\u0000'), {
    message: 'must be a path without a query string',
  });

/** GET /api/v1/admin/page-views/variants?route=…: the query-string variants of one route. */
export const ZPageViewVariantsQuery = ZRangeFields.extend({ route: ZPageViewRouteName }).refine(
  isOrdered,
  ORDER_ISSUE,
);
export type TPageViewVariantsQuery = z.input<typeof ZPageViewVariantsQuery>;

const ZRangeEcho = { from: z.string(), to: z.string(), nextCursor: z.string().nullable() };

export const ZPageViewRoute = z.object({
  route: z.string(),
  views: z.number().int(),
  /** Distinct paths (with query string) counted under this route. */
  variants: z.number().int(),
  lastViewedAt: z.string(),
  lastTitle: z.string(),
});
export type TPageViewRoute = z.infer<typeof ZPageViewRoute>;

/** Views per route in the range, most viewed first. */
export const ZPageViewRoutes = z.object({ ...ZRangeEcho, items: z.array(ZPageViewRoute) });
export type TPageViewRoutes = z.infer<typeof ZPageViewRoutes>;

export const ZPageViewVariant = z.object({
  path: z.string(),
  views: z.number().int(),
  lastViewedAt: text(),
  lastTitle: text(),
});
export type TPageViewVariant = z.infer<typeof ZPageViewVariant>;

export const ZPageViewVariants = z.object({
  ...ZRangeEcho,
  route: z.string(),
  items: z.array(ZPageViewVariant),
});
export type TPageViewVariants = z.infer<typeof ZPageViewVariants>;
