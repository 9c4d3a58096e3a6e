import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAlertIncidentList,
  ZAlertSettings,
  type TSaveAlertSettings,
} from '@screenline/shared/alerts';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** GET /api/v1/alerts/settings */
export function useAlertSettings() {
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, 'settings'],
    queryFn: ({ signal }) => apiRequest(API.alertSettings, ZAlertSettings, { signal }),
  });
}

/** GET /api/v1/alerts/incidents */
export function useAlertIncidents() {
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, 'incidents'],
    queryFn: ({ signal }) => apiRequest(API.alertIncidents, ZAlertIncidentList, { signal }),
  });
}

/** PUT /api/v1/alerts/settings */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveAlertSettings) =>
      apiRequest(API.alertSettings, ZAlertSettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData([...ALERTS_QUERY_KEY, 'settings'], saved),
  });
}
