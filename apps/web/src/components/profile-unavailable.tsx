import { useState } from 'react';
import { Logo } from '@/components/logo';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';

/**
 * Shown instead of a redirect when the profile could not be read (SPEC §4 then uses the bare auth
 * user, which has no role and no isSU): sending an owner to onboarding or hiding /admin from a
 * super-user on a read failure would be wrong, so the user is asked to try again.
 */
export function ProfileUnavailable() {
  const { refresh, logout } = useAuth();
  const [isRetrying, setIsRetrying] = useState(false);
  const retry = () => {
    setIsRetrying(true);
    void refresh().finally(() => setIsRetrying(false));
  };
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-12"
    >
      <Logo className="text-lg" />
      <div className="w-full max-w-md">
        <Alert tone="error" title="Your account details could not be loaded">
          Screenline could not reach your profile, so it cannot tell which pages are yours. Check
          your connection and try again.
        </Alert>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Button onClick={retry} isPending={isRetrying}>
            Try again
          </Button>
          <Button variant="ghost" onClick={() => void logout().catch(() => undefined)}>
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
