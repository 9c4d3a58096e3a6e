import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdSpace, type TUpdateAdSpace } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from '@/features/schedule/api/save-schedule-entry';

/**
 * PATCH /api/v1/ad-spaces/{id} with only `defaultPlaylistId`: the playlist then plays whenever no
 * schedule entry is active, which for a space without other entries is all the time.
 */
export function setDefaultPlaylist(adSpaceId: string, playlistId: string) {
  return apiRequest(apiPath(API.adSpace, { id: adSpaceId }), ZAdSpace, {
    method: 'PATCH',
    body: { defaultPlaylistId: playlistId } satisfies TUpdateAdSpace,
  });
}

export function useSetDefaultPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adSpaceId, playlistId }: { adSpaceId: string; playlistId: string }) =>
      setDefaultPlaylist(adSpaceId, playlistId),
    onSuccess: () => invalidateAfterScheduleChange(queryClient),
  });
}
