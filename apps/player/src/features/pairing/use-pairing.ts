import type { TDeviceToken } from '@screenline/shared/pairing';
import { useEffect, useState } from 'react';
import { startPairing, type TPairingState } from './device-pairing';

/** Runs the device grant while the sign-in screen is shown; `onToken` gets the approved token. */
export function usePairing(onToken: (grant: TDeviceToken) => void): TPairingState {
  const [state, setState] = useState<TPairingState>({ kind: 'requesting', notice: null });
  useEffect(() => startPairing({ onState: setState, onToken }), [onToken]);
  return state;
}
