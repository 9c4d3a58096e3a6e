import { z } from 'zod';
import { text } from './text';

/** SPEC §5: the client uses 6 when it cannot read the server's policy. */
export const FALLBACK_MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** GET /api/v1/auth/policy */
export const ZPasswordPolicy = z.object({
  minPasswordLength: z.number().int().min(1),
  maxPasswordLength: z.number().int().min(1),
});
export type TPasswordPolicy = z.infer<typeof ZPasswordPolicy>;

export const ZEmail = text().trim().toLowerCase().email('Enter a valid email address.');

export function makePasswordSchema(minLength: number) {
  return text()
    .min(minLength, `Use at least ${minLength} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);
}

type TNewPasswordFields = { password: string; confirmPassword: string };

/**
 * The one confirmation rule of the sign-up, reset-password and change-password forms: the new
 * password typed twice must match. Takes the form's object schema, whatever else it holds.
 */
export function confirmingNewPassword<TSchema extends z.ZodType<TNewPasswordFields>>(
  schema: TSchema,
): TSchema {
  return schema.refine((v: TNewPasswordFields) => v.password === v.confirmPassword, {
    message: 'The passwords do not match.',
    path: ['confirmPassword'],
  });
}

/** The new password and its confirmation field, for the forms above. */
export function newPasswordFields(minLength: number) {
  return { password: makePasswordSchema(minLength), confirmPassword: z.string() };
}

/** Reset password: a new password, typed twice. */
export function makeNewPasswordSchema(minLength: number) {
  return confirmingNewPassword(z.object(newPasswordFields(minLength)));
}

export function makeSignUpSchema(minLength: number) {
  return confirmingNewPassword(z.object({ email: ZEmail, ...newPasswordFields(minLength) }));
}

/** Change password: the current one, and a new one (typed twice) that differs from it. */
export function makeChangePasswordSchema(minLength: number) {
  return confirmingNewPassword(
    z.object({
      currentPassword: z.string().min(1, 'Enter your current password.'),
      ...newPasswordFields(minLength),
    }),
  ).refine((v) => v.password !== v.currentPassword, {
    message: 'Choose a password different from your current one.',
    path: ['password'],
  });
}

export const ZSignIn = z.object({
  email: ZEmail,
  password: text().min(1, 'Enter your password.'),
});

/**
 * A client that keeps its session as a bearer token (the TV player) sends this header with the
 * value `bearer` on `POST /api/auth/sign-in/email`; only then does the answer carry the session
 * token, in the `set-auth-token` header. Browsers keep the session in the HttpOnly cookie and
 * never see the token (docs/decisions.md).
 */
export const BEARER_TRANSPORT_HEADER = 'x-screenline-auth-transport';

/** GET /api/auth/token (better-auth jwt plugin). */
export const ZAuthToken = z.object({ token: text().min(1) });

/** The claims the server puts into that token. */
export const ZTokenClaims = z.object({
  sub: text(),
  exp: z.number(),
  email: text().optional(),
});

/**
 * Auth error codes of SPEC §8 and the sentence each one shows. Better Auth's own codes map onto
 * these in `authErrorCode`.
 */
export const AUTH_ERROR_MESSAGES = {
  'wrong-password': 'That password is not correct.',
  'email-already-in-use': 'An account with this email already exists. Sign in instead.',
  'user-not-found': 'There is no account with this email.',
  'too-many-requests': 'Too many attempts. Wait a minute, then try again.',
  'invalid-credential': 'The email or password is not correct.',
  'network-request-failed': 'Screenline cannot be reached. Check your connection and try again.',
  'unauthorized-domain':
    'This site is not allowed to sign in to Screenline. Open it from its usual address.',
  'popup-blocked': 'The sign-in window was blocked by the browser. Allow pop-ups and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'cancelled-popup-request': 'Another sign-in window is already open.',
  'invalid-api-key': 'Screenline is misconfigured. Contact support.',
  'weak-password': 'Choose a longer password.',
  'invalid-email': 'Enter a valid email address.',
  'expired-token': 'This link has expired. Ask for a new one.',
  'invalid-token': 'This link is not valid or was already used. Ask for a new one.',
  'requires-recent-login': 'Sign in again to do this.',
  'same-password': 'The new password is the same as the current one. Choose a different password.',
  'password-required': 'Enter your current password.',
  unknown: 'Something went wrong. Try again.',
} as const;
export type TAuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

const BETTER_AUTH_CODES: Record<string, TAuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_EMAIL: 'invalid-email',
  INVALID_PASSWORD: 'wrong-password',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'user-not-found',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  INVALID_TOKEN: 'invalid-token',
  TOKEN_EXPIRED: 'expired-token',
  INVALID_ORIGIN: 'unauthorized-domain',
  MISSING_OR_NULL_ORIGIN: 'unauthorized-domain',
  SESSION_EXPIRED: 'requires-recent-login',
  TOO_MANY_REQUESTS: 'too-many-requests',
  PASSWORD_UNCHANGED: 'same-password',
  PASSWORD_REQUIRED: 'password-required',
};

/** Turns a Better Auth error (code, HTTP status) or a failed fetch into a SPEC §8 code. */
export function authErrorCode(
  error: { code?: string | undefined; status?: number | undefined } | null | undefined,
): TAuthErrorCode {
  if (!error) return 'unknown';
  if (error.status === 429) return 'too-many-requests';
  if (error.code && error.code in BETTER_AUTH_CODES)
    return BETTER_AUTH_CODES[error.code] ?? 'unknown';
  if (error.status === 0 || error.code === 'NETWORK_ERROR') return 'network-request-failed';
  return 'unknown';
}

export function authErrorMessage(error: Parameters<typeof authErrorCode>[0]): string {
  return AUTH_ERROR_MESSAGES[authErrorCode(error)];
}
