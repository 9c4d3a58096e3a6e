import { createAuthClient } from 'better-auth/react';
import { authErrorMessage } from '@screenline/shared/auth-messages';

/** Better Auth on the same origin (the server mounts it at /api/auth). */
export const authClient = createAuthClient({ baseURL: `${window.location.origin}/api/auth` });

type TAuthResult = { error: { code?: string | undefined; status: number } | null };

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
