import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZMicros } from '@screenline/shared/money';
import { apiRequest } from '@/lib/api-client';

/** GET /api/v1/publisher/dashboard: the ad buyer's figures at a glance. */
const ZPublisherDashboard = z.object({
  activeCampaigns: z.number().int(),
  awaitingReview: z.number().int(),
  spendTodayMicros: ZMicros,
  spendToDateMicros: ZMicros,
  impressionsToday: z.number().int(),
  impressionsToDate: z.number().int(),
  balanceMicros: ZMicros,
});

export function usePublisherDashboard() {
  return useQuery({
    // Under the campaigns' key: a campaign changed anywhere refreshes these figures too.
    queryKey: ['campaigns', 'publisher-dashboard'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/publisher/dashboard', ZPublisherDashboard, { signal }),
  });
}
