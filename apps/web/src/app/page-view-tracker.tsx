import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasPageTitle, onPageTitle, recordPageView } from '@/lib/analytics';

/** Quiet time after the page named itself, so a redirect straight away reports only its target. */
export const PAGE_VIEW_DELAY_MS = 300;
/** A page that never sets a title is still reported, with whatever title the document has. */
export const PAGE_TITLE_WAIT_MS = 5000;

/** SPEC §1: every change of path + query is reported with the page's title. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  useEffect(() => {
    let timer: number | undefined;
    let sent = false;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (sent) return;
        sent = true;
        void recordPageView(path, document.title);
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
  }, [path]);
  return null;
}
