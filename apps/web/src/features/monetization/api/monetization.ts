import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZEarnings,
  ZMonetizationRequest,
  ZMonetizationRequestList,
  type TCreateMonetizationRequest,
  type TEarnings,
} from '@screenline/shared/monetization';
import { apiRequest, apiSend } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/list-all';
import { refetchWhileSettling } from '@/lib/proof-of-play';
import { MONETIZATION_QUERY_KEY } from '@/lib/api/monetization-requests';

/** GET /api/v1/monetization-requests, every page, newest first. */
export function useMonetizationRequests() {
  return useQuery({
    queryKey: [...MONETIZATION_QUERY_KEY, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages('/api/v1/monetization-requests?limit=100', ZMonetizationRequestList, signal),
  });
}

/** POST /api/v1/monetization-requests → 201 with the pending request. */
export function useRequestMonetization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMonetizationRequest) =>
      apiRequest('/api/v1/monetization-requests', ZMonetizationRequest, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONETIZATION_QUERY_KEY }),
  });
}

/** POST /api/v1/monetization-requests/{id}/withdraw: the space's ad slots stop selling. */
export function useWithdrawMonetization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/v1/monetization-requests/${encodeURIComponent(id)}/withdraw`, {
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
      apiRequest(
        `/api/v1/earnings?${new URLSearchParams(range ?? { from: '', to: '' }).toString()}`,
        ZEarnings,
        { signal },
      ),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    // Plays still settling have not earned yet: ask again until each is billed or refused.
    refetchInterval: refetchWhileSettling((earnings: TEarnings) => earnings.settling),
  });
}
