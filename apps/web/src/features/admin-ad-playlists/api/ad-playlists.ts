import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdPlaylist,
  ZAdPlaylistList,
  type TUpdateAdPlaylist,
} from '@screenline/shared/ad-playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** Every ad playlist query starts with this key. */
export const AD_PLAYLISTS_QUERY_KEY = ['admin', 'ad-playlists'] as const;

export function adPlaylistQueryKey(adSpaceId: string) {
  return [...AD_PLAYLISTS_QUERY_KEY, 'detail', adSpaceId] as const;
}

const pathOf = (adSpaceId: string) => apiPath(API.adminAdPlaylist, { adSpaceId });

/** GET /api/v1/admin/ad-playlists: one line per monetized ad space. */
export function useAdPlaylistList() {
  return useQuery(
    queryOptions({
      queryKey: [...AD_PLAYLISTS_QUERY_KEY, 'list'],
      queryFn: ({ signal }) => apiRequest(API.adminAdPlaylists, ZAdPlaylistList, { signal }),
    }),
  );
}

/** GET /api/v1/admin/ad-playlists/{adSpaceId}: the space's rotation, pins, excludes and house ads. */
export function useAdPlaylist(adSpaceId: string) {
  return useQuery(
    queryOptions({
      queryKey: adPlaylistQueryKey(adSpaceId),
      queryFn: ({ signal }) => apiRequest(pathOf(adSpaceId), ZAdPlaylist, { signal }),
    }),
  );
}

/** PUT /api/v1/admin/ad-playlists/{adSpaceId}: answers the rotation with the change applied. */
export function useUpdateAdPlaylist(adSpaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAdPlaylist) =>
      apiRequest(pathOf(adSpaceId), ZAdPlaylist, { method: 'PUT', body }),
    onSuccess: async (playlist) => {
      queryClient.setQueryData(adPlaylistQueryKey(adSpaceId), playlist);
      await queryClient.invalidateQueries({ queryKey: [...AD_PLAYLISTS_QUERY_KEY, 'list'] });
    },
  });
}
