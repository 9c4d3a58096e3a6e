// The auth error sentences without zod: the web app's first page needs them (every failed sign-in
// and API call) but not the schemas, and zod stays out of its start-up JavaScript this way.

/**
 * The longest e-mail address anywhere one is typed (issue 18 item 7): what SMTP can carry (RFC
 * 5321's 256-octet path less its angle brackets). Here, without zod, so that the first page's
 * inputs can say it too.
 */
export const MAX_EMAIL_LENGTH = 254;
export const EMAIL_TOO_LONG_MESSAGE = `Use an email address of at most ${MAX_EMAIL_LENGTH} characters.`;

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
  'invalid-two-factor-code':
    'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  'invalid-recovery-code': 'That recovery code is not right, or it was used already.',
  'two-factor-expired': 'The sign-in took too long. Enter your email and password again.',
  'two-factor-locked':
    'Too many wrong codes. Wait 15 minutes, then sign in again, or use a recovery code later.',
  'two-factor-already-on': 'Two-factor sign-in is already on for this account.',
  'two-factor-on-tv':
    'This account uses two-factor sign-in, which a TV cannot ask for. Sign this TV in with your phone instead: scan the QR code beside this form.',
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
  // Two-factor sign-in (issue 18 item 4).
  INVALID_CODE: 'invalid-two-factor-code',
  INVALID_BACKUP_CODE: 'invalid-recovery-code',
  INVALID_TWO_FACTOR_COOKIE: 'two-factor-expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'two-factor-expired',
  ACCOUNT_TEMPORARILY_LOCKED: 'two-factor-locked',
  TOTP_ALREADY_ENABLED: 'two-factor-already-on',
};

/** Turns a Better Auth error (code, HTTP status) or a failed fetch into a SPEC §8 code. */
export function authErrorCode(
  error: { code?: string | undefined; status?: number | undefined } | null | undefined,
): TAuthErrorCode {
  if (!error) return 'unknown';
  if (error.code === 'ACCOUNT_TEMPORARILY_LOCKED') return 'two-factor-locked';
  if (error.status === 429) return 'too-many-requests';
  if (error.code && error.code in BETTER_AUTH_CODES)
    return BETTER_AUTH_CODES[error.code] ?? 'unknown';
  if (error.status === 0 || error.code === 'NETWORK_ERROR') return 'network-request-failed';
  return 'unknown';
}

/**
 * Refusals whose sentence the server writes (it names amounts, waits and what to do): account
 * deletion while the ledger holds the user's money; an account paused after wrong passwords or
 * reset mails (it says for how long); a new password attackers try first (it says why).
 */
const SERVER_WORDED_CODES = new Set([
  'ACCOUNT_HOLDS_MONEY',
  'ACCOUNT_TEMPORARILY_LIMITED',
  'PASSWORD_TOO_COMMON',
  // Turning two-factor off: a missing, wrong or used code.
  'TWO_FACTOR_CODE_INVALID',
  'TWO_FACTOR_REQUIRED',
]);

export function authErrorMessage(
  error: (Parameters<typeof authErrorCode>[0] & { message?: string | undefined }) | null,
): string {
  if (error?.code && SERVER_WORDED_CODES.has(error.code) && error.message) return error.message;
  return AUTH_ERROR_MESSAGES[authErrorCode(error)];
}
