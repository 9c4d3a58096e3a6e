import { ZAuthSession, type TAuthSession } from '@screenline/shared/auth-session';
import { AUTH_PATHS } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

export const sessionQueryKey = ['auth-session'] as const;

/**
 * GET /api/auth/get-session with a plain fetch: the Better Auth client (about 11 KiB gzipped) then
 * loads only when a page calls an auth action (sign-in, sign-out, …), not with the first page.
 */
export function getSession(): Promise<TAuthSession> {
  return apiRequest(AUTH_PATHS.getSession, ZAuthSession);
}

const sessionListeners = new Set<() => void>();

/** Called by the Better Auth client whenever an action may have changed the session. */
export function announceSessionChange(): void {
  for (const listener of sessionListeners) listener();
}

export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
