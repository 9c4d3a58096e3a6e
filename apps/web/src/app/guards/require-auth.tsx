import { Navigate, Outlet, useLocation } from 'react-router';
import type { TRole } from '@screenline/shared/user';
import { LoadingScreen } from '@/components/loading-screen';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { signInPathFor } from '@/lib/redirect';

/** The role a path needs (SPEC §2): /advertiser… → advertiser, /publisher… → publisher. */
export function requiredRoleFor(pathname: string): TRole | null {
  if (pathname === paths.advertiser.root || pathname.startsWith(`${paths.advertiser.root}/`))
    return 'advertiser';
  if (pathname === paths.publisher.root || pathname.startsWith(`${paths.publisher.root}/`))
    return 'publisher';
  return null;
}

/**
 * Signed-in guard (SPEC §2): anonymous → /signin?redirectTo=<path+query>; a role area with the
 * wrong role → / (replace); a role area before a role was chosen → /onboarding. While the profile
 * is read (and retried) it waits; when the read failed, a page that depends on the role (a role
 * area, onboarding) shows a retry message instead of judging the bare auth user (SPEC §4).
 */
export function RequireAuth() {
  const { user, loading, hasSignedOut, hasProfileError } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!user) {
    // After "Sign out" the user did not ask to come back here.
    if (hasSignedOut) return <Navigate to={paths.signIn} replace />;
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  const requiredRole = requiredRoleFor(location.pathname);
  if (hasProfileError && (requiredRole !== null || location.pathname === paths.onboarding)) {
    return <ProfileUnavailable />;
  }
  if (requiredRole && user.role === null) return <Navigate to={paths.onboarding} replace />;
  if (requiredRole && user.role !== requiredRole) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
