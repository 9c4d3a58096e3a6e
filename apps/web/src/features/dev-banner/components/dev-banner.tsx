import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { useHealth } from '@/features/dev-banner/api/get-health';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

export const DEV_BANNER_DISMISSED_KEY = 'devBannerDismissed';
export const CONNECTED_TEXT = 'Preview backend running in this workspace.';
export const DISCONNECTED_TEXT = 'Preview backend disconnected.';

/** Closed in this page when the browser blocks session storage. */
let isDismissedInPage = false;
const dismissListeners = new Set<() => void>();

function readDismissed(): boolean {
  if (isDismissedInPage) return true;
  try {
    return window.sessionStorage.getItem(DEV_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribeDismissed(listener: () => void): () => void {
  dismissListeners.add(listener);
  return () => dismissListeners.delete(listener);
}

/** Closes every copy of the banner (the page's and the sidebar's) for this browser session. */
function dismiss(): void {
  try {
    window.sessionStorage.setItem(DEV_BANNER_DISMISSED_KEY, '1');
  } catch {
    isDismissedInPage = true;
  }
  for (const listener of dismissListeners) listener();
}

const PLACEMENT_CLASSES = {
  // After the page, in the flow: below 768 px and on pages without the sidebar. Beside the
  // sidebar the sidebar's own copy shows instead (the `beside-sidebar` variant, index.css).
  page: 'mx-3 mb-3 w-fit max-w-[calc(100%-1.5rem)] shadow-sm sm:text-sm beside-sidebar:hidden',
  // The last thing in the sidebar's column, under its navigation, which scrolls above it.
  sidebar: 'mx-3 mb-3 shrink-0',
} as const;

/**
 * Development-only banner (SPEC §2), bottom-left. Shown when the server says it is not production
 * (or in the Vite dev server); it polls /api/health and says whether the backend is reachable.
 * Closing it hides it for this browser session. It never floats over content (issue 21): on
 * pages with the dashboard's sidebar it is the sidebar's last item (`placement="sidebar"`, from
 * 768 px), elsewhere the last thing on the page.
 */
export function DevBanner({ placement = 'page' }: { placement?: keyof typeof PLACEMENT_CLASSES }) {
  const isDismissed = useSyncExternalStore(subscribeDismissed, readDismissed);
  const health = useHealth();
  // The last environment the server reported; kept while it is unreachable.
  const environment = health.data?.environment;
  const isDevelopment =
    import.meta.env.DEV || (environment !== undefined && environment !== 'production');
  if (isDismissed || !isDevelopment) return null;

  const isConnected = health.status === 'success' && health.data.ready;
  return (
    <div
      role="status"
      aria-label="Development preview"
      data-dev-banner={placement}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-border bg-surface py-1.5 pr-1.5 pl-3 text-xs',
        PLACEMENT_CLASSES[placement],
      )}
    >
      <span
        aria-hidden
        className={cn(
          'mt-[0.45rem] size-2 shrink-0 rounded-full',
          isConnected ? 'bg-emerald-500' : 'bg-amber-500',
        )}
      />
      <p className="min-w-0 flex-1 py-1">
        {isConnected ? CONNECTED_TEXT : DISCONNECTED_TEXT}{' '}
        <Link
          to={paths.help.introduction}
          className="rounded font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          Learn more
        </Link>
      </p>
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
