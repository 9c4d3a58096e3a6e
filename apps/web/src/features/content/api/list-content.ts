import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZContentList, type ZContentListQuery } from '@screenline/shared/content';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

type TListQuery = z.output<typeof ZContentListQuery>;

/**
 * The list query of the shared contract, less the cursor (the infinite query pages with it); the
 * page size may be left to the server.
 */
export type TContentFilters = Omit<TListQuery, 'cursor' | 'limit'> &
  Partial<Pick<TListQuery, 'limit'>>;

/** Every content query starts with this key; invalidating it refreshes each list and item. */
export const CONTENT_QUERY_KEY = ['content'] as const;

/** GET /api/v1/content: one page of the signed-in user's library. */
export function listContent(filters: TContentFilters, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ sort: filters.sort, order: filters.order });
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.q) params.set('q', filters.q);
  if (filters.limit) params.set('limit', String(filters.limit));
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.content, {}, params), ZContentList, { signal });
}

export function contentListQueryOptions(filters: TContentFilters) {
  return infiniteQueryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => listContent(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useContentList(filters: TContentFilters) {
  return useInfiniteQuery(contentListQueryOptions(filters));
}
