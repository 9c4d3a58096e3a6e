import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, deviceAuthorization, jwt, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '@screenline/shared/auth';
import { TV_CLIENT_ID, USER_CODE_LENGTH } from '@screenline/shared/pairing';
import { TWO_FACTOR_ISSUER } from '@screenline/shared/two-factor';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/database';
import {
  account,
  deviceCode,
  jwks,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from '../../db/schema/index';
import type { MailService } from '../mail/mail.service';
import { createProfile } from '../me/people';
import { existingAccountSignUpMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { AUTH_RULE_CODES, answerWithoutSessionTokens, authBeforeHook } from './auth-rules';
import { betterAuthLogger } from './auth-logger';
import { sessionCachePlugin, type TSessionCache } from './session-cache';
import { accountLimitsPlugin, createAccountLimits } from './account-limits';
import { twoFactorRulesPlugin, type TStepUp } from './step-up';
import { testPasswordHashing } from './test-password-hashing';

/** The header that carries the client address into Better Auth; always set by us, never trusted from outside. */
export const CLIENT_IP_HEADER = 'x-screenline-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const TOKEN_TTL_SECONDS = 15 * 60;

const ZAnsweredUser = z.object({ user: z.object({ id: z.string() }) });

/** Better Auth's routes after which every TV of the account is signed out (issue 18 item 2). */
const SIGNS_OUT_EVERYWHERE = new Set(['/change-password', '/revoke-sessions']);

interface TAuthDeps {
  config: TConfig;
  db: TDb;
  mail: MailService;
  secret: string;
  /** Better Auth's own messages go here, so LOG_LEVEL and redaction apply to them too. */
  log: FastifyBaseLogger;
  /** Called after a user is deleted, to remove what the user owned outside the database. */
  onUserDeleted?: (userId: string) => Promise<void>;
  /** Called before a user is deleted: a sentence saying why not (nothing is deleted), or null. */
  refuseUserDeletion?: (userId: string) => Promise<string | null>;
  /**
   * Called after the user's password was changed or reset, or all their sessions were revoked
   * ("sign out everywhere"): every TV of the account signs out too (issue 18 item 2).
   */
  onSignedOutEverywhere?: (userId: string) => Promise<void>;
  /** The session plugin's in-process cache, evicted here whenever a session ends or a user changes. */
  sessionCache: Pick<TSessionCache, 'forgetSession' | 'forgetUser'>;
  /** Fresh two-factor codes (step-up.ts): turning two-factor sign-in off needs one. */
  stepUp: TStepUp;
}

export function createAuth({
  config,
  db,
  mail,
  secret,
  log,
  onUserDeleted,
  refuseUserDeletion,
  onSignedOutEverywhere,
  sessionCache,
  stepUp,
}: TAuthDeps) {
  // A password change and "sign out everywhere" end the account's other sessions; they end its
  // TVs' device tokens too. (A reset is `onPasswordReset` below: it has no session.)
  const afterHook = createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    const isRefused = returned instanceof Error || (returned instanceof Response && !returned.ok);
    if (SIGNS_OUT_EVERYWHERE.has(ctx.path) && !isRefused) {
      // change-password answers its user; revoke-sessions ran with the caller's session.
      const answered = ZAnsweredUser.safeParse(returned);
      const userId = answered.success ? answered.data.user.id : ctx.context.session?.user.id;
      if (userId) await onSignedOutEverywhere?.(userId);
    }
    return answerWithoutSessionTokens(ctx);
  });

  return betterAuth({
    appName: 'Screenline',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // --- security: logging and the product's rules on Better Auth's routes (auth-rules.ts) ---
    logger: betterAuthLogger(log),
    hooks: { before: authBeforeHook, after: afterHook },
    // --- end security ---
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        // The user table is the me module's; Better Auth's adapter writes it itself (sign-up,
        // the confirmed address, the two-factor flag), the one place another module does.
        user,
        session,
        account,
        verification,
        jwks,
        deviceCode,
        rateLimit,
        twoFactor: twoFactorTable,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.passwordMinLength,
      ...(config.passwordHashing === 'fast-for-tests' ? { password: testPasswordHashing } : {}),
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up answers the same whether or not the address has an account (issue 18 item 7):
      // no session either way (the client signs in next, docs/decisions.md), and Better Auth
      // answers an existing address with a made-up user after hashing the password all the same.
      // The owner of that address gets a mail saying what to do.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await mail.enqueue(
          existingAccountSignUpMail(
            user.email,
            `${config.publicUrl}/signin`,
            `${config.publicUrl}/forgot-password`,
          ),
        );
      },
      // Signing in does not wait for the email to be confirmed: the profile page shows the state
      // and offers a resend (docs/decisions.md).
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await onSignedOutEverywhere?.(user.id);
      },
      sendResetPassword: async ({ user, url }) => {
        await mail.enqueue(resetPasswordMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.enqueue(verifyEmailMail(user.email, url));
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        // Runs after the password check and before anything is deleted.
        beforeDelete: async (user) => {
          const refusal = await refuseUserDeletion?.(user.id);
          if (refusal)
            throw APIError.from('BAD_REQUEST', {
              code: AUTH_RULE_CODES.accountHoldsMoney,
              message: refusal,
            });
        },
        afterDelete: async (user) => {
          await onUserDeleted?.(user.id);
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Sessions in use are extended once a day, so an active user stays signed in.
      updateAge: 60 * 60 * 24,
      // No cookie cache: a signed session cookie would keep a revoked session alive on the other
      // devices until it expired. The session plugin caches in process instead, evicted on
      // revocation (session-cache.ts, docs/decisions.md).
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.authRateLimit,
      // Several instances share counters through PostgreSQL; one embedded instance keeps them in memory.
      storage: config.databaseUrl ? 'database' : 'memory',
      window: 60,
      max: 100,
      // Per client address (ASVS V6.3.1): every route that takes a secret (password, reset or
      // verification token, pairing code) or sends mail has a limit of its own; the rest share
      // the default above. The limits and their tests: docs/decisions.md, security-asvs.test.ts.
      customRules: {
        // Reading the session is no guess: a busy office behind one address loads many pages,
        // and a 429 here made the web app think it was signed out (issue 18 item 3).
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
        // The verification link (its token in the query). The reset link has its token in the
        // path, which Better Auth counts per path: auth.routes.ts limits it.
        '/verify-email': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 5 },
        '/delete-user': { window: 60, max: 5 },
        // TV pairing: a TV asks for codes and polls; a phone looks up (GET /device, the
        // plugin's own limit: 5 per code lifetime) and approves or denies a typed code.
        '/device/code': { window: 60, max: 20 },
        '/device/token': { window: 5, max: 10 },
        '/device/approve': { window: 60, max: 10 },
        '/device/deny': { window: 60, max: 10 },
        // Two-factor codes: the plugin's own limit is 3 per 10 s per address on /two-factor/*;
        // per account, the plugin locks sign-in codes after 10 wrong ones for 15 minutes and
        // step-up.ts pauses the others (issue 18 item 4).
      },
    },
    advanced: {
      // Better Auth skips origin checks when it detects a test runner; the tests must see what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            // SUPER_USER_EMAILS names the operators' own accounts: they are super-users from sign-up.
            const isSU = config.superUserEmails.includes(user.email.toLowerCase());
            await createProfile(db, user.id, isSU);
          },
        },
      },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: `${TOKEN_TTL_SECONDS}s`,
          // `sid` binds the token to its session: the storage service refuses it once that
          // session ends (sign-out, password change or reset, account deletion).
          definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
        },
        // The plugin would otherwise sign a JWT (and read and decrypt its key) on every session
        // read, for a `set-auth-jwt` header no client uses: they ask GET /api/auth/token.
        disableSettingJwtHeader: true,
      }),
      bearer(),
      // TV pairing (docs/decisions.md): the phone opens /pair on the web origin; only the
      // player's client id is accepted; 8-character codes without look-alike letters.
      deviceAuthorization({
        verificationUri: '/pair',
        expiresIn: `${config.pairing.codeTtlSeconds}s`,
        interval: `${config.pairing.pollIntervalSeconds}s`,
        userCodeLength: USER_CODE_LENGTH,
        validateClient: (clientId) => clientId === TV_CLIENT_ID,
      }),
      // Two-factor sign-in (issue 18 item 4, docs/security.md): TOTP from an authenticator app and
      // ten single-use recovery codes, both stored encrypted with the auth secret. Turning it on
      // takes the password and a first valid code; off takes the password and a code.
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        // The challenge between password and code lives 10 minutes; 10 wrong codes in a row
        // (across challenges) lock the account's second step for 15 minutes.
        twoFactorCookieMaxAge: 600,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
      twoFactorRulesPlugin(stepUp),
      sessionCachePlugin(sessionCache),
      // Failed sign-ins and reset mails per account, in the database (issue 18 item 3).
      ...(config.authRateLimit ? [accountLimitsPlugin(createAccountLimits(db))] : []),
    ],
  });
}

export type TAuth = ReturnType<typeof createAuth>;
