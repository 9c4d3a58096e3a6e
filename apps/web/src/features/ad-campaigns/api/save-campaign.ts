import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCampaign, type TCreateCampaign } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@/features/ad-campaigns/api/list-campaigns';
import { campaignPath, campaignQueryKey } from '@/features/ad-campaigns/api/get-campaign';

/** POST /api/v1/campaigns → 201 with the new draft. */
export function createCampaign(body: TCreateCampaign) {
  return apiRequest(API.campaigns, ZCampaign, { method: 'POST', body });
}

/** PATCH /api/v1/campaigns/{id} with every field (drafts and rejected campaigns only). */
export function updateCampaign(id: string, body: TCreateCampaign) {
  return apiRequest(campaignPath(id), ZCampaign, { method: 'PATCH', body });
}

/** POST /api/v1/campaigns/{id}/submit: sends it for review. */
export function submitCampaign(id: string) {
  return apiRequest(apiPath(API.campaignSubmit, { id }), ZCampaign, { method: 'POST' });
}

/**
 * Saves the wizard (a new draft, or the draft or rejected campaign `id`), then sends it for
 * review when `submit` is set. Saved but refused at submission, the draft stays saved: the
 * error carries the campaign so the wizard edits it from then on.
 */
export class SubmitAfterSaveError extends Error {
  override readonly name = 'SubmitAfterSaveError';
  constructor(
    readonly campaign: Awaited<ReturnType<typeof createCampaign>>,
    override readonly cause: unknown,
  ) {
    super('Saved, but not sent for review.');
  }
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      submit,
    }: {
      id: string | null;
      body: TCreateCampaign;
      submit: boolean;
    }) => {
      const saved = id === null ? await createCampaign(body) : await updateCampaign(id, body);
      if (!submit) return saved;
      try {
        return await submitCampaign(saved.id);
      } catch (error) {
        throw new SubmitAfterSaveError(saved, error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY }),
    onSuccess: (campaign) => queryClient.setQueryData(campaignQueryKey(campaign.id), campaign),
  });
}
