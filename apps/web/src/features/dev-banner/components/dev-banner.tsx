import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { useHealth } from '@/features/dev-banner/api/get-health';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

export const DEV_BANNER_DISMISSED_KEY = 'devBannerDismissed';
export const CONNECTED_TEXT = 'Preview backend running in this workspace.';
export const DISCONNECTED_TEXT = 'Preview backend disconnected.';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DEV_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Development-only banner (SPEC §2), bottom-left. Shown when the server says it is not production
 * (or in the Vite dev server); it polls /api/health and says whether the backend is reachable.
 * Closing it hides it for this browser session.
 */
export function DevBanner() {
  const [isDismissed, setIsDismissed] = useState(readDismissed);
  const health = useHealth();
  // The last environment the server reported; kept while it is unreachable.
  const environment = health.data?.environment;
  const isDevelopment =
    import.meta.env.DEV || (environment !== undefined && environment !== 'production');
  const isShown = !isDismissed && isDevelopment;
  // Room at the bottom of the page so the banner never hides the last links.
  useEffect(() => {
    document.documentElement.classList.toggle('has-dev-banner', isShown);
    return () => document.documentElement.classList.remove('has-dev-banner');
  }, [isShown]);
  if (!isShown) return null;

  const isConnected = health.status === 'success' && health.data.ready;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DEV_BANNER_DISMISSED_KEY, '1');
    } catch {
      // Storage blocked: hide it for this page only.
    }
    setIsDismissed(true);
  };

  return (
    <div
      role="status"
      // In the page flow on phones (a fixed bar there would cover form fields), floating above.
      className="relative mx-3 mb-3 flex items-center gap-3 rounded-lg border border-border bg-surface py-2 pr-2 pl-3 text-xs shadow-lg sm:fixed sm:bottom-3 sm:left-3 sm:z-40 sm:mx-0 sm:mb-0 sm:max-w-[calc(100vw-1.5rem)] sm:text-sm"
    >
      <span
        aria-hidden
        className={cn(
          'size-2 shrink-0 rounded-full',
          isConnected ? 'bg-emerald-500' : 'bg-amber-500',
        )}
      />
      <span>{isConnected ? CONNECTED_TEXT : DISCONNECTED_TEXT}</span>
      <Link
        to={paths.help.introduction}
        className="shrink-0 rounded font-medium text-primary underline-offset-4 hover:underline"
      >
        Learn more
      </Link>
      <button
        type="button"
        aria-label="Close"
        onClick={dismiss}
        className="inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
