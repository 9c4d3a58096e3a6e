import { useQuery } from '@tanstack/react-query';
import { ZCampaignSpaceApprovals } from '@screenline/shared/approval';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@/features/ad-campaigns/api/list-campaigns';

/** GET /api/v1/campaigns/{id}/space-approvals: the campaign's standing on each targeted screen. */
export function useSpaceApprovals(id: string) {
  return useQuery({
    queryKey: [...CAMPAIGNS_QUERY_KEY, 'space-approvals', id],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.campaignSpaceApprovals, { id }), ZCampaignSpaceApprovals, { signal }),
  });
}
