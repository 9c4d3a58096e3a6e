import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from '@/features/schedule/api/save-schedule-entry';

/** DELETE /api/v1/schedule-entries/{id} → 204. */
export function deleteScheduleEntry(id: string) {
  return apiSend(apiPath(API.scheduleEntry, { id }), { method: 'DELETE' });
}

export function useDeleteScheduleEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduleEntry,
    onSuccess: () => invalidateAfterScheduleChange(queryClient),
  });
}
