import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHealth, type THealth } from '@screenline/shared/health';
import { API } from '@screenline/shared/api-paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export const HEALTH_POLL_MS = 15_000;

/**
 * GET /api/health. A 503 still carries the health document (not ready), so the body is read
 * whatever the status; only an unreachable server or an unreadable answer is an error.
 */
export async function getHealth(): Promise<THealth> {
  let response: Response;
  try {
    response = await fetch(API.health, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
  }
  const parsed = ZHealth.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new ApiError(
      response.status,
      'invalid-response',
      'The health check answered unexpectedly.',
    );
  return parsed.data;
}

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: getHealth,
  refetchInterval: HEALTH_POLL_MS,
  refetchIntervalInBackground: false,
  retry: false,
  staleTime: 0,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
