import { z } from 'zod';
import { text } from './text';

/**
 * Every error the product API answers with has this shape (DESIGN.md §3). Codes are kebab-case;
 * the HTTP status for each code lives in one table so server and clients agree.
 */
export const ERROR_STATUS = {
  'bad-request': 400,
  /** A money-moving POST without an Idempotency-Key header. */
  'idempotency-key-required': 400,
  'validation-failed': 400,
  /** Storage: an upload finalized with fewer or more bytes than it declared (SPEC §8). */
  'wrong-size': 400,
  unauthenticated: 401,
  'quota-exceeded': 402,
  forbidden: 403,
  /**
   * The account must turn on two-factor sign-in first (issue 18 item 4): super-users before any
   * admin route, everyone before a payout request.
   */
  'two-factor-required': 403,
  /** A request that needs a fresh two-factor code came without one, or with a wrong or used one. */
  'two-factor-code-invalid': 403,
  'not-found': 404,
  conflict: 409,
  'role-already-set': 409,
  /** A content item still used by a playlist or campaign; details.references names them. */
  'in-use': 409,
  /** Money: the wallet (or a hold) cannot cover the amount; nothing moved. */
  'insufficient-funds': 409,
  /** The request's resource is not in a state that allows it (approving a paid payout…). */
  'invalid-state': 409,
  /** An Idempotency-Key used before with a different request. */
  'idempotency-key-reused': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'range-not-satisfiable': 416,
  'too-many-requests': 429,
  internal: 500,
  unavailable: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export const ZErrorCode = z.enum(Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]]);

/**
 * The error body. `code` is one of the known codes: a client can switch over them exhaustively.
 * A code this build does not know (a newer server) fails the parse; clients then fall back to a
 * message chosen by HTTP status.
 */
export const ZApiError = z.object({
  error: z.object({
    code: ZErrorCode,
    message: text(),
    details: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

/**
 * What an `in-use` refusal names in `details.references`: the things that still use the resource
 * (a content item in playlists, a location's ad spaces, an ad space's schedule entries, a
 * playlist's schedule entries and default uses).
 */
export const ZReference = z.object({
  kind: z.enum(['playlist', 'campaign', 'adSpace', 'scheduleEntry']),
  id: text(),
  name: text(),
});
export type TReference = z.infer<typeof ZReference>;
export const ZInUseDetails = z.object({ references: z.array(ZReference) });

/**
 * What a `validation-failed` 400 carries in `details.fields`: each refused field's path, led by
 * the part of the request it was in (`body.address.city`, `query.limit`), and zod's message.
 */
export const ZValidationDetails = z.object({
  fields: z.array(z.object({ path: text(), message: text() })),
});
