import { useMutation } from '@tanstack/react-query';
import { ZDeviceDecisionResult } from '@screenline/shared/pairing';
import { deviceRequest } from '@/features/pairing/api/device-request';

export type TDecision = 'approve' | 'deny';

/** POST /api/auth/device/approve or /deny: links the TV to this account, or refuses it. */
export function decideDevice(decision: TDecision, userCode: string) {
  return deviceRequest(`/api/auth/device/${decision}`, ZDeviceDecisionResult, {
    method: 'POST',
    body: { userCode },
  });
}

export function useDecideDevice() {
  return useMutation({
    mutationFn: ({ decision, userCode }: { decision: TDecision; userCode: string }) =>
      decideDevice(decision, userCode),
  });
}
