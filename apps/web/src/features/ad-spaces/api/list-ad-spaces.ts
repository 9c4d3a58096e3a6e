import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import { apiRequest } from '@/lib/api-client';

/**
 * Every ad-space query starts with this key. The locations feature refreshes it after a location
 * changes (ad spaces show their location's name), and this feature refreshes the locations key
 * after a space changes (locations count their spaces): features share keys, not code.
 */
export const AD_SPACES_QUERY_KEY = ['ad-spaces'] as const;
export const LOCATIONS_QUERY_KEY = ['locations'] as const;

/** GET /api/v1/ad-spaces: one page of the owner's ad spaces, those with `tag` when given. */
export function listAdSpaces(cursor?: string, signal?: AbortSignal, tag?: string | null) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  if (tag) params.set('tag', tag);
  return apiRequest(`/api/v1/ad-spaces?${params.toString()}`, ZAdSpaceList, { signal });
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
