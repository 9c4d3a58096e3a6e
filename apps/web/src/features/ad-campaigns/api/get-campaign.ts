import { useQuery } from '@tanstack/react-query';
import { ZCampaign } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@/features/ad-campaigns/api/list-campaigns';

export const campaignPath = (id: string) => apiPath(API.campaign, { id });

/** GET /api/v1/campaigns/{id}: one of the buyer's campaigns with its history. */
export function getCampaign(id: string, signal?: AbortSignal) {
  return apiRequest(campaignPath(id), ZCampaign, { signal });
}

export const campaignQueryKey = (id: string) => [...CAMPAIGNS_QUERY_KEY, 'one', id] as const;

/** The campaign `id`, or nothing asked while `id` is null (a new campaign). */
export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: campaignQueryKey(id ?? ''),
    queryFn: ({ signal }) => getCampaign(id ?? '', signal),
    enabled: id !== null,
  });
}
