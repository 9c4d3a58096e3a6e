import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMonetizationRequest } from '@screenline/shared/monetization';
import { ZBulkAdSpaceResult, type TBulkAdSpaceRequest } from '@screenline/shared/screen-group';
import { API } from '@screenline/shared/api-paths';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { SCREEN_GROUPS_QUERY_KEY } from '@/lib/api/screen-groups';
import { MONETIZATION_QUERY_KEY } from '@/lib/api/monetization-requests';

/** POST /api/v1/ad-spaces/bulk: one change to the selected spaces, all or nothing. */
export function useBulkAdSpaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkAdSpaceRequest) =>
      apiRequest(API.adSpacesBulk, ZBulkAdSpaceResult, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all(
        [AD_SPACES_QUERY_KEY, SCREEN_GROUPS_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface TMonetizeOutcome {
  requested: string[];
  /** Spaces the server refused (already monetized, pending…), with its sentence. */
  refused: { name: string; message: string }[];
}

/**
 * Asks for monetization of each space as the single action does (POST
 * /api/v1/monetization-requests, one per space: each is reviewed on its own). One after the
 * other, so a refusal names its space and the others still go.
 */
export function useBulkMonetize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      adSpaces,
      floorMicrosPerSecond,
    }: {
      adSpaces: readonly { id: string; name: string }[];
      floorMicrosPerSecond: number;
    }): Promise<TMonetizeOutcome> => {
      const outcome: TMonetizeOutcome = { requested: [], refused: [] };
      for (const adSpace of adSpaces) {
        try {
          await apiRequest(API.monetizationRequests, ZMonetizationRequest, {
            method: 'POST',
            body: { adSpaceId: adSpace.id, floorMicrosPerSecond },
          });
          outcome.requested.push(adSpace.name);
        } catch (error) {
          outcome.refused.push({ name: adSpace.name, message: errorMessage(error) });
        }
      }
      return outcome;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONETIZATION_QUERY_KEY }),
  });
}
