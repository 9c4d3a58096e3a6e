import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { DevBanner } from '@/features/dev-banner/components/dev-banner';
import { PageTitleProvider } from '@/hooks/use-page-title';
import { PageViewTracker } from '@/app/page-view-tracker';

/** A lazy page that takes longer than this gets the full loading screen, not just the bar. */
const SLOW_NAVIGATION_MS = 500;

function NavigationProgress() {
  const isLoading = useNavigation().state === 'loading';
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setIsSlow(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setIsSlow(true), SLOW_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading]);

  if (!isLoading) return null;
  if (isSlow) return <LoadingScreen />;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/15" aria-hidden>
      <div className="sl-progress h-full w-2/5 bg-primary" />
    </div>
  );
}

/** Wraps every route: page titles, the lazy-loading indicator, page-view analytics, dev banner. */
export function RootLayout() {
  return (
    <PageTitleProvider>
      <NavigationProgress />
      <Outlet />
      <PageViewTracker />
      <DevBanner />
      <ScrollRestoration />
    </PageTitleProvider>
  );
}
