import { useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ChevronDown, CircleHelp, LifeBuoy, LogOut, Menu, Sparkles, UserRound } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ROLE_LABELS } from '@screenline/shared/user';
import { Logo } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentPageTitle } from '@/hooks/use-page-title';
import { useAuth, type TAuthUser } from '@/lib/auth-context';
import { homeFor } from '@/lib/redirect';
import { cn, initialsOf } from '@/lib/utils';
import { navigationFor, sectionFor } from '@/app/navigation';
import { DevBanner } from '@/features/dev-banner/components/dev-banner';
import { paths } from '@/lib/paths';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors [&_svg]:size-[18px] [&_svg]:shrink-0',
    isActive
      ? 'bg-primary-soft text-primary-soft-foreground'
      : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
  );

function SidebarNav({ user, onNavigate }: { user: TAuthUser; onNavigate?: () => void }) {
  const groups = navigationFor(user.role, user.isSU);
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
      {/* A super-user works without a role (issue 21 item 1): no nudge to choose one. */}
      {user.role === null && !user.isSU && (
        <div className="rounded-lg border border-primary/25 bg-primary-soft p-3 text-sm text-primary-soft-foreground">
          <p className="font-medium">Finish setting up</p>
          <p className="mt-1 opacity-90">Choose how you use Screenline to see your pages.</p>
          <Link
            to={paths.onboarding}
            onClick={onNavigate}
            className="mt-2 inline-flex items-center gap-1.5 rounded font-medium underline underline-offset-4"
          >
            <Sparkles aria-hidden className="size-4" />
            Choose your role
          </Link>
        </div>
      )}
      {groups.map((group) => (
        <div key={group.label}>
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group.label}
          </p>
          <ul className="grid gap-0.5">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={navLinkClasses} onClick={onNavigate}>
                  <Icon aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="mt-auto border-t border-border pt-4">
        <ul className="grid gap-0.5">
          <li>
            <NavLink to={paths.profile} className={navLinkClasses} onClick={onNavigate}>
              <UserRound aria-hidden />
              Profile
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.help.home} className={navLinkClasses} onClick={onNavigate}>
              <LifeBuoy aria-hidden />
              Help
            </NavLink>
          </li>
        </ul>
      </div>
    </nav>
  );
}

function UserMenu({ user }: { user: TAuthUser }) {
  const { logout } = useAuth();
  const displayName = user.name || user.email;
  const signOut = () => {
    logout().catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'Could not sign out.'),
    );
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The visible name starts the accessible name (WCAG 2.5.3, label in name), so a voice
        // control user can say what they see.
        aria-label={`${displayName}, account menu`}
        className="flex cursor-pointer items-center gap-2 rounded-lg py-1 pr-2 pl-1 text-sm hover:bg-surface-muted data-[state=open]:bg-surface-muted"
      >
        {/* The initials are drawn by CSS, not text: the button's visible text is then the name
            alone, which its accessible name starts with (axe's label-content-name-mismatch). */}
        <span
          aria-hidden
          data-initials={initialsOf(displayName)}
          className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
        />
        <span className="hidden max-w-40 truncate font-medium sm:block">{displayName}</span>
        <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.name || 'Your account'}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          {user.role && (
            <span className="mt-1 block text-xs text-muted-foreground">
              {ROLE_LABELS[user.role]}
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserRound aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.help.home}>
            <CircleHelp aria-hidden />
            Help
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The signed-in shell: the role's sidebar (a drawer below 768 px), a top bar with the page title,
 * the theme button and the user menu, and the page.
 */
export function DashboardLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const title = useCurrentPageTitle();
  const section = sectionFor(pathname);
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  // The drawer belongs to the page it was opened on: navigating closes it.
  const isDrawerOpen = drawerPath === pathname;
  // The menu button opens the drawer without being its Radix trigger: return focus to it by hand.
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The guards above this layout only render it for a signed-in user.
  if (!user) return null;

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <aside
        data-sidebar
        className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface md:flex"
      >
        <div className="flex h-16 items-center border-b border-border px-5">
          <Link to={homeFor(user)} className="rounded-md">
            <Logo />
          </Link>
        </div>
        <SidebarNav user={user} />
        {/* Under the navigation, never over the page (issue 21); the page's copy hides here. */}
        <DevBanner placement="sidebar" />
      </aside>

      <Dialog open={isDrawerOpen} onOpenChange={(open) => setDrawerPath(open ? pathname : null)}>
        <DialogContent
          placement="left"
          closeLabel="Close navigation"
          className="flex flex-col md:hidden"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButtonRef.current?.focus();
          }}
        >
          <div className="flex h-16 items-center border-b border-border px-5">
            <DialogTitle asChild>
              <h2>
                <Logo />
              </h2>
            </DialogTitle>
            <DialogDescription className="sr-only">Pages of your account</DialogDescription>
          </div>
          <SidebarNav user={user} onNavigate={() => setDrawerPath(null)} />
        </DialogContent>
      </Dialog>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface/90 px-3 backdrop-blur sm:px-6">
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open navigation"
            aria-expanded={isDrawerOpen}
            onClick={() => setDrawerPath(pathname)}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-muted hover:text-foreground md:hidden"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm">
            {section && <span className="text-muted-foreground">{section} / </span>}
            <span className="font-semibold">{title}</span>
          </p>
          <ThemeButton />
          <UserMenu user={user} />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-10"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
