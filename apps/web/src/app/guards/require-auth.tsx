import { Navigate, Outlet, useLocation } from 'react-router';
import type { TRole } from '@screenline/shared/user';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuth } from '@/lib/auth-context';
import { signInPathFor } from '@/lib/redirect';

/** The role a path needs (SPEC §2): /advertiser… → advertiser, /publisher… → publisher. */
export function requiredRoleFor(pathname: string): TRole | null {
  if (pathname === '/advertiser' || pathname.startsWith('/advertiser/')) return 'advertiser';
  if (pathname === '/publisher' || pathname.startsWith('/publisher/')) return 'publisher';
  return null;
}

/**
 * Signed-in guard (SPEC §2): anonymous → /signin?redirectTo=<path+query>; a role area with the
 * wrong role → / (replace); a role area before a role was chosen → /onboarding.
 */
export function RequireAuth() {
  const { user, loading, hasSignedOut } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!user) {
    // After "Sign out" the user did not ask to come back here.
    if (hasSignedOut) return <Navigate to="/signin" replace />;
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  const requiredRole = requiredRoleFor(location.pathname);
  if (requiredRole && user.role === null) return <Navigate to="/onboarding" replace />;
  if (requiredRole && user.role !== requiredRole) return <Navigate to="/" replace />;
  return <Outlet />;
}
