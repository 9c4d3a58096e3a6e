import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuth } from '@/lib/auth-context';

/**
 * Super-user guard (SPEC §2): anonymous → /signin with the origin path as navigation state;
 * signed in without isSU → /.
 */
export function RequireSuperUser() {
  const { user, loading, hasSignedOut } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!user) {
    if (hasSignedOut) return <Navigate to="/signin" replace />;
    return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!user.isSU) return <Navigate to="/" replace />;
  return <Outlet />;
}
