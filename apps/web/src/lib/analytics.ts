import type { TPageView } from '@screenline/shared/analytics';
import { isRoutePattern } from '@screenline/shared/route-pattern';
import { API } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';

/**
 * POST /api/v1/analytics/page-views. Analytics never disturbs the user: failures are only logged.
 * The body is cut to the schema's limits but not parsed here: the server validates it with ZPageView,
 * and parsing it on every page would put zod into the first page's JavaScript for nothing.
 */
export async function recordPageView(path: string, title: string, route?: string): Promise<void> {
  if (!path.startsWith('/')) return;
  const body: TPageView = { path: path.slice(0, 2048), title: title.slice(0, 300) };
  // A pattern the server would refuse would lose the view: it then counts under its path.
  if (route !== undefined && isRoutePattern(route)) body.route = route;
  try {
    await apiSend(API.analyticsPageViews, { method: 'POST', body });
  } catch (error) {
    console.debug('Page view not recorded', error);
  }
}

/**
 * Which page last set its title, so the page-view tracker reports a view only once the page the
 * user landed on has named itself (a lazy page and the profile read can take a while).
 */
let lastTitled: { path: string; title: string } | null = null;
const titleListeners = new Set<(path: string) => void>();

export function announcePageTitle(path: string, title: string): void {
  lastTitled = { path, title };
  for (const listener of titleListeners) listener(path);
}

export function hasPageTitle(path: string): boolean {
  return lastTitled?.path === path;
}

export function onPageTitle(listener: (path: string) => void): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}
