import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOwnerDeviceList } from '@screenline/shared/player';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest, apiSend } from '@/lib/api-client';

export const DEVICES_QUERY_KEY = ['devices'] as const;

/** GET /api/v1/devices: the owner's TVs, the most recently seen first (issue 18 item 2). */
export function listDevices(signal?: AbortSignal) {
  return apiRequest(API.devices, ZOwnerDeviceList, { signal });
}

export function useDevices() {
  return useQuery(
    queryOptions({
      queryKey: DEVICES_QUERY_KEY,
      queryFn: ({ signal }) => listDevices(signal),
      select: (list) => list.items,
    }),
  );
}

/** DELETE /api/v1/devices/{id}: the TV is signed out at once; it stays listed until set up again. */
export function revokeDevice(id: string) {
  return apiSend(apiPath(API.device, { id }), { method: 'DELETE' });
}

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY }),
  });
}
