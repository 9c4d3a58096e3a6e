import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZScreenGroup,
  type TCreateScreenGroup,
  type TUpdateScreenGroup,
} from '@screenline/shared/screen-group';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest, apiSend } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { SCREEN_GROUPS_QUERY_KEY } from '@/lib/api/screen-groups';
import { SCHEDULE_ENTRIES_QUERY_KEY } from '@/lib/api/schedule-entries';

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [SCREEN_GROUPS_QUERY_KEY, AD_SPACES_QUERY_KEY, SCHEDULE_ENTRIES_QUERY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/v1/screen-groups → 201 with the group and its members. */
export function useCreateScreenGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: TCreateScreenGroup) =>
      apiRequest(API.screenGroups, ZScreenGroup, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/v1/screen-groups/{id}: the name, a static group's members, a tag group's tags. */
export function useUpdateScreenGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateScreenGroup }) =>
      apiRequest(apiPath(API.screenGroup, { id }), ZScreenGroup, {
        method: 'PATCH',
        body,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/screen-groups/{id}: its schedule entries go with it. */
export function useDeleteScreenGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: string) => apiSend(apiPath(API.screenGroup, { id }), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
