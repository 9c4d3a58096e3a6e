import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZPlaylistList } from '@screenline/shared/playlist';
import { apiRequest } from '@/lib/api-client';

/** Every playlist query starts with this key; invalidating it refreshes the lists and details. */
export const PLAYLISTS_QUERY_KEY = ['playlists'] as const;

const PAGE_SIZE = 50;

/** GET /api/v1/playlists: one page of the signed-in owner's playlists. */
export function listPlaylists(cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/v1/playlists?${params.toString()}`, ZPlaylistList, { signal });
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
