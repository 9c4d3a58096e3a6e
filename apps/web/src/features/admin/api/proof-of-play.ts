import { useQuery } from '@tanstack/react-query';
import { ZProofOfPlayOverview, type TProofOfPlayOverview } from '@screenline/shared/proof-of-play';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { refetchWhileSettling } from '@/lib/proof-of-play';

export const PROOF_OF_PLAY_QUERY_KEY = ['admin', 'proof-of-play'] as const;

/** GET /api/v1/admin/proof-of-play (super-users): the last days' verdicts and the flagged TVs. */
export function getProofOfPlayOverview(signal?: AbortSignal) {
  return apiRequest(API.adminProofOfPlay, ZProofOfPlayOverview, { signal });
}

export function useProofOfPlayOverview() {
  return useQuery({
    queryKey: PROOF_OF_PLAY_QUERY_KEY,
    queryFn: ({ signal }) => getProofOfPlayOverview(signal),
    // Plays still settling are neither billed nor refused yet: ask again until they are.
    refetchInterval: refetchWhileSettling(
      (overview: TProofOfPlayOverview) => overview.totals.settling,
    ),
  });
}
