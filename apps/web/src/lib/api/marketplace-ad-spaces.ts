import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMarketplaceAdSpaceList } from '@screenline/shared/campaign';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/v1/marketplace/ad-spaces: every monetized screen a campaign can target, with its
 * floor price, ad-slot seconds per day and owner-declared audience.
 */
export const marketplaceAdSpacesQueryOptions = queryOptions({
  queryKey: ['marketplace', 'ad-spaces'],
  queryFn: ({ signal }) => apiRequest(API.marketplaceAdSpaces, ZMarketplaceAdSpaceList, { signal }),
  select: (list) => list.items,
});

export const useMarketplaceAdSpaces = () => useQuery(marketplaceAdSpacesQueryOptions);
