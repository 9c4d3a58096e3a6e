import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApprovalPolicy,
  ZApprovalPolicyList,
  ZCampaignApproval,
  ZCampaignApprovalList,
  type TApprovalPolicyInput,
  type TCampaignApprovalDecision,
} from '@screenline/shared/approval';
import { apiRequest } from '@/lib/api-client';

/** Every owner-approval query starts with this key; a save or a decision refreshes them all. */
export const APPROVALS_QUERY_KEY = ['campaign-approvals'] as const;

/** GET /api/v1/approval-policies: how each of the owner's spaces approves campaigns. */
export function useApprovalPolicies() {
  return useQuery({
    queryKey: [...APPROVALS_QUERY_KEY, 'policies'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/approval-policies', ZApprovalPolicyList, { signal }),
  });
}

/** GET /api/v1/campaign-approvals: every live campaign on the owner's spaces, waiting first. */
export function useCampaignApprovals() {
  return useQuery({
    queryKey: [...APPROVALS_QUERY_KEY, 'queue'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/campaign-approvals', ZCampaignApprovalList, { signal }),
  });
}

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
        `/api/v1/ad-spaces/${encodeURIComponent(adSpaceId)}/campaign-approvals/${encodeURIComponent(campaignId)}`,
        ZCampaignApproval,
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY }),
  });
}
