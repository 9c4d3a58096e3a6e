import type { TPageView, TPageViewStat } from '@screenline/shared/analytics';
import type { TPrincipal, TSessionUser } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TAnalyticsRepository } from './analytics.repository';

/** Page views (SPEC §1): anyone records one; super-users read the totals. */
export function createAnalyticsService(repo: TAnalyticsRepository, access: TAccessPolicy) {
  async function recordPageView(viewer: TSessionUser | null, view: TPageView): Promise<void> {
    await repo.insertPageView({ path: view.path, title: view.title, userId: viewer?.id ?? null });
  }

  async function listPageViewStats(
    principal: TPrincipal | null,
  ): Promise<{ items: TPageViewStat[] }> {
    await access.requireAccess(principal, 'analytics.read-all');
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
