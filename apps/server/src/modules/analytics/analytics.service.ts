import { z } from 'zod';
import {
  PAGE_VIEW_DEFAULT_DAYS,
  type TPageView,
  type TPageViewRoutes,
  type TPageViewVariants,
  type ZPageViewRangeQuery,
  type ZPageViewVariantsQuery,
} from '@screenline/shared/analytics';
import type { TPrincipal, TSessionUser } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TAnalyticsRepository, TGroupPosition, TPageViewWindow } from './analytics.repository';

type TRangeQuery = z.output<typeof ZPageViewRangeQuery>;
type TVariantsQuery = z.output<typeof ZPageViewVariantsQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page's end and the window it counts, so later pages count the same views. */
const ZCursor = z.object({
  list: z.enum(['routes', 'variants']),
  route: z.string().max(2048).optional(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  views: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  key: z.string().max(2048),
});
type TCursor = z.infer<typeof ZCursor>;

/** Page views (SPEC §1): anyone records one; super-users read them per route and drill down. */
export function createAnalyticsService(
  repo: TAnalyticsRepository,
  access: TAccessPolicy,
  now: () => Date = () => new Date(),
) {
  async function recordPageView(viewer: TSessionUser | null, view: TPageView): Promise<void> {
    await repo.insertPageView({
      path: view.path,
      route: view.route ?? null,
      title: view.title,
      userId: viewer?.id ?? null,
    });
  }

  /** The window and position of a request: the cursor's, or from/to (default: the last 30 days). */
  function readPage(
    query: TRangeQuery,
    list: TCursor['list'],
    route?: string,
  ): TPageViewWindow & { after?: TGroupPosition } {
    if (!query.cursor) {
      const to = query.to ? new Date(query.to) : now();
      const from = query.from
        ? new Date(query.from)
        : new Date(to.getTime() - PAGE_VIEW_DEFAULT_DAYS * DAY_MS);
      if (from > to) throw new AppError('bad-request', '`from` must not be after `to`.');
      return { from, to };
    }
    const cursor = decodeCursor(ZCursor, query.cursor);
    const sameInstant = (given: string | undefined, held: string) =>
      given === undefined || Date.parse(given) === Date.parse(held);
    if (
      cursor.list !== list ||
      cursor.route !== route ||
      !sameInstant(query.from, cursor.from) ||
      !sameInstant(query.to, cursor.to)
    ) {
      throw new AppError(
        'bad-request',
        'The cursor belongs to another list or date range; start from the first page.',
      );
    }
    return {
      from: new Date(cursor.from),
      to: new Date(cursor.to),
      after: { views: cursor.views, key: cursor.key },
    };
  }

  function page<T extends { key: string; views: number }>(
    rows: T[],
    limit: number,
    window: TPageViewWindow,
    list: TCursor['list'],
    route?: string,
  ) {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? encodeCursor(ZCursor, {
            list,
            route,
            from: window.from.toISOString(),
            to: window.to.toISOString(),
            views: last.views,
            key: last.key,
          })
        : null;
    return {
      items,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      nextCursor,
    };
  }

  async function listRoutes(
    principal: TPrincipal | null,
    query: TRangeQuery,
  ): Promise<TPageViewRoutes> {
    await access.requireAccess(principal, 'analytics.read-all');
    const window = readPage(query, 'routes');
    const rows = await repo.listRoutes({ ...window, limit: query.limit + 1 });
    const result = page(rows.map(toGroup), query.limit, window, 'routes');
    return {
      ...result,
      items: result.items.map(({ key, ...group }) => ({ route: key, ...group })),
    };
  }

  async function listVariants(
    principal: TPrincipal | null,
    query: TVariantsQuery,
  ): Promise<TPageViewVariants> {
    await access.requireAccess(principal, 'analytics.read-all');
    const window = readPage(query, 'variants', query.route);
    const rows = await repo.listVariants(query.route, { ...window, limit: query.limit + 1 });
    const result = page(rows.map(toGroup), query.limit, window, 'variants', query.route);
    return {
      ...result,
      route: query.route,
      items: result.items.map(({ key, views, lastViewedAt, lastTitle }) => ({
        path: key,
        views,
        lastViewedAt,
        lastTitle,
      })),
    };
  }

  return { recordPageView, listRoutes, listVariants };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;

function toGroup(row: {
  key: string;
  views: number;
  variants: number;
  lastViewedAt: Date | null;
  lastTitle: string;
}) {
  return {
    key: row.key,
    views: Number(row.views),
    variants: Number(row.variants),
    lastViewedAt: new Date(row.lastViewedAt ?? 0).toISOString(),
    lastTitle: row.lastTitle,
  };
}
