import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZCampaign, type TCampaign } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest, apiSend } from '@/lib/api-client';
import { useIdempotentMutation } from '@/lib/idempotency';
import { CAMPAIGNS_QUERY_KEY } from '@/features/ad-campaigns/api/list-campaigns';
import { campaignPath, campaignQueryKey } from '@/features/ad-campaigns/api/get-campaign';

/** State changes that move no money, each a POST /api/v1/campaigns/{id}/{action}. */
export type TCampaignAction = 'submit' | 'pause' | 'resume';

const ACTION_PATHS = {
  submit: API.campaignSubmit,
  pause: API.campaignPause,
  resume: API.campaignResume,
} as const satisfies Record<TCampaignAction, string>;

function refresh(queryClient: QueryClient, campaign: TCampaign) {
  queryClient.setQueryData(campaignQueryKey(campaign.id), campaign);
  return queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TCampaignAction }) =>
      apiRequest(apiPath(ACTION_PATHS[action], { id }), ZCampaign, { method: 'POST' }),
    onSuccess: (campaign) => refresh(queryClient, campaign),
  });
}

/**
 * POST /api/v1/campaigns/{id}/cancel: returns what is left of the hold to the wallet, so it
 * carries an Idempotency-Key, the same on every retry until it succeeds.
 */
export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    request: (id: string) => ({
      path: apiPath(API.campaignCancel, { id }),
      body: undefined,
      schema: ZCampaign,
    }),
    onSuccess: (campaign) => refresh(queryClient, campaign),
  });
}

/** DELETE /api/v1/campaigns/{id}: a draft only. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend(campaignPath(id), { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: campaignQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_QUERY_KEY, 'list'] });
    },
  });
}
