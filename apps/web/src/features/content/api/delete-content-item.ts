import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';
import { CONTENT_QUERY_KEY } from '@/features/content/api/list-content';

/**
 * DELETE /api/v1/content/{id}: deletes an item and its files. A 409 (`in-use`) carries a
 * message naming the playlists and campaigns that still use it.
 */
export function deleteContentItem(id: string) {
  return apiSend(apiPath(API.contentItem, { id }), { method: 'DELETE' });
}

export function useDeleteContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY }),
  });
}
