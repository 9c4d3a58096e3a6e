import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZScheduleEntryList } from '@screenline/shared/schedule';
import { API, apiPath } from '@screenline/shared/api-paths';
import { fetchAllPages } from '@/lib/list-all';

/** Every schedule-entry query starts with this key; a change to an entry invalidates it. */
export const SCHEDULE_ENTRIES_QUERY_KEY = ['schedule-entries'] as const;

/** GET /api/v1/schedule-entries?adSpaceId=: every entry of one ad space. */
export function scheduleEntriesQueryOptions(adSpaceId: string) {
  return queryOptions({
    queryKey: [...SCHEDULE_ENTRIES_QUERY_KEY, { adSpaceId }],
    queryFn: ({ signal }) =>
      fetchAllPages(
        apiPath(API.scheduleEntries, {}, { adSpaceId, limit: 500 }),
        ZScheduleEntryList,
        signal,
      ),
  });
}

export function useScheduleEntries(adSpaceId: string | null) {
  return useQuery({
    ...scheduleEntriesQueryOptions(adSpaceId ?? ''),
    enabled: adSpaceId !== null,
  });
}

/** GET /api/v1/schedule-entries, every entry of every ad space of the owner. */
export const allScheduleEntriesQueryOptions = queryOptions({
  queryKey: [...SCHEDULE_ENTRIES_QUERY_KEY, 'all'],
  queryFn: ({ signal }) =>
    fetchAllPages(apiPath(API.scheduleEntries, {}, { limit: 500 }), ZScheduleEntryList, signal),
});

export const useAllScheduleEntries = () => useQuery(allScheduleEntriesQueryOptions);
