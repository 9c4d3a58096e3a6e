import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { fetchAllPages } from '@/lib/list-all';

/**
 * Every ad-space query starts with this key: a change to a space, its location, its group or its
 * schedule invalidates it, and every feature that shows spaces reads under it.
 */
export const AD_SPACES_QUERY_KEY = ['ad-spaces'] as const;

/** GET /api/v1/ad-spaces, every page (each with what it plays now): the owner's spaces, whole. */
export const allAdSpacesQueryOptions = queryOptions({
  queryKey: [...AD_SPACES_QUERY_KEY, 'all'],
  queryFn: ({ signal }) =>
    fetchAllPages(apiPath(API.adSpaces, {}, { limit: 100 }), ZAdSpaceList, signal),
});

export function useAllAdSpaces({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...allAdSpacesQueryOptions, enabled: isEnabled });
}
