import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZLocationList } from '@screenline/shared/location';
import { apiRequest } from '@/lib/api-client';

/**
 * Every location query starts with this key. The ad-spaces feature lists locations under the
 * same key (features do not import each other), so a change here refreshes its pickers too.
 */
export const LOCATIONS_QUERY_KEY = ['locations'] as const;
/** Ad spaces show their location's name and city: a location change refreshes them. */
export const AD_SPACES_QUERY_KEY = ['ad-spaces'] as const;

/** GET /api/v1/locations: one page of the owner's locations, by name. */
export function listLocations(cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/v1/locations?${params.toString()}`, ZLocationList, { signal });
}

export const locationListQueryOptions = infiniteQueryOptions({
  queryKey: [...LOCATIONS_QUERY_KEY, 'list'],
  queryFn: ({ pageParam, signal }) => listLocations(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
});

export function useLocationList() {
  return useInfiniteQuery(locationListQueryOptions);
}
