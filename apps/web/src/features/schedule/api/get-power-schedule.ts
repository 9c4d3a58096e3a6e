import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPowerScheduleView } from '@screenline/shared/power-schedule';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

/**
 * GET /api/v1/ad-spaces/{id}/power-schedule: the hours the screen is on, so the week shows the
 * rest as off. Under the ad spaces key: a save on the ad spaces page refreshes it.
 */
export function usePowerSchedule(adSpaceId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...AD_SPACES_QUERY_KEY, 'power', adSpaceId],
      queryFn: ({ signal }) =>
        apiRequest(apiPath(API.adSpacePowerSchedule, { id: adSpaceId }), ZPowerScheduleView, {
          signal,
        }),
    }),
  );
}
