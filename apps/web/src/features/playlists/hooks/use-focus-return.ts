import { useCallback, useRef } from 'react';

/**
 * Focus back where it was when a dialog closes. Radix returns focus only to a Dialog.Trigger;
 * these dialogs open from buttons elsewhere (or from a blocked navigation), so the page remembers
 * the focused element when it opens one and hands `onCloseAutoFocus` to the dialog. When that
 * element is gone (its row was deleted), `fallback` names where focus goes instead.
 */
export function useFocusReturn(fallback?: () => HTMLElement | null) {
  const ref = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    ref.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const target = ref.current?.isConnected ? ref.current : (fallback?.() ?? null);
      ref.current = null;
      target?.focus();
    },
    [fallback],
  );
  return { remember, onCloseAutoFocus };
}
