import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

export function playlistQueryKey(id: string) {
  return [...PLAYLISTS_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/v1/playlists/{id}: the playlist, its items and the library items they name. */
export function getPlaylist(id: string, signal?: AbortSignal) {
  return apiRequest(apiPath(API.playlist, { id }), ZPlaylistDetail, { signal });
}

export function playlistQueryOptions(id: string) {
  return queryOptions({
    queryKey: playlistQueryKey(id),
    queryFn: ({ signal }) => getPlaylist(id, signal),
  });
}

export function usePlaylist(id: string) {
  return useQuery(playlistQueryOptions(id));
}
