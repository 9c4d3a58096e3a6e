import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { useAuth } from '@/lib/auth-context';
import { paths, TWO_FACTOR_ENROLMENT } from '@/lib/paths';

/**
 * Super-user guard (SPEC §2): anonymous → /signin with the origin path as navigation state;
 * signed in without isSU → /; a super-user without two-factor sign-in → the profile's two-factor
 * section, which says why. A failed profile read shows a retry message: the bare auth user's
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
  // Super-users act as such only with two-factor sign-in on (issue 18 item 4): enrol first.
  if (!user.twoFactorEnabled) return <Navigate to={TWO_FACTOR_ENROLMENT} replace />;
  return <Outlet />;
}
