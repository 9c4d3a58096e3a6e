import crypto from 'node:crypto';
import { DEVICE_TOKEN_PREFIX, PAIRING_GRANT_PREFIX } from '@screenline/shared/player';

/*
 * Reading a TV's credential from a request, for the player module that issues device tokens and
 * for any module whose routes a TV calls (fleet's acks and screenshots are rate-limited per
 * device, lib/device-rate-limit.ts). Issuing and renewing tokens stays in
 * modules/player/device-tokens.ts.
 */

export function hashDeviceToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The device token of an `Authorization: Bearer sld_…` header, or null for anything else. */
export function deviceTokenOf(authorization: string | undefined): string | null {
  return bearerWithPrefix(authorization, DEVICE_TOKEN_PREFIX);
}

/** The pairing grant of an `Authorization: Bearer slp_…` header, or null for anything else. */
export function pairingGrantOf(authorization: string | undefined): string | null {
  return bearerWithPrefix(authorization, PAIRING_GRANT_PREFIX);
}

function bearerWithPrefix(authorization: string | undefined, prefix: string): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  const token = match?.[1];
  return token?.startsWith(prefix) ? token : null;
}
