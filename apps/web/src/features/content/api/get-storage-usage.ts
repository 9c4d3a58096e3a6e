import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStorageUsage } from '@screenline/shared/storage';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_QUERY_KEY } from '@/features/content/api/list-content';

/** GET /api/v1/storage/usage: the bytes the user stores against their quota. */
export function getStorageUsage(signal?: AbortSignal) {
  return apiRequest(API.storageUsage, ZStorageUsage, { signal });
}

export const storageUsageQueryOptions = queryOptions({
  // Under the content key: every upload and deletion that refreshes the library refreshes this.
  queryKey: [...CONTENT_QUERY_KEY, 'storage-usage'],
  queryFn: ({ signal }) => getStorageUsage(signal),
});

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions);
}
