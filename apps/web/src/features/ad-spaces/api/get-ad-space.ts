import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdSpace } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

/** GET /api/v1/ad-spaces/{id}: one space, for a link to a space not on the list's pages yet. */
export function getAdSpace(id: string, signal?: AbortSignal) {
  return apiRequest(apiPath(API.adSpace, { id }), ZAdSpace, { signal });
}

export function useAdSpace(id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: [...AD_SPACES_QUERY_KEY, 'one', id ?? ''],
      queryFn: ({ signal }) => getAdSpace(id ?? '', signal),
    }),
    enabled: id !== null,
  });
}
