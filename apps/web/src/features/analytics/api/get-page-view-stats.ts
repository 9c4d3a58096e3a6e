import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPageViewStats } from '@screenline/shared/analytics';
import { apiRequest } from '@/lib/api-client';

/** GET /api/v1/admin/page-views (super-users): views per path. */
export function getPageViewStats() {
  return apiRequest('/api/v1/admin/page-views', ZPageViewStats);
}

export const pageViewStatsQueryOptions = queryOptions({
  queryKey: ['admin', 'page-views'],
  queryFn: getPageViewStats,
});

export function usePageViewStats() {
  return useQuery(pageViewStatsQueryOptions);
}
