import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPlaylistSummary } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

/**
 * POST /api/v1/playlists/{id}/duplicate: a copy named "<name> (copy)". Parsed as a summary: the
 * list shows it, whether the answer carries the items too or not.
 */
export function duplicatePlaylist(id: string) {
  return apiRequest(apiPath(API.playlistDuplicate, { id }), ZPlaylistSummary, {
    method: 'POST',
    body: {},
  });
}

export function useDuplicatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PLAYLISTS_QUERY_KEY, 'list'] }),
  });
}
