import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLocationList } from '@screenline/shared/location';
import { API, apiPath } from '@screenline/shared/api-paths';
import { fetchAllPages } from '@/lib/list-all';

/** Every location query starts with this key (ad spaces count under their location). */
export const LOCATIONS_QUERY_KEY = ['locations'] as const;

/** GET /api/v1/locations, every page. */
export const allLocationsQueryOptions = queryOptions({
  queryKey: [...LOCATIONS_QUERY_KEY, 'all'],
  queryFn: ({ signal }) =>
    fetchAllPages(apiPath(API.locations, {}, { limit: 100 }), ZLocationList, signal),
});

export const useAllLocations = () => useQuery(allLocationsQueryOptions);
