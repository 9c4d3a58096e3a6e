import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth-context';
import { useTheme } from '@/lib/theme';
import { useIsToasterWanted } from '@/lib/toast';

/** SPEC §9 toasts: bottom-right, 4 s, at most 3 visible, 14 px apart, Alt+T focuses them. */
export const TOASTER_OPTIONS = {
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
} as const;

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Mounted with the first toast (lib/toast.ts), so the first page does not carry sonner. */
function ThemedToaster() {
  const { resolved } = useTheme();
  if (!useIsToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        {...TOASTER_OPTIONS}
        hotkey={[...TOASTER_OPTIONS.hotkey]}
        theme={resolved}
        closeButton
      />
    </Suspense>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not improve by asking again, except a 429 (too many requests), which passes.
        retry: (failureCount, error) =>
          !(
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 429
          ) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <ThemedToaster />
    </QueryClientProvider>
  );
}
