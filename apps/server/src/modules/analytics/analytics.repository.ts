import { count, desc, max, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { pageView } from '../../db/schema/index';

export function createAnalyticsRepository(db: TDb) {
  return {
    async insertPageView(values: { path: string; title: string; userId: string | null }) {
      await db.insert(pageView).values(values);
    },

    /** Views per path, most viewed first, with the title of the most recent view. */
    async listPathStats(limit: number) {
      const lastViewedAt = max(pageView.createdAt);
      return db
        .select({
          path: pageView.path,
          views: count(),
          lastViewedAt,
          lastTitle: sql<string>`(array_agg(${pageView.title} order by ${pageView.createdAt} desc))[1]`,
        })
        .from(pageView)
        .groupBy(pageView.path)
        .orderBy(desc(count()), desc(lastViewedAt))
        .limit(limit);
    },
  };
}

export type TAnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
