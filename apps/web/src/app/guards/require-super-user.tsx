import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

/**
 * Super-user guard (SPEC §2): anonymous → /signin with the origin path as navigation state;
 * signed in without isSU → /. A failed profile read shows a retry message: the bare auth user's
 * isSU is false whatever the account really is.
 */
export function RequireSuperUser() {
  const { user, loading, hasSignedOut, hasProfileError } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!user) {
    if (hasSignedOut) return <Navigate to={paths.signIn} replace />;
    return (
      <Navigate to={paths.signIn} replace state={{ from: location.pathname + location.search }} />
    );
  }
  if (hasProfileError) return <ProfileUnavailable />;
  if (!user.isSU) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
