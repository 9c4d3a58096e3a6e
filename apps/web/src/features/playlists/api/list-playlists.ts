import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZPlaylistList } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

const PAGE_SIZE = 50;

/** GET /api/v1/playlists: one page of the signed-in owner's playlists. */
export function listPlaylists(cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(apiPath(API.playlists, {}, params), ZPlaylistList, { signal });
}

export function playlistListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...PLAYLISTS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => listPlaylists(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function usePlaylistList() {
  return useInfiniteQuery(playlistListQueryOptions());
}
