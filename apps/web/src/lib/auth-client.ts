import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';
import { authErrorMessage } from '@screenline/shared/auth-messages';
import { announceSessionChange } from '@/lib/session';

/**
 * Better Auth on the same origin (the server mounts it at /api/auth). Import it only where an auth
 * action runs, or load it with `import()` on pages every visitor opens: the session itself is read
 * without it (lib/session.ts), so the first page does not carry it.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  // Two-factor sign-in (issue 18 item 4): the sign-in form shows the second step itself when the
  // answer says `twoFactorRedirect`, so no redirect is configured here.
  plugins: [twoFactorClient()],
});

// Better Auth flips this signal after every action that may change the session (sign-in, sign-out,
// a changed email…); the auth context then reads the session again. The store calls a new
// listener at once with the current value: that first call is no change.
let isFirstSignal = true;
authClient.$store.listen('$sessionSignal', () => {
  if (isFirstSignal) {
    isFirstSignal = false;
    return;
  }
  announceSessionChange();
});

type TAuthResult = {
  error: { code?: string | undefined; status: number; message?: string | undefined } | null;
};

/**
 * Runs a Better Auth call and turns its failure into a sentence (SPEC §8): an error answer through
 * authErrorMessage, a failed request as "network-request-failed". Null means it succeeded.
 */
export async function runAuthAction(call: () => Promise<TAuthResult>): Promise<string | null> {
  try {
    const { error } = await call();
    return error ? authErrorMessage(error) : null;
  } catch (error) {
    console.error(error);
    return authErrorMessage({ status: 0 });
  }
}
