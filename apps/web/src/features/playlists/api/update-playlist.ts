import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPlaylistDetail, type TUpdatePlaylist } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { playlistQueryKey } from '@/features/playlists/api/get-playlist';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

/** PATCH /api/v1/playlists/{id}: the answer carries the bumped version. */
export function updatePlaylist({ id, body }: { id: string; body: TUpdatePlaylist }) {
  return apiRequest(apiPath(API.playlist, { id }), ZPlaylistDetail, {
    method: 'PATCH',
    body,
  });
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaylist,
    onSuccess: async (playlist) => {
      queryClient.setQueryData(playlistQueryKey(playlist.id), playlist);
      await queryClient.invalidateQueries({ queryKey: [...PLAYLISTS_QUERY_KEY, 'list'] });
    },
  });
}
