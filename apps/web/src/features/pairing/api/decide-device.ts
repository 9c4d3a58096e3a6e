import { useMutation } from '@tanstack/react-query';
import { ZDeviceDecisionResult } from '@screenline/shared/pairing';
import { AUTH_PATHS } from '@screenline/shared/api-paths';
import { deviceRequest } from '@/features/pairing/api/device-request';

export type TDecision = 'approve' | 'deny';

const DECISION_PATHS = {
  approve: AUTH_PATHS.deviceApprove,
  deny: AUTH_PATHS.deviceDeny,
} as const satisfies Record<TDecision, string>;

/** POST /api/auth/device/approve or /deny: links the TV to this account, or refuses it. */
export function decideDevice(decision: TDecision, userCode: string) {
  return deviceRequest(DECISION_PATHS[decision], ZDeviceDecisionResult, {
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
