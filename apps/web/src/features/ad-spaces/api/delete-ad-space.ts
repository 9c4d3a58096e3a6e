import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/**
 * DELETE /api/v1/ad-spaces/{id}. Without `removeSchedule` a space with schedule entries is
 * refused (409 `in-use`, `details.references` naming the entries); with it they go too.
 */
export function deleteAdSpace(id: string, removeSchedule: boolean) {
  const query = { removeSchedule: removeSchedule ? 'true' : undefined };
  return apiSend(apiPath(API.adSpace, { id }, query), { method: 'DELETE' });
}

export function useDeleteAdSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, removeSchedule }: { id: string; removeSchedule: boolean }) =>
      deleteAdSpace(id, removeSchedule),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
      ]),
  });
}
