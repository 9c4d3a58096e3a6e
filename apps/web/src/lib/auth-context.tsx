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
import { useQueryClient } from '@tanstack/react-query';
import { authErrorMessage } from '@screenline/shared/auth';
import type { TMe } from '@screenline/shared/user';
import { authClient } from '@/lib/auth-client';
import { getMe } from '@/lib/api/get-me';
import { createIdTokenCache, fetchAuthToken, NOT_AUTHENTICATED_MESSAGE } from '@/lib/id-token';

/** The signed-in user: the auth account merged with the stored profile (SPEC §3). */
export type TAuthUser = TMe;

export type TAuthContextValue = {
  user: TAuthUser | null;
  /** True while the session or the profile is being read for the first time. */
  loading: boolean;
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

type TSessionUser = typeof authClient.$Infer.Session.user;

/** The user as the auth service knows it, for when the profile cannot be read. */
export function bareAuthUser(account: TSessionUser): TAuthUser {
  return {
    uid: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    role: null,
    isSU: false,
    name: account.name,
    company: '',
    phone: '',
    createdAt: new Date(account.createdAt).toISOString(),
  };
}

async function loadUser(account: TSessionUser): Promise<TAuthUser> {
  try {
    const me = await getMe();
    return { ...bareAuthUser(account), ...me };
  } catch (error) {
    console.error('Could not read the profile; using the auth account alone.', error);
    return bareAuthUser(account);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = authClient.useSession();
  const refetchSession = session.refetch;
  const account = session.data?.user ?? null;
  const uid = account?.id ?? null;

  const [profile, setProfile] = useState<TAuthUser | null>(null);
  const [hasSignedOut, setHasSignedOut] = useState(false);
  const [tokenCache] = useState(() => createIdTokenCache({ fetchToken: fetchAuthToken }));

  // Every auth change (sign-in, sign-out, a refreshed account) reloads the profile.
  useEffect(() => {
    if (!account) {
      setProfile(null);
      return undefined;
    }
    let isCurrent = true;
    void loadUser(account).then((loaded) => {
      if (isCurrent) setProfile(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [account]);

  // A different user (or none) must never see the previous user's token or cached data.
  const previousUid = useRef(uid);
  useEffect(() => {
    if (previousUid.current === uid) return;
    previousUid.current = uid;
    tokenCache.clear();
    if (uid) setHasSignedOut(false);
    else queryClient.clear();
  }, [uid, tokenCache, queryClient]);

  const user = account && profile?.uid === account.id ? profile : null;
  const loading = session.isPending || (account !== null && user === null);

  const logout = useCallback(async () => {
    setHasSignedOut(true);
    let failure: string | null = null;
    try {
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

  const refresh = useCallback(async () => {
    if (!account) return;
    setProfile(await loadUser(account));
  }, [account]);

  const update = useCallback((partial: Partial<TAuthUser>) => {
    setProfile((current) => (current ? { ...current, ...partial } : current));
  }, []);

  const isSignedIn = user !== null;
  const getIdToken = useCallback(
    () => (isSignedIn ? tokenCache.get() : Promise.reject(new Error(NOT_AUTHENTICATED_MESSAGE))),
    [isSignedIn, tokenCache],
  );

  const value = useMemo<TAuthContextValue>(
    () => ({ user, loading, hasSignedOut, logout, refresh, update, getIdToken }),
    [user, loading, hasSignedOut, logout, refresh, update, getIdToken],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
