import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZScheduleEntryView,
  type TCreateScheduleEntry,
  type TUpdateScheduleEntry,
} from '@screenline/shared/schedule';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { SCHEDULE_ENTRIES_QUERY_KEY } from '@/lib/api/schedule-entries';
import { PLAYLISTS_QUERY_KEY } from '@/lib/api/playlists';

/** POST /api/v1/schedule-entries → 201 with the entry. */
export function createScheduleEntry(body: TCreateScheduleEntry) {
  return apiRequest(API.scheduleEntries, ZScheduleEntryView, { method: 'POST', body });
}

/** PATCH /api/v1/schedule-entries/{id} → the entry as stored. */
export function updateScheduleEntry(id: string, body: TUpdateScheduleEntry) {
  return apiRequest(apiPath(API.scheduleEntry, { id }), ZScheduleEntryView, {
    method: 'PATCH',
    body,
  });
}

/**
 * A saved entry changes the schedule, what the space plays now (the ad spaces list shows it)
 * and where each playlist is used (the playlists list shows it).
 */
export function invalidateAfterScheduleChange(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SCHEDULE_ENTRIES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
  ]);
}

export function useSaveScheduleEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; body: TCreateScheduleEntry }
        | { kind: 'update'; id: string; body: TUpdateScheduleEntry },
    ) =>
      change.kind === 'create'
        ? createScheduleEntry(change.body)
        : updateScheduleEntry(change.id, change.body),
    onSuccess: () => invalidateAfterScheduleChange(queryClient),
  });
}
