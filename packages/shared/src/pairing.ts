import { z } from 'zod';
import { text } from './text';

/**
 * TV pairing: the OAuth 2.0 device authorization grant (RFC 8628) as Better Auth's
 * device-authorization plugin serves it under /api/auth/device/*. The TV asks for a code, shows
 * `/pair?code=…` as a QR code and polls; a signed-in phone opens the page and approves.
 */

/** The one client the server accepts on the device grant: the Screenline TV player. */
export const TV_CLIENT_ID = 'screenline-tv';

/** What the /pair page calls each client the grant accepts. */
export const PAIRING_CLIENT_NAMES: Record<string, string> = {
  [TV_CLIENT_ID]: 'Screenline TV player',
};

export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * User codes are 8 characters of the plugin's alphabet without look-alikes (no 0/O, 1/I); shown as
 * two groups of four. The server accepts them with or without the dash, in any case.
 */
export const USER_CODE_LENGTH = 8;

/** `ABCDEFGH` → `ABCD-EFGH`, for reading off a TV across a room. */
export function formatUserCode(code: string): string {
  const plain = normalizeUserCode(code);
  return plain.length === USER_CODE_LENGTH ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/** What a person typed (`abcd efgh`, `ABCD-EFGH`) as the plugin stores it (`ABCDEFGH`). */
export function normalizeUserCode(code: string): string {
  return code.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
}

/**
 * The page a phone opens for a code: the grant's `verification_uri` with `?code=`. (The
 * plugin's own `verification_uri_complete` uses `?user_code=`; /pair reads both.)
 */
export function pairingUrl(verificationUri: string, userCode: string): string {
  const url = new URL(verificationUri);
  url.search = '';
  url.searchParams.set('code', normalizeUserCode(userCode));
  return url.toString();
}

/** POST /api/auth/device/code */
export const ZDeviceCodeRequest = z.object({ client_id: text(), scope: text().optional() });

/** Its answer (RFC 8628 §3.2). */
export const ZDeviceCode = z.object({
  device_code: text().min(1),
  user_code: text().min(1),
  verification_uri: z.url(),
  verification_uri_complete: z.url(),
  /** Seconds until both codes expire. */
  expires_in: z.number().int().positive(),
  /** Seconds the TV waits between polls. */
  interval: z.number().int().positive(),
});
export type TDeviceCode = z.infer<typeof ZDeviceCode>;

/**
 * POST /api/auth/device/token: the TV's token once a phone approved (RFC 8628 §3.5). Since issue 18
 * `access_token` is a pairing grant (`slp_…`, PAIRING_GRANT_PREFIX in player.ts), never a session;
 * `account_email` and `account_name` say whose TV it becomes (RFC 8628 allows extra parameters).
 */
export const ZDeviceToken = z.object({
  account_email: z.string().optional(),
  account_name: z.string().optional(),
  access_token: text().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TDeviceToken = z.infer<typeof ZDeviceToken>;

/** The grant's errors, RFC 8628 §3.5 and the plugin's own. */
export const DEVICE_ERROR_CODES = [
  'authorization_pending',
  'slow_down',
  'expired_token',
  'access_denied',
  'invalid_request',
  'invalid_grant',
  'invalid_client',
  'unauthorized',
  'server_error',
] as const;
/**
 * What the TV player adds to its polls (RFC 7240 `Prefer`): "not yet" (authorization_pending,
 * slow_down) then comes as 202 Accepted with the same body, not RFC 8628's 400. A browser logs
 * every 4xx answer as a console error, and the TV polls every few seconds while it waits (issue 21,
 * lows); other clients get the standard 400.
 */
export const PAIRING_POLL_PREFER = 'pending-status=202';
/** The device-grant errors that only mean "ask again": the ones PAIRING_POLL_PREFER turns into 202. */
export const PAIRING_WAIT_ERRORS = ['authorization_pending', 'slow_down'] as const;

export const ZDeviceError = z.object({
  error: z.enum(DEVICE_ERROR_CODES),
  error_description: z.string().default(''),
});
export type TDeviceError = z.infer<typeof ZDeviceError>;

export const DEVICE_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * GET /api/auth/device?user_code=… from a signed-in phone: claims the code for that user and
 * tells its state; `client_id` and `scope` only to the user who claimed it.
 */
export const ZDeviceVerification = z.object({
  user_code: z.string(),
  status: z.enum(DEVICE_STATUSES),
  client_id: z.string().nullish(),
  scope: z.string().nullish(),
});
export type TDeviceVerification = z.infer<typeof ZDeviceVerification>;

/**
 * GET /api/v1/pairing/requests/:userCode: the TV that asked for a code, for the account that
 * claimed it on /pair, so the person sees what they are about to link (issue 18 item 1).
 */
export const ZPairingRequest = z.object({
  userCode: text(),
  /** What asked: the client's name, e.g. "Screenline TV player". */
  name: text(),
  /** Browser and system read from its user agent, e.g. "Chrome 69 on Linux". */
  platform: text(),
  /** The address it asked from, as the server saw it. */
  ipAddress: text().nullable(),
  requestedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
});
export type TPairingRequest = z.infer<typeof ZPairingRequest>;

/** POST /api/auth/device/approve and /deny */
export const ZDeviceDecision = z.object({ userCode: text().min(1) });
export const ZDeviceDecisionResult = z.object({ success: z.boolean() });

/** The plugin's error description for a code that was approved or denied already. */
export const ALREADY_PROCESSED_DESCRIPTION = 'Device code already processed';
