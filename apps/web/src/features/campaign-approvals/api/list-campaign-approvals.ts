import { useQuery } from '@tanstack/react-query';
import { ZCampaignApprovalList } from '@screenline/shared/approval';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { APPROVALS_QUERY_KEY } from '@/features/campaign-approvals/api/approvals-query-key';

/** GET /api/v1/campaign-approvals: every live campaign on the owner's spaces, waiting first. */
export function useCampaignApprovals() {
  return useQuery({
    queryKey: [...APPROVALS_QUERY_KEY, 'queue'],
    queryFn: ({ signal }) => apiRequest(API.campaignApprovals, ZCampaignApprovalList, { signal }),
  });
}
