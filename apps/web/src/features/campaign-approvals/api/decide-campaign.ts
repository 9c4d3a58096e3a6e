import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCampaignApproval, type TCampaignApprovalDecision } from '@screenline/shared/approval';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { APPROVALS_QUERY_KEY } from '@/features/campaign-approvals/api/approvals-query-key';

/** POST /api/v1/ad-spaces/{adSpaceId}/campaign-approvals/{campaignId}: approve or decline. */
export function useDecideCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      adSpaceId,
      campaignId,
      body,
    }: {
      adSpaceId: string;
      campaignId: string;
      body: TCampaignApprovalDecision;
    }) =>
      apiRequest(
        apiPath(API.adSpaceCampaignApproval, { adSpaceId, campaignId }),
        ZCampaignApproval,
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY }),
  });
}
