import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authErrorMessage } from '@screenline/shared/auth-messages';
import type { TAuthSessionUser } from '@screenline/shared/auth-session';
import type { TMe } from '@screenline/shared/user';
import { ApiError } from '@/lib/api-client';
import { getSession, onSessionChange, sessionQueryKey } from '@/lib/session';
import { getMe } from '@/lib/api/get-me';
import { createIdTokenCache, fetchAuthToken, NOT_AUTHENTICATED_MESSAGE } from '@/lib/id-token';
import { toast } from '@/lib/toast';

/** The signed-in user: the auth account merged with the stored profile (SPEC §3). */
export type TAuthUser = TMe;

export type TAuthContextValue = {
  user: TAuthUser | null;
  /** True while the session is read, and while the profile is read or retried. */
  loading: boolean;
  /**
   * True when the profile could not be read even after retries: `user` is then the bare auth user
   * (SPEC §4), whose missing role and isSU say nothing about the account. Guards show a retry
   * message instead of treating such a user as new or as a non-super-user.
   */
  hasProfileError: boolean;
  /** True after the user chose to sign out (guards then go to /signin without a redirectTo). */
  hasSignedOut: boolean;
  logout: () => Promise<void>;
  /** Re-reads GET /api/v1/me. */
  refresh: () => Promise<void>;
  /** Merges fields into the user locally (after a successful PATCH, for example). */
  update: (partial: Partial<TAuthUser>) => void;
  /** A short-lived JWT; rejects with "User is not authenticated" when signed out. */
  getIdToken: () => Promise<string>;
};

export const AuthContext = createContext<TAuthContextValue | null>(null);

export function useAuth(): TAuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthProvider');
  return value;
}

/** The user as the auth service knows it, for when the profile cannot be read. */
export function bareAuthUser(account: TAuthSessionUser): TAuthUser {
  return {
    uid: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    role: null,
    isSU: false,
    twoFactorEnabled: false,
    name: account.name,
    company: '',
    phone: '',
    createdAt: new Date(account.createdAt).toISOString(),
  };
}

/** Attempts after the first failed profile read; the client's default backoff spaces them. */
export const PROFILE_RETRIES = 3;

export const profileQueryKey = (uid: string) => ['me', uid] as const;

/**
 * A 4xx (the session ended, say) will not improve by asking again; anything else may, and so may
 * a 429 (too many requests: a while later it passes).
 */
function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && isClientRefusal(error.status)) return false;
  return failureCount < PROFILE_RETRIES;
}

function isClientRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429;
}

/**
 * Whether a failed session read says nothing about the session (issue 18 item 3): too many
 * requests (429), a server error or no answer. The session is then unknown, not ended, and is
 * read again; the user stays signed in meanwhile.
 */
export function isSessionUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || !isClientRefusal(error.status);
}

/** Waits between session reads that said nothing: 1, 2, 4, 8, 16, then every 30 seconds. */
export function sessionRetryDelay(failureCount: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failureCount - 1));
}

export const SESSION_BUSY_MESSAGE =
  'Screenline is busy right now (too many requests). You are still signed in; trying again in a moment.';
