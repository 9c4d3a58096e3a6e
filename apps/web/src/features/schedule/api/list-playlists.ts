import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlaylistList } from '@screenline/shared/playlist';
import { fetchAllPages } from '@/lib/list-all';

export const PLAYLISTS_QUERY_KEY = ['playlists'] as const;

/** GET /api/v1/playlists, every page: the entry form's playlist picker. */
export const allPlaylistsQueryOptions = queryOptions({
  queryKey: [...PLAYLISTS_QUERY_KEY, 'all'],
  queryFn: ({ signal }) => fetchAllPages('/api/v1/playlists?limit=100', ZPlaylistList, signal),
});

export function useAllPlaylists() {
  return useQuery(allPlaylistsQueryOptions);
}
