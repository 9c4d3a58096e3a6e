import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZAdminCampaignList, type TCampaignStatus } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** The filters of the super-users' campaigns list (both in the page's URL). */
export type TAdminCampaignFilter = { status: TCampaignStatus | null; q: string };

/** GET /api/v1/admin/campaigns?status=&q=: one page of every buyer's campaigns. */
export function listAdminCampaigns(
  filter: TAdminCampaignFilter,
  cursor?: string,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ limit: '50' });
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.adminCampaigns, {}, params), ZAdminCampaignList, {
    signal,
  });
}

export function useAdminCampaignList(filter: TAdminCampaignFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      // Under the campaigns' key: a decision on the approvals page refreshes this list too.
      queryKey: ['campaigns', 'admin', 'list', filter.status ?? 'all', filter.q],
      queryFn: ({ pageParam, signal }) => listAdminCampaigns(filter, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );
}
