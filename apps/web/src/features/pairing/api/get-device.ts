import { useQuery } from '@tanstack/react-query';
import { ZDeviceVerification } from '@screenline/shared/pairing';
import { AUTH_PATHS, apiPath } from '@screenline/shared/api-paths';
import { deviceRequest } from '@/features/pairing/api/device-request';

export const deviceQueryKey = (userCode: string) => ['pairing', 'device', userCode] as const;

/**
 * GET /api/auth/device?user_code=…: claims the code for the signed-in user (so only this user
 * may approve it) and tells its state and the TV's client id.
 */
export function getDevice(userCode: string) {
  return deviceRequest(
    apiPath(AUTH_PATHS.device, {}, { user_code: userCode }),
    ZDeviceVerification,
  );
}

export function useDevice(userCode: string | null) {
  return useQuery({
    queryKey: deviceQueryKey(userCode ?? ''),
    queryFn: () => getDevice(userCode ?? ''),
    enabled: userCode !== null,
    // Each read counts against a small per-code rate limit, and the answer only changes when this
    // page acts: read once.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
