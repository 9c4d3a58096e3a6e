import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZLocationList } from '@screenline/shared/location';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/** GET /api/v1/locations: one page of the owner's locations, by name. */
export function listLocations(cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.locations, {}, params), ZLocationList, { signal });
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
