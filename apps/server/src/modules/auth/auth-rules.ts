import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { ZName } from '@screenline/shared/user';
import { hasNul, NUL_MESSAGE, text } from '@screenline/shared/text';
import { EMAIL_TOO_LONG_MESSAGE, MAX_EMAIL_LENGTH } from '@screenline/shared/auth';
import { weakPasswordReason } from './password-strength';

/**
 * The product's rules on Better Auth's own routes, which parse their bodies with their own
 * schemas: no NUL anywhere, the profile's name rules, http(s) images only, e-mail addresses of at
 * most 254 characters, the current password for deleting the account, and a new password that
 * differs from the current one and is not a common one.
 */

/** Error codes these rules answer with, in Better Auth's `{ code, message }` shape. */
export const AUTH_RULE_CODES = {
  invalidInput: 'INVALID_INPUT',
  passwordRequired: 'PASSWORD_REQUIRED',
  passwordUnchanged: 'PASSWORD_UNCHANGED',
  /** A password attackers try first (password-strength.ts); the message says why. */
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  /** Account deletion while the ledger holds the user's money (auth.ts `beforeDelete`). */
  accountHoldsMoney: 'ACCOUNT_HOLDS_MONEY',
} as const;

// `image` is a link the web app may show: only http(s), so no javascript: or data: URL is stored.
const ZImage = text()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
    message: 'must be an http or https URL',
  })
  .nullable();

function refuse(code: string, message: string): APIError {
  return APIError.from('BAD_REQUEST', { code, message });
}

/** The first string inside `value` (any depth) that holds a NUL, as a dotted path; null if none. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      // A NUL in a key is as bad as one in a value: keys become column names or JSON keys.
      if (hasNul(key)) return path ? `${path}.${key}` : key;
      const found = findNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

function checkField<T>(schema: z.ZodType<T>, value: unknown, field: string): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'is not valid';
    throw refuse(AUTH_RULE_CODES.invalidInput, `${field}: ${message}`);
  }
}

const ZBody = z.record(z.string(), z.unknown());

/** Where each route takes a new password. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/**
 * Refuses a new password attackers try first, with the reason in words (issue 18 item 4). The
 * e-mail and name typed beside it count as guessable words. A password outside the length rules
 * is left to Better Auth, which says what the length must be.
 */
function checkNewPassword(
  path: string,
  body: Record<string, unknown>,
  lengths: { minPasswordLength: number; maxPasswordLength: number },
): void {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? body[field] : undefined;
  if (typeof password !== 'string') return;
  if (password.length < lengths.minPasswordLength || password.length > lengths.maxPasswordLength)
    return;
  const reason = weakPasswordReason(password, {
    email: typeof body.email === 'string' ? body.email : undefined,
    name: typeof body.name === 'string' ? body.name : undefined,
  });
  if (reason) throw refuse(AUTH_RULE_CODES.passwordTooCommon, reason);
}

/**
 * Where a request to Better Auth carries a NUL (`query.token`, `body.name`, `url`), or null.
 * Checked in the Fastify mount before Better Auth sees the request: its origin checks and
 * redirects would otherwise answer first, and its database writes fail on a NUL with a 500.
 */
export function findNulInRequest(request: {
  url: string;
  query: unknown;
  body: unknown;
}): string | null {
  if (/%00/i.test(request.url)) return 'url';
  const inQuery = findNul(request.query);
  if (inQuery) return `query.${inQuery}`;
  // Form bodies (the device grant) arrive as the raw string.
  if (typeof request.body === 'string' && /%00/i.test(request.body)) return 'body';
  const inBody = findNul(request.body);
  return inBody ? `body.${inBody}` : null;
}

/** The answer to a request with a NUL, in Better Auth's error shape. */
export function nulRefusal(where: string) {
  return { code: AUTH_RULE_CODES.invalidInput, message: `${where}: ${NUL_MESSAGE}` };
}

export const authBeforeHook = createAuthMiddleware(async (ctx) => {
  const parsed = ZBody.safeParse(ctx.body);
  const body = parsed.success ? parsed.data : {};

  // Better Auth's own e-mail check takes any length (a 60,000-character address signed up).
  for (const field of ['email', 'newEmail']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim().length > MAX_EMAIL_LENGTH) {
      throw refuse(AUTH_RULE_CODES.invalidInput, `${field}: ${EMAIL_TOO_LONG_MESSAGE}`);
    }
  }
  checkNewPassword(ctx.path, body, ctx.context.password.config);
  switch (ctx.path) {
    case '/sign-up/email':
      checkField(ZName, body.name, 'name');
      if ('image' in body) checkField(ZImage, body.image, 'image');
      break;
    case '/update-user':
      if ('name' in body) checkField(ZName, body.name, 'name');
      if ('image' in body) checkField(ZImage, body.image, 'image');
      break;
    case '/delete-user':
      // Better Auth deletes without a password when the session is under a day old; a stolen
      // or unattended session must not be enough to erase an account and its files.
      if (typeof body.password !== 'string' || body.password.length === 0) {
        throw refuse(
          AUTH_RULE_CODES.passwordRequired,
          'Enter your current password to delete the account.',
        );
      }
      break;
    case '/change-password':
      if (
        typeof body.newPassword === 'string' &&
        body.newPassword.length > 0 &&
        body.newPassword === body.currentPassword
      ) {
        throw refuse(
          AUTH_RULE_CODES.passwordUnchanged,
          'The new password is the same as the current one. Choose a different password.',
        );
      }
      break;
    default:
      break;
  }
  // Names are stored trimmed, as the profile form stores them.
  if (
    (ctx.path === '/sign-up/email' || ctx.path === '/update-user') &&
    typeof body.name === 'string' &&
    body.name !== body.name.trim()
  ) {
    return { context: { body: { ...body, name: body.name.trim() } } };
  }
  return undefined;
});

/**
 * Session tokens never leave in a response body: sign-in, sign-up and change-password return
 * `token`, get-session, update-session and list-sessions return sessions with their `token`.
 * The browser keeps the session in its HttpOnly cookie, which a script cannot read; a token in a
 * body would undo that. The TV's bearer flow gets its token elsewhere (docs/decisions.md).
 */
export function withoutSessionTokens(value: unknown, depth = 0): unknown {
  if (depth > 3 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSessionTokens(item, depth + 1));
  if (value instanceof Date) return value;
  const entries = Object.entries(value);
  const keys = new Set(entries.map(([key]) => key));
  // A session row (`userId` beside `token`) or a sign-in answer (`user` beside `token`).
  const isSessionToken = keys.has('token') && (keys.has('userId') || keys.has('user'));
  return Object.fromEntries(
    entries
      .filter(([key]) => !(isSessionToken && key === 'token'))
      .map(([key, item]) => [key, withoutSessionTokens(item, depth + 1)]),
  );
}

export const authAfterHook = createAuthMiddleware(async (ctx) => answerWithoutSessionTokens(ctx));

/** The after hook's work, callable from another after hook (auth.ts composes it). */
export function answerWithoutSessionTokens(ctx: {
  request?: Request | undefined;
  context: { returned?: unknown };
}): unknown {
  // Only answers that leave over HTTP: the server's own calls (the session plugin reads the token
  // to evict its cache on sign-out) have no request and keep the token.
  if (!ctx.request) return undefined;
  const returned: unknown = ctx.context.returned;
  if (typeof returned !== 'object' || returned === null || returned instanceof Error) {
    return undefined;
  }
  if (returned instanceof Response) return undefined;
  return withoutSessionTokens(returned);
}
