import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

/**
 * DELETE /api/v1/playlists/{id}. A playlist that is scheduled or an ad space's default is
 * refused with 409 `in-use`, its `details.references` naming them.
 */
export function deletePlaylist(id: string) {
  return apiSend(apiPath(API.playlist, { id }), { method: 'DELETE' });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
  });
}
