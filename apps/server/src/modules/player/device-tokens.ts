import crypto from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@screenline/shared/player';

/**
 * Device tokens (docs/decisions.md, "The TV as a device principal"): 32 random bytes, base64url,
 * behind `sld_`. Only the SHA-256 is stored, so a copy of the database does not hold a usable
 * credential; 256 random bits need no slow hash.
 */
export function newDeviceToken(): { token: string; hash: string } {
  const token = `${DEVICE_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token) };
}

export function hashDeviceToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The device token of an `Authorization: Bearer sld_…` header, or null for anything else. */
export function deviceTokenOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  const token = match?.[1];
  return token?.startsWith(DEVICE_TOKEN_PREFIX) ? token : null;
}
