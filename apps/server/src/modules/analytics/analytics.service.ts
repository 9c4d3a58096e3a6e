import type { TPageView, TPageViewStat } from '@screenline/shared/analytics';
import type { TActor, TSessionUser } from '../../lib/actor';
import { forbidden } from '../../lib/app-error';
import type { TAnalyticsRepository } from './analytics.repository';

/** Page views (SPEC §1): anyone records one; super-users read the totals. */
export function createAnalyticsService(repo: TAnalyticsRepository) {
  async function recordPageView(viewer: TSessionUser | null, view: TPageView): Promise<void> {
    await repo.insertPageView({ path: view.path, title: view.title, userId: viewer?.id ?? null });
  }

  async function listPageViewStats(actor: TActor): Promise<{ items: TPageViewStat[] }> {
    if (!actor.isSU) throw forbidden('Only super-users can do this.');
    const rows = await repo.listPathStats(500);
    return {
      items: rows.map((row) => ({
        path: row.path,
        views: Number(row.views),
        lastViewedAt: new Date(row.lastViewedAt ?? 0).toISOString(),
        lastTitle: row.lastTitle,
      })),
    };
  }

  return { recordPageView, listPageViewStats };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