export const SESSION_UNREACHABLE_MESSAGE =
  'Screenline cannot be reached right now. You are still signed in; trying again in a moment.';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The session is read without the Better Auth client (lib/session.ts), again on focus (another
  // tab may have signed in or out) and whenever the client reports an action that changes it.
  // A read that says nothing about the session (429, 5xx, no answer) is asked again for as long
  // as it takes; until one answers, the app waits (loading) and never decides "signed out".
  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: (_failureCount, error) => isSessionUnknown(error),
    retryDelay: sessionRetryDelay,
  });
  const sessionFailure = session.failureReason;
  useEffect(() => {
    if (!sessionFailure || !isSessionUnknown(sessionFailure)) return;
    const isBusy = sessionFailure instanceof ApiError && sessionFailure.status === 429;
    // One toast per outage: the id replaces the previous one instead of stacking them.
    toast.warning(isBusy ? SESSION_BUSY_MESSAGE : SESSION_UNREACHABLE_MESSAGE, {
      id: 'session-unknown',
    });
  }, [sessionFailure]);
  const refetchSession = session.refetch;
  useEffect(() => onSessionChange(() => void refetchSession()), [refetchSession]);
  const account = session.data?.user ?? null;
  const uid = account?.id ?? null;

  const [hasSignedOut, setHasSignedOut] = useState(false);
  const [tokenCache] = useState(() => createIdTokenCache({ fetchToken: fetchAuthToken }));

  const profile = useQuery({
    queryKey: profileQueryKey(uid ?? ''),
    queryFn: getMe,
    enabled: uid !== null,
    retry: shouldRetryProfile,
    staleTime: Infinity,
  });
  const profileError = profile.error;
  useEffect(() => {
    if (profileError) {
      console.error('Could not read the profile; using the auth account alone.', profileError);
    }
  }, [profileError]);

  // SPEC §4: every auth change reloads the profile. A new uid is a new query; a refreshed account
  // of the same user (a verified email, a new name) reads it again.
  const previousAccount = useRef(account);
  useEffect(() => {
    const previous = previousAccount.current;
    previousAccount.current = account;
    if (account && previous && previous !== account && previous.id === account.id) {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(account.id) });
    }
  }, [account, queryClient]);

  // A different user (or none) must never see the previous user's token or cached data.
  const previousUid = useRef(uid);
  useEffect(() => {
    if (previousUid.current === uid) return;
    previousUid.current = uid;
    tokenCache.clear();
    if (uid) setHasSignedOut(false);
    // Everything but the session query itself, which just said "signed out".
    else {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.getMutationCache().clear();
    }
  }, [uid, tokenCache, queryClient]);

  const user = useMemo<TAuthUser | null>(() => {
    if (!account) return null;
    if (profile.data) return { ...bareAuthUser(account), ...profile.data };
    return profile.isError ? bareAuthUser(account) : null;
  }, [account, profile.data, profile.isError]);
  // A failed read while data is at hand (a background refetch) keeps the data: not an error here.
  const hasProfileError = account !== null && profile.isError && !profile.data;
  const loading = session.isPending || (account !== null && user === null);

  const logout = useCallback(async () => {
    setHasSignedOut(true);
    let failure: string | null = null;
    try {
      const { authClient } = await import('@/lib/auth-client');
      const { error } = await authClient.signOut();
      // A 4xx means there is no session left to end (the account was just deleted, say): fine.
      if (error && (error.status === 0 || error.status >= 500)) failure = authErrorMessage(error);
    } catch {
      failure = authErrorMessage({ status: 0 });
    }
    tokenCache.clear();
    if (failure) {
      setHasSignedOut(false);
      throw new Error(failure);
    }
    // Read the session now so the app sees "signed out" as soon as this resolves.
    await refetchSession();
  }, [refetchSession, tokenCache]);

  const refetchProfile = profile.refetch;
  const refresh = useCallback(async () => {
    if (!uid) return;
    await refetchProfile();
  }, [uid, refetchProfile]);

  const update = useCallback(
    (partial: Partial<TAuthUser>) => {
      if (!account) return;
      // After a failed read the bare auth user is what the app shows: merge into that.
      queryClient.setQueryData<TMe>(profileQueryKey(account.id), (current) => ({
        ...(current ?? bareAuthUser(account)),
        ...partial,
      }));
    },
    [account, queryClient],
  );

  const isSignedIn = user !== null;
  const getIdToken = useCallback(
    () => (isSignedIn ? tokenCache.get() : Promise.reject(new Error(NOT_AUTHENTICATED_MESSAGE))),
    [isSignedIn, tokenCache],
  );

  const value = useMemo<TAuthContextValue>(
    () => ({
      user,
      loading,
      hasProfileError,
      hasSignedOut,
      logout,
      refresh,
      update,
      getIdToken,
    }),
    [user, loading, hasProfileError, hasSignedOut, logout, refresh, update, getIdToken],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
