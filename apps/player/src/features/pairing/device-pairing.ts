import {
  DEVICE_GRANT_TYPE,
  PAIRING_POLL_PREFER,
  TV_CLIENT_ID,
  ZDeviceCode,
  ZDeviceError,
  type TDeviceToken,
  ZDeviceToken,
  pairingUrl,
  type TDeviceCode,
} from '@screenline/shared/pairing';
import { AUTH_PATHS } from '@screenline/shared/api-paths';
import { OfflineError, requestJson, type TJsonAnswer } from '../../lib/http';

/**
 * The TV's side of the device grant (RFC 8628): ask for a code, show it, poll at the interval
 * the server gives until a phone approves, and ask for a new code before the shown one expires.
 * Free of React so its timing can be tested with fake timers.
 */

/** Why the TV says something beside the code. */
export type TPairingNotice = 'expired' | 'denied' | 'offline' | 'error';

export type TPairingState =
  | { kind: 'requesting'; notice: TPairingNotice | null }
  | {
      kind: 'showing';
      userCode: string;
      /** What the QR code holds: /pair?code=… on the web origin. */
      url: string;
      /** When the shown code stops working (ms since the epoch). */
      expiresAt: number;
      notice: TPairingNotice | null;
    };

type TCall = (
  path: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<TJsonAnswer>;

export interface TPairingOptions {
  onState: (state: TPairingState) => void;
  /**
   * The approved TV's pairing grant (issue 18): it lists the owner's ad spaces and sets this TV
   * up, nothing else; with the account's email and name.
   */
  onToken: (grant: TDeviceToken) => void;
  /** Defaults to the player's own JSON call; tests pass their own. */
  call?: TCall;
}

/** A new code is asked for this long before the shown one expires (or at 80 % of its life). */
export const REFRESH_MARGIN_MS = 30_000;
/** RFC 8628 §3.5: after slow_down, poll this much less often. */
export const SLOW_DOWN_STEP_MS = 5_000;
/** Waiting for the network to come back, when no code could be had at all. */
export const OFFLINE_RETRY_MS = [2_000, 5_000, 10_000, 30_000] as const;

const defaultCall: TCall = (path, body, headers) =>
  requestJson(path, { method: 'POST', body, headers });

/** The poll asks for "not yet" as 202: a 4xx every few seconds is a console error in a browser. */
const POLL_HEADERS = { prefer: PAIRING_POLL_PREFER };

/** Starts pairing; the returned function stops every timer (sign-in by password, unmount). */
export function startPairing({ onState, onToken, call = defaultCall }: TPairingOptions) {
  let isStopped = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let current: { code: TDeviceCode; intervalMs: number; expiresAt: number } | null = null;
  let notice: TPairingNotice | null = null;
  let offlineAttempts = 0;

  const emit = () => {
    if (isStopped) return;
    if (!current) {
      onState({ kind: 'requesting', notice });
      return;
    }
    onState({
      kind: 'showing',
      userCode: current.code.user_code,
      url: pairingUrl(current.code.verification_uri, current.code.user_code),
      expiresAt: current.expiresAt,
      notice,
    });
  };

  const clearTimers = () => {
    clearTimeout(pollTimer);
    clearTimeout(refreshTimer);
  };

  /** `reason`: what to say beside the new code (the last one was refused or expired). */
  async function requestCode(reason: TPairingNotice | null = null): Promise<void> {
    if (isStopped) return;
    clearTimeout(refreshTimer);
    let answer: TJsonAnswer;
    try {
      answer = await call(AUTH_PATHS.deviceCode, { client_id: TV_CLIENT_ID });
    } catch (error) {
      if (!(error instanceof OfflineError)) throw error;
      // Keep showing the old code while it still works; else say we are offline and retry.
      notice = 'offline';
      if (current && current.expiresAt <= Date.now()) {
        clearTimeout(pollTimer);
        current = null;
      }
      emit();
      const wait = OFFLINE_RETRY_MS[Math.min(offlineAttempts, OFFLINE_RETRY_MS.length - 1)];
      offlineAttempts += 1;
      refreshTimer = setTimeout(() => void requestCode(reason), wait);
      return;
    }
    if (isStopped) return;
    offlineAttempts = 0;
    clearTimeout(pollTimer);
    const code = ZDeviceCode.safeParse(answer.body);
    if (answer.status !== 200 || !code.success) {
      notice = 'error';
      current = null;
      emit();
      refreshTimer = setTimeout(() => void requestCode(reason), OFFLINE_RETRY_MS[2]);
      return;
    }
    const lifeMs = code.data.expires_in * 1000;
    current = {
      code: code.data,
      intervalMs: code.data.interval * 1000,
      expiresAt: Date.now() + lifeMs,
    };
    notice = reason;
    emit();
    refreshTimer = setTimeout(
      () => void requestCode(),
      Math.max(lifeMs - REFRESH_MARGIN_MS, lifeMs * 0.8),
    );
    pollTimer = setTimeout(() => void poll(), current.intervalMs);
  }

  async function poll(): Promise<void> {
    const polled = current;
    if (isStopped || !polled) return;
    let answer: TJsonAnswer;
    try {
      answer = await call(
        AUTH_PATHS.deviceToken,
        {
          grant_type: DEVICE_GRANT_TYPE,
          device_code: polled.code.device_code,
          client_id: TV_CLIENT_ID,
        },
        POLL_HEADERS,
      );
    } catch (error) {
      if (!(error instanceof OfflineError)) throw error;
      if (isStopped || current !== polled) return;
      if (notice !== 'offline') {
        notice = 'offline';
        emit();
      }
      pollTimer = setTimeout(() => void poll(), polled.intervalMs);
      return;
    }
    // A new code replaced this one while the answer was on its way: its own poll runs.
    if (isStopped || current !== polled) return;
    if (answer.status === 200) {
      const token = ZDeviceToken.safeParse(answer.body);
      if (token.success) {
        isStopped = true;
        clearTimers();
        onToken(token.data);
        return;
      }
    }
    const error = ZDeviceError.safeParse(answer.body);
    const code = error.success ? error.data.error : 'server_error';
    switch (code) {
      case 'authorization_pending':
        break;
      case 'slow_down':
        polled.intervalMs += SLOW_DOWN_STEP_MS;
        break;
      case 'access_denied':
        current = null;
        notice = 'denied';
        emit();
        await requestCode('denied');
        return;
      case 'expired_token':
      case 'invalid_grant':
        current = null;
        notice = 'expired';
        emit();
        await requestCode('expired');
        return;
      case 'invalid_request':
      case 'invalid_client':
      case 'unauthorized':
      case 'server_error':
        if (notice !== 'error') {
          notice = 'error';
          emit();
        }
        pollTimer = setTimeout(() => void poll(), polled.intervalMs);
        return;
    }
    if (notice === 'offline' || notice === 'error') {
      notice = null;
      emit();
    }
    pollTimer = setTimeout(() => void poll(), polled.intervalMs);
  }

  emit();
  void requestCode();
  return () => {
    isStopped = true;
    clearTimers();
  };
}
