import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZPageViewRoutes } from '@screenline/shared/analytics';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** The instants a report covers (ISO 8601). */
export type TPageViewRange = { from: string; to: string };

export const PAGE_VIEWS_QUERY_KEY = ['admin', 'page-views'] as const;

/** GET /api/v1/admin/page-views (super-users): one page of views per route, most viewed first. */
export function listPageViewRoutes(range: TPageViewRange, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams(range);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.adminPageViews, {}, params), ZPageViewRoutes, { signal });
}

export function pageViewRoutesQueryOptions(range: TPageViewRange) {
  return infiniteQueryOptions({
    queryKey: [...PAGE_VIEWS_QUERY_KEY, 'routes', range],
    queryFn: ({ pageParam, signal }) => listPageViewRoutes(range, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function usePageViewRoutes(range: TPageViewRange) {
  return useInfiniteQuery(pageViewRoutesQueryOptions(range));
}
