import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuth } from '@/lib/auth-context';
import { continueTarget } from '@/lib/redirect';

/**
 * Shows its children to signed-out visitors only. A signed-in user (already, or just now)
 * continues to redirectTo, else the origin in the navigation state, else the role's dashboard,
 * else onboarding (SPEC §2).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (user) {
    return (
      <Navigate
        to={continueTarget({ search: location.search, state: location.state, role: user.role })}
        replace
      />
    );
  }
  return children;
}
