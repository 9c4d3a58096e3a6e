import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZPageViewVariants } from '@screenline/shared/analytics';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { PAGE_VIEWS_QUERY_KEY, type TPageViewRange } from './list-page-view-routes';

/** GET /api/v1/admin/page-views/variants: the query-string variants of one route. */
export function listPageViewVariants(
  route: string,
  range: TPageViewRange,
  cursor?: string,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ ...range, route });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.adminPageViewVariants, {}, params), ZPageViewVariants, {
    signal,
  });
}

export function pageViewVariantsQueryOptions(route: string, range: TPageViewRange) {
  return infiniteQueryOptions({
    queryKey: [...PAGE_VIEWS_QUERY_KEY, 'variants', route, range],
    queryFn: ({ pageParam, signal }) => listPageViewVariants(route, range, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function usePageViewVariants(route: string, range: TPageViewRange) {
  return useInfiniteQuery(pageViewVariantsQueryOptions(route, range));
}
