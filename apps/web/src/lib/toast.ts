import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts (SPEC §9) without the toast library in the first page: most visits never show one, so
 * sonner loads with the first toast. The app's <Toaster> mounts then (see useIsToasterWanted);
 * sonner hands toasts raised before its Toaster subscribed to it once it does.
 */

let isWanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

function show(
  kind: 'success' | 'error' | 'info' | 'warning',
  message: string,
  data?: ExternalToast,
) {
  loadSonner().then(
    (sonner) => sonner.toast[kind](message, data),
    (error: unknown) => console.error('Could not show a toast:', message, error),
  );
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
  info: (message: string, data?: ExternalToast) => show('info', message, data),
  warning: (message: string, data?: ExternalToast) => show('warning', message, data),
};

/** True once a toast was asked for: the Toaster is mounted from then on. */
export function useIsToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isWanted,
  );
}
