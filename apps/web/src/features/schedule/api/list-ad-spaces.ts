import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import { fetchAllPages } from '@/lib/list-all';

/** Every ad space query starts with this key (the ad spaces page invalidates it too). */
export const AD_SPACES_QUERY_KEY = ['ad-spaces'] as const;

/** GET /api/v1/ad-spaces, every page: the picker lists all of the owner's spaces. */
export const allAdSpacesQueryOptions = queryOptions({
  queryKey: [...AD_SPACES_QUERY_KEY, 'all'],
  queryFn: ({ signal }) => fetchAllPages('/api/v1/ad-spaces?limit=100', ZAdSpaceList, signal),
});

export function useAllAdSpaces() {
  return useQuery(allAdSpacesQueryOptions);
}
