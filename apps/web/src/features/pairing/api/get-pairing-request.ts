import { useQuery } from '@tanstack/react-query';
import { ZPairingRequest } from '@screenline/shared/pairing';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/v1/pairing/requests/{code}: what asked for the code this account claimed (its name,
 * platform, address and time), so the page shows what a tap on "Link this TV" would link
 * (issue 18 item 1).
 */
export function getPairingRequest(userCode: string, signal?: AbortSignal) {
  return apiRequest(apiPath(API.pairingRequest, { userCode }), ZPairingRequest, {
    signal,
  });
}

/** Asked once the code is claimed (`isClaimed`): before that the server knows no owner for it. */
export function usePairingRequest(userCode: string, isClaimed: boolean) {
  return useQuery({
    queryKey: ['pairing', 'request', userCode] as const,
    queryFn: ({ signal }) => getPairingRequest(userCode, signal),
    enabled: isClaimed,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
