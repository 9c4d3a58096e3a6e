import crypto from 'node:crypto';
import { DEVICE_TOKEN_PREFIX, DEVICE_TOKEN_TTL_DAYS } from '@screenline/shared/player';
import { hashDeviceToken } from '../../lib/device-bearer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A device token's lifetime; a TV renews it once less than half is left (issue 18 item 2). */
export const DEVICE_TOKEN_TTL_MS = DEVICE_TOKEN_TTL_DAYS * DAY_MS;

/** How long the token before a renewal keeps working: the TV may have missed the answer. */
export const PREVIOUS_TOKEN_GRACE_MS = 60 * 60 * 1000;

/** Whether a token expiring then is past half its life, so the TV should get a fresh one. */
export function isDueForRenewal(expiresAt: Date, nowMs: number): boolean {
  return expiresAt.getTime() - nowMs < DEVICE_TOKEN_TTL_MS / 2;
}

/**
 * Device tokens (docs/decisions.md, "The TV as a device principal"): 32 random bytes, base64url,
 * behind `sld_`. Only the SHA-256 is stored, so a copy of the database does not hold a usable
 * credential; 256 random bits need no slow hash.
 */
export function newDeviceToken(prefix: string = DEVICE_TOKEN_PREFIX): {
  token: string;
  hash: string;
} {
  const token = `${prefix}${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token) };
}
