import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlatformSettings } from '@screenline/shared/platform-settings';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** Every platform-settings query starts with this key; saving them refreshes it. */
export const PLATFORM_SETTINGS_QUERY_KEY = ['platform-settings'] as const;

/** GET /api/v1/platform-settings: limits, the minimum price per second, the commission. */
export function getPlatformSettings(signal?: AbortSignal) {
  return apiRequest(API.platformSettings, ZPlatformSettings, { signal });
}

export const platformSettingsQueryOptions = queryOptions({
  queryKey: PLATFORM_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => getPlatformSettings(signal),
  staleTime: 5 * 60 * 1000,
});

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions);
}
