import { z } from 'zod';
import { text } from './text';

/**
 * Two-factor sign-in (issue 18 item 4): TOTP codes from an authenticator app, and recovery codes
 * for when the app is lost. Better Auth's twoFactor plugin serves /api/auth/two-factor/*; these
 * are the product's rules around it, shared by the server, the web app and the TV.
 */

/** The issuer authenticator apps show beside the account. */
export const TWO_FACTOR_ISSUER = 'Screenline';

/**
 * The header that carries a fresh TOTP code on a request that needs one (a payout request, which
 * names the bank account the money goes to). A header, not a body field: the Idempotency-Key's
 * fingerprint covers the body, and a retry of the same request may carry a newer code.
 */
export const TWO_FACTOR_CODE_HEADER = 'x-two-factor-code';

/** Six digits, as authenticator apps show them; spaces typed between groups are dropped. */
export const ZTotpCode = text()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** A recovery code as Better Auth makes them: ten letters and digits, "abcde-12345". */
export const ZRecoveryCode = text()
  .trim()
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Enter a recovery code, like "abcde-12345".'),
  )
  .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

/** Headers of a request that needs a fresh code: absent is refused by the server in words. */
export const ZTwoFactorCodeHeaders = z.object({
  [TWO_FACTOR_CODE_HEADER]: z.string().max(20).optional().meta({
    description:
      'A current 6-digit code from the account’s authenticator app (two-factor sign-in must be on)',
  }),
});

/** The sign-in answer when a second step is needed: no session exists yet. */
export const ZTwoFactorRedirect = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).optional(),
});

/** POST /api/auth/two-factor/enable → the key to scan and the recovery codes (shown once). */
export const ZTwoFactorEnabled = z.object({
  totpURI: z.string().startsWith('otpauth://totp/'),
  backupCodes: z.array(z.string()),
});

/** POST /api/auth/two-factor/generate-backup-codes */
export const ZBackupCodes = z.object({ backupCodes: z.array(z.string()) });
