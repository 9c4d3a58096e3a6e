import { z } from 'zod';
import { text } from './text';

/** POST /api/v1/analytics/page-views: sent on every change of path + query (SPEC §1). */
export const ZPageView = z.object({
  path: text().min(1).max(2048).startsWith('/'),
  title: text().max(300),
});
export type TPageView = z.infer<typeof ZPageView>;

/** GET /api/v1/admin/page-views: views per path, most viewed first. */
export const ZPageViewStat = z.object({
  path: text(),
  views: z.number().int(),
  lastViewedAt: text(),
  lastTitle: text(),
});
export const ZPageViewStats = z.object({ items: z.array(ZPageViewStat) });
export type TPageViewStat = z.infer<typeof ZPageViewStat>;
