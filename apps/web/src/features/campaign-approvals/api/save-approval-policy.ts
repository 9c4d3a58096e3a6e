import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZApprovalPolicy, type TApprovalPolicyInput } from '@screenline/shared/approval';
import { apiRequest } from '@/lib/api-client';
import { APPROVALS_QUERY_KEY } from '@/features/campaign-approvals/api/approvals-query-key';

/** PUT /api/v1/ad-spaces/{id}/approval-policy. */
export function useSaveApprovalPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adSpaceId, body }: { adSpaceId: string; body: TApprovalPolicyInput }) =>
      apiRequest(
        `/api/v1/ad-spaces/${encodeURIComponent(adSpaceId)}/approval-policy`,
        ZApprovalPolicy,
        { method: 'PUT', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY }),
  });
}
