import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  lte,
  max,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { pageView } from '../../db/schema/index';

/**
 * The route a view counts under: the router's pattern the web app reported (`/content/:id`), or,
 * for views recorded without one, the path without its query string (`/content?type=video` is
 * `/content`).
 */
const route = sql<string>`coalesce(${pageView.route}, split_part(${pageView.path}, '?', 1))`;
/** The title of the most recent view in the group. */
const lastTitle = sql<string>`(array_agg(${pageView.title} order by ${pageView.createdAt} desc))[1]`;

export interface TPageViewWindow {
  from: Date;
  to: Date;
}

/** Where a page of groups ended: groups come most viewed first, then by key. */
export interface TGroupPosition {
  views: number;
  key: string;
}

export function createAnalyticsRepository(db: TDb) {
  /** Groups by `key` within the window, most viewed first, after `after`, `limit` of them. */
  function groupedViews(
    key: SQL<string>,
    options: TPageViewWindow & { where?: SQL; after?: TGroupPosition; limit: number },
  ) {
    const { after } = options;
    return db
      .select({
        key,
        views: count(),
        variants: countDistinct(pageView.path),
        lastViewedAt: max(pageView.createdAt),
        lastTitle,
      })
      .from(pageView)
      .where(
        and(
          gte(pageView.createdAt, options.from),
          lte(pageView.createdAt, options.to),
          options.where,
        ),
      )
      .groupBy(key)
      .having(
        after
          ? sql`count(*) < ${after.views} or (count(*) = ${after.views} and ${key} > ${after.key})`
          : undefined,
      )
      .orderBy(desc(count()), asc(key))
      .limit(options.limit);
  }

  return {
    async insertPageView(values: {
      path: string;
      route: string | null;
      title: string;
      userId: string | null;
    }) {
      await db.insert(pageView).values(values);
    },

    /** Views per route. */
    listRoutes(options: TPageViewWindow & { after?: TGroupPosition; limit: number }) {
      return groupedViews(route, options);
    },

    /** Views per full path (ids and query string included) of one route. */
    listVariants(
      routeName: string,
      options: TPageViewWindow & { after?: TGroupPosition; limit: number },
    ) {
      return groupedViews(sql<string>`${pageView.path}`, {
        ...options,
        where: eq(route, routeName),
      });
    },
  };
}

export type TAnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
