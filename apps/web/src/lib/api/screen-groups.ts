import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZScreenGroupList } from '@screenline/shared/screen-group';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** Every screen-group query starts with this key (the ad spaces page changes groups). */
export const SCREEN_GROUPS_QUERY_KEY = ['screen-groups'] as const;

/** GET /api/v1/screen-groups: all of the owner's groups (at most 200) with their members. */
export const screenGroupsQueryOptions = queryOptions({
  queryKey: [...SCREEN_GROUPS_QUERY_KEY, 'all'],
  queryFn: ({ signal }) => apiRequest(API.screenGroups, ZScreenGroupList, { signal }),
  select: (list) => list.items,
});

export const useScreenGroups = () => useQuery(screenGroupsQueryOptions);
