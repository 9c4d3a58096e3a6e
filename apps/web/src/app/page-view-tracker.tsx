import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordPageView } from '@/lib/analytics';

/** Time for the new page to set its document title (usePageTitle) before it is reported. */
export const PAGE_VIEW_DELAY_MS = 300;

/** SPEC §1: every change of path + query is reported with the page's title. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  useEffect(() => {
    // A redirect within the delay cancels this one: only the page the user lands on counts.
    const timer = window.setTimeout(
      () => void recordPageView(path, document.title),
      PAGE_VIEW_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [path]);
  return null;
}
