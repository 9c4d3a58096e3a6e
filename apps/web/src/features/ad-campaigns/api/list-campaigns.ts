import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZCampaignList, type TCampaignStatus } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * Every campaign query starts with this key: a change to one campaign refreshes the lists, the
 * campaign and its results.
 */
export const CAMPAIGNS_QUERY_KEY = ['campaigns'] as const;

/** GET /api/v1/campaigns?status=: one page of the buyer's own campaigns. */
export function listCampaigns(
  status: TCampaignStatus | null,
  cursor?: string,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ limit: '50' });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.campaigns, {}, params), ZCampaignList, { signal });
}

export function useCampaignList(status: TCampaignStatus | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...CAMPAIGNS_QUERY_KEY, 'list', status ?? 'all'],
      queryFn: ({ pageParam, signal }) => listCampaigns(status, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // Another status keeps the last list on screen until its own arrives.
      placeholderData: keepPreviousData,
    }),
  );
}
