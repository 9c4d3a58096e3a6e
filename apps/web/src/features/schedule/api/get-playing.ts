import { useQuery } from '@tanstack/react-query';
import { ZPlaying, type TLocalDateTime } from '@screenline/shared/schedule';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

/**
 * GET /api/v1/ad-spaces/{id}/playing?at=YYYY-MM-DDTHH:mm (local time at the space's location);
 * without `at`, the server answers for now.
 */
export function getPlaying(adSpaceId: string, at: TLocalDateTime | null, signal?: AbortSignal) {
  return apiRequest(
    apiPath(API.adSpacePlaying, { id: adSpaceId }, { at: at ?? undefined }),
    ZPlaying,
    { signal },
  );
}

/** The answer for one question; null asks nothing yet. Under the ad spaces key: schedule saves refresh it. */
export function usePlaying(question: { adSpaceId: string; at: TLocalDateTime } | null) {
  return useQuery({
    queryKey: [...AD_SPACES_QUERY_KEY, question?.adSpaceId, 'playing', question?.at],
    queryFn: ({ signal }) =>
      question === null
        ? Promise.reject(new Error('No question'))
        : getPlaying(question.adSpaceId, question.at, signal),
    enabled: question !== null,
  });
}

/**
 * What the space plays at this moment, by the server's resolver; null asks nothing. Never cached
 * across mounts: "now" moves.
 */
export function usePlayingNow(adSpaceId: string | null) {
  return useQuery({
    queryKey: [...AD_SPACES_QUERY_KEY, adSpaceId, 'playing', 'now'],
    queryFn: ({ signal }) =>
      adSpaceId === null
        ? Promise.reject(new Error('No ad space'))
        : getPlaying(adSpaceId, null, signal),
    enabled: adSpaceId !== null,
    gcTime: 0,
  });
}
