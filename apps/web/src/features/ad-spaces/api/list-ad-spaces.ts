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

/** GET /api/v1/ad-spaces: one page of the owner's ad spaces. */
export function listAdSpaces(cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/v1/ad-spaces?${params.toString()}`, ZAdSpaceList, { signal });
}

export const adSpaceListQueryOptions = infiniteQueryOptions({
  queryKey: [...AD_SPACES_QUERY_KEY, 'list'],
  queryFn: ({ pageParam, signal }) => listAdSpaces(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  // "Last seen" and "playing now" move with the clock and the TVs' heartbeats.
  refetchInterval: 60_000,
});

export function useAdSpaceList() {
  return useInfiniteQuery(adSpaceListQueryOptions);
}
