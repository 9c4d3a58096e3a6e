import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

/** GET /api/v1/ad-spaces: one page of the owner's ad spaces, those with `tag` when given. */
export function listAdSpaces(cursor?: string, signal?: AbortSignal, tag?: string | null) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  if (tag) params.set('tag', tag);
  return apiRequest(apiPath(API.adSpaces, {}, params), ZAdSpaceList, { signal });
}

export function adSpaceListQueryOptions(tag: string | null = null) {
  return infiniteQueryOptions({
    queryKey: [...AD_SPACES_QUERY_KEY, 'list', { tag }],
    queryFn: ({ pageParam, signal }) => listAdSpaces(pageParam, signal, tag),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // "Last seen" and "playing now" move with the clock and the TVs' heartbeats.
    refetchInterval: 60_000,
  });
}

export function useAdSpaceList(tag: string | null = null) {
  return useInfiniteQuery(adSpaceListQueryOptions(tag));
}
