import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZEarnings,
  ZMonetizationRequest,
  ZMonetizationRequestList,
  type TCreateMonetizationRequest,
  type TEarnings,
} from '@screenline/shared/monetization';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest, apiSend } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/list-all';
import { refetchWhileSettling } from '@/lib/proof-of-play';
import { MONETIZATION_QUERY_KEY } from '@/lib/api/monetization-requests';

/** GET /api/v1/monetization-requests, every page, newest first. */
export function useMonetizationRequests() {
  return useQuery({
    queryKey: [...MONETIZATION_QUERY_KEY, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages(
        apiPath(API.monetizationRequests, {}, { limit: 100 }),
        ZMonetizationRequestList,
        signal,
      ),
  });
}

/** POST /api/v1/monetization-requests → 201 with the pending request. */
export function useRequestMonetization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMonetizationRequest) =>
      apiRequest(API.monetizationRequests, ZMonetizationRequest, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONETIZATION_QUERY_KEY }),
  });
}

/** POST /api/v1/monetization-requests/{id}/withdraw: the space's ad slots stop selling. */
export function useWithdrawMonetization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(apiPath(API.monetizationRequestWithdraw, { id }), {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONETIZATION_QUERY_KEY }),
  });
}

/**
 * GET /api/v1/earnings?from=&to=: per space and per day (each play's local day at its screen),
 * after commission, with the ad plays not billed and those still settling.
 */
export function useEarnings(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['earnings', range?.from ?? '', range?.to ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.earnings, {}, range ?? { from: '', to: '' }), ZEarnings, { signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    // Plays still settling have not earned yet: ask again until each is billed or refused.
    refetchInterval: refetchWhileSettling((earnings: TEarnings) => earnings.settling),
  });
}
