import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-8 sm:py-5">
        <Link to={paths.home} className="rounded-md">
          <Logo className="text-lg" />
        </Link>
        <ThemeButton />
      </header>
      <main
        id="main"
        className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center"
      >
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">Page not found</h1>
        <p className="mt-3 max-w-md text-muted-foreground">
          There is no page at this address. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className={buttonClasses('primary')}>
            Go to the home page
          </Link>
          <Link to={paths.help.home} className={buttonClasses('outline')}>
            Visit Help
          </Link>
        </div>
      </main>
    </div>
  );
}
