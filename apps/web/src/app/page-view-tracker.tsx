import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { hasPageTitle, onPageTitle, recordPageView } from '@/lib/analytics';
import { routePatternOf } from '@/lib/route-pattern';

/** Quiet time after the page named itself, so a redirect straight away reports only its target. */
export const PAGE_VIEW_DELAY_MS = 300;
/** A page that never sets a title is still reported, with whatever title the document has. */
export const PAGE_TITLE_WAIT_MS = 5000;

/**
 * SPEC §1: every change of path + query is reported with the page's title, and the route pattern
 * it matched (`/content/:id`), so the report counts pages rather than ids (issue 21).
 */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const path = pathname + search;
  const route = routePatternOf(pathname, matches.at(-1)?.params ?? {});
  useEffect(() => {
    let timer: number | undefined;
    let sent = false;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (sent) return;
        sent = true;
        void recordPageView(path, document.title, route);
      }, PAGE_VIEW_DELAY_MS);
    };
    // The page may already have named itself (its effect runs before this one) or do so later.
    if (hasPageTitle(path)) schedule();
    const stopListening = onPageTitle((titled) => {
      if (titled === path) schedule();
    });
    const fallback = window.setTimeout(schedule, PAGE_TITLE_WAIT_MS);
    return () => {
      stopListening();
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [path, route]);
  return null;
}
