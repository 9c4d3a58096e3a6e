import { useQuery } from '@tanstack/react-query';
import { ZPublisherDashboard } from '@screenline/shared/campaign';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** GET /api/v1/publisher/dashboard: the ad buyer's figures at a glance. */
export function usePublisherDashboard() {
  return useQuery({
    // Under the campaigns' key: a campaign changed anywhere refreshes these figures too.
    queryKey: ['campaigns', 'publisher-dashboard'],
    queryFn: ({ signal }) => apiRequest(API.publisherDashboard, ZPublisherDashboard, { signal }),
  });
}
