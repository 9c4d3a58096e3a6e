import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlaylistList } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { fetchAllPages } from '@/lib/list-all';

/** Every playlist query starts with this key; invalidating it refreshes the lists and details. */
export const PLAYLISTS_QUERY_KEY = ['playlists'] as const;

/** GET /api/v1/playlists, every page: the owner's playlists, whole (pickers, counts). */
export const allPlaylistsQueryOptions = queryOptions({
  queryKey: [...PLAYLISTS_QUERY_KEY, 'all'],
  queryFn: ({ signal }) =>
    fetchAllPages(apiPath(API.playlists, {}, { limit: 100 }), ZPlaylistList, signal),
});

export const useAllPlaylists = () => useQuery(allPlaylistsQueryOptions);
