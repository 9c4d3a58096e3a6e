import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPowerScheduleView, type TSavePowerSchedule } from '@screenline/shared/power-schedule';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

const url = (id: string) => apiPath(API.adSpacePowerSchedule, { id });
export const powerScheduleKey = (id: string) => [...AD_SPACES_QUERY_KEY, 'power', id] as const;

/** GET /api/v1/ad-spaces/{id}/power-schedule: the on hours and the coming week's windows. */
export function usePowerSchedule(id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: powerScheduleKey(id ?? ''),
      queryFn: ({ signal }) => apiRequest(url(id ?? ''), ZPowerScheduleView, { signal }),
    }),
    enabled: id !== null,
  });
}

/** PUT …/power-schedule (null: always on); the list's statuses change with it. */
export function useSavePowerSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TSavePowerSchedule }) =>
      apiRequest(url(id), ZPowerScheduleView, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
  });
}
