import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/**
 * DELETE /api/v1/locations/{id}. Refused with 409 `in-use` while ad spaces stand there;
 * `details.references` names them.
 */
export function deleteLocation(id: string) {
  return apiSend(apiPath(API.location, { id }), { method: 'DELETE' });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
      ]),
  });
}
