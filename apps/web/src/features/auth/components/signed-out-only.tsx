import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { useAuth } from '@/lib/auth-context';
import { continueTarget } from '@/lib/redirect';

/**
 * Shows its children to signed-out visitors only. A signed-in user (already, or just now)
 * continues to redirectTo, else the origin in the navigation state, else the role's dashboard,
 * else onboarding (SPEC §2). Without a readable profile the role is unknown, so it asks to retry
 * rather than sending an owner or a buyer to onboarding.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading, hasProfileError } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (user && hasProfileError) return <ProfileUnavailable />;
  if (user) {
    return (
      <Navigate
        to={continueTarget({ search: location.search, state: location.state, user })}
        replace
      />
    );
  }
  return children;
}
