import { Link, NavLink, Outlet } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { Logo } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';
import { buttonClasses } from '@/components/ui/button';
import { HELP_SECTIONS } from '@/features/help/help-topics';
import { useAuth } from '@/lib/auth-context';
import { homeFor } from '@/lib/redirect';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

function TopicNav() {
  return (
    <div className="grid gap-5">
      <NavLink
        to={paths.help.home}
        end
        className={({ isActive }) =>
          cn(
            'rounded-md px-2 py-1 text-sm font-medium',
            isActive ? 'text-primary' : 'text-foreground hover:text-primary',
          )
        }
      >
        Help home
      </NavLink>
      {HELP_SECTIONS.map((section) => (
        <div key={section.label}>
          <p className="px-2 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {section.label}
          </p>
          <ul className="grid gap-0.5">
            {section.topics.map((topic) => (
              <li key={topic.to}>
                <NavLink
                  to={topic.to}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-2 py-1.5 text-sm transition-colors',
                      isActive
                        ? 'bg-primary-soft font-medium text-primary-soft-foreground'
                        : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                    )
                  }
                >
                  {topic.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Help pages and the contact form; open to everyone. */
export function HelpLayout() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-border bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to={paths.help.home} className="flex items-center gap-2 rounded-md">
            <Logo />
            <span className="hidden rounded-md bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-soft-foreground sm:inline">
              Help
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <ThemeButton />
            {user ? (
              <Link to={homeFor(user)} className={buttonClasses('outline', 'sm')}>
                Open Screenline
              </Link>
            ) : (
              <Link to={paths.signIn} className={buttonClasses('primary', 'sm')}>
                Sign in
              </Link>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="hidden lg:block">
          <nav aria-label="Help topics" className="sticky top-24">
            <TopicNav />
          </nav>
        </aside>
        <details className="group mb-6 rounded-lg border border-border bg-surface lg:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-4 py-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
            Help topics
            <ChevronDown
              aria-hidden
              className="size-4 transition-transform group-open:rotate-180"
            />
          </summary>
          <nav aria-label="Help topics" className="border-t border-border px-2 py-4">
            <TopicNav />
          </nav>
        </details>
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          <Outlet />
        </main>
      </div>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <p>© Screenline</p>
          <div className="flex gap-5">
            <Link to={paths.help.home} className="rounded hover:text-foreground">
              Help home
            </Link>
            <Link to={paths.contact} className="rounded hover:text-foreground">
              Contact
            </Link>
          </div>
        </div>
      </footer>
    </div>
  );
}
