import { Link, Outlet } from 'react-router';
import { LogOut } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Logo } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { homeFor } from '@/lib/redirect';

/** Onboarding and TV pairing: a focused page with the logo, the theme button and sign-out. */
export function MinimalLayout() {
  const { user, logout } = useAuth();
  const signOut = () => {
    logout().catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'Could not sign out.'),
    );
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between gap-3 border-b border-border bg-surface px-4 py-3 sm:px-8">
        <Link to={user ? homeFor(user) : paths.home} className="rounded-md">
          <Logo className="text-lg" />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeButton />
          {user && (
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden />
              Sign out
            </Button>
          )}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 focus:outline-none sm:px-8 sm:py-12"
      >
        <Outlet />
      </main>
    </div>
  );
}
