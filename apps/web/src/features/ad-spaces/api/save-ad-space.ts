import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdSpace, type TCreateAdSpace, type TUpdateAdSpace } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/** POST /api/v1/ad-spaces → 201 with the space. */
export function createAdSpace(body: TCreateAdSpace) {
  return apiRequest(API.adSpaces, ZAdSpace, { method: 'POST', body });
}

/** PATCH /api/v1/ad-spaces/{id} with every field of the form. */
export function updateAdSpace(id: string, body: TCreateAdSpace) {
  return apiRequest(apiPath(API.adSpace, { id }), ZAdSpace, {
    method: 'PATCH',
    body,
  });
}

export function useSaveAdSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TCreateAdSpace }) =>
      id === null ? createAdSpace(body) : updateAdSpace(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
      ]),
  });
}

/** PATCH /api/v1/ad-spaces/{id} with only the default playlist: it plays when no entry does. */
export function useSetDefaultPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, playlistId }: { id: string; playlistId: string }) =>
      apiRequest(apiPath(API.adSpace, { id }), ZAdSpace, {
        method: 'PATCH',
        body: { defaultPlaylistId: playlistId } satisfies TUpdateAdSpace,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
  });
}
