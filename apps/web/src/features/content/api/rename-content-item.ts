import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZContentItem, type TRenameContentItem } from '@screenline/shared/content';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_QUERY_KEY } from '@/features/content/api/list-content';

/** PATCH /api/v1/content/{id}: renames an item. */
export function renameContentItem(id: string, body: TRenameContentItem) {
  return apiRequest(apiPath(API.contentItem, { id }), ZContentItem, {
    method: 'PATCH',
    body,
  });
}

export function useRenameContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameContentItem(id, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY }),
  });
}
