import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPlaylistDetail, type TSavePlaylist } from '@screenline/shared/playlist';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { playlistQueryKey } from '@/features/playlists/api/get-playlist';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

/** POST /api/v1/playlists → 201 with the new playlist (version 1). */
export function createPlaylist(body: TSavePlaylist) {
  return apiRequest(API.playlists, ZPlaylistDetail, { method: 'POST', body });
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: async (playlist) => {
      queryClient.setQueryData(playlistQueryKey(playlist.id), playlist);
      await queryClient.invalidateQueries({ queryKey: [...PLAYLISTS_QUERY_KEY, 'list'] });
    },
  });
}
