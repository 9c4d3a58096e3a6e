import { useQuery } from '@tanstack/react-query';
import { ZApprovalPolicyList } from '@screenline/shared/approval';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { APPROVALS_QUERY_KEY } from '@/features/campaign-approvals/api/approvals-query-key';

/** GET /api/v1/approval-policies: how each of the owner's spaces approves campaigns. */
export function useApprovalPolicies() {
  return useQuery({
    queryKey: [...APPROVALS_QUERY_KEY, 'policies'],
    queryFn: ({ signal }) => apiRequest(API.approvalPolicies, ZApprovalPolicyList, { signal }),
  });
}
