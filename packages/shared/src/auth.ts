import { z } from 'zod';
import { text } from './text';
import { EMAIL_TOO_LONG_MESSAGE, MAX_EMAIL_LENGTH } from './auth-messages';

/** SPEC §5: the client uses 6 when it cannot read the server's policy. */
export const FALLBACK_MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** GET /api/v1/auth/policy */
export const ZPasswordPolicy = z.object({
  minPasswordLength: z.number().int().min(1),
  maxPasswordLength: z.number().int().min(1),
});
export type TPasswordPolicy = z.infer<typeof ZPasswordPolicy>;

export { EMAIL_TOO_LONG_MESSAGE, MAX_EMAIL_LENGTH } from './auth-messages';

export const ZEmail = text()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, EMAIL_TOO_LONG_MESSAGE)
  .email('Enter a valid email address.');

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
export type TSignIn = z.infer<typeof ZSignIn>;

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

export * from './auth-messages';
