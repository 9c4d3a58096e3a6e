import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZApprovalPolicy, type TApprovalPolicyInput } from '@screenline/shared/approval';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { APPROVALS_QUERY_KEY } from '@/features/campaign-approvals/api/approvals-query-key';

/** PUT /api/v1/ad-spaces/{id}/approval-policy. */
export function useSaveApprovalPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adSpaceId, body }: { adSpaceId: string; body: TApprovalPolicyInput }) =>
      apiRequest(apiPath(API.adSpaceApprovalPolicy, { id: adSpaceId }), ZApprovalPolicy, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY }),
  });
}
