import { useCallback, useRef, type RefObject } from 'react';

/**
 * Focus after a dialog closes goes back to what opened it, never to <body>: call `remember()`
 * as it opens and pass `returnFocus` as the dialog's `onCloseAutoFocus`. A row's menu item is
 * gone by then, so `remember(selector)` names the control that stands in for it (the row's
 * Actions button); when that is gone too (the row was deleted), `fallback` takes focus.
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<{ element: HTMLElement | null; selector: string | null } | null>(null);

  const remember = useCallback((selector: string | null = null) => {
    const active = document.activeElement;
    const isUsable =
      active instanceof HTMLElement &&
      active !== document.body &&
      active.closest('[role="menu"]') === null;
    opener.current = { element: isUsable ? active : null, selector };
  }, []);

  const returnFocus = useCallback(
    (event: Event) => {
      const from = opener.current;
      opener.current = null;
      event.preventDefault();
      const candidates = [
        from?.element ?? null,
        from?.selector ? document.querySelector<HTMLElement>(from.selector) : null,
        fallback.current,
      ];
      candidates.find((element) => element?.isConnected)?.focus();
    },
    [fallback],
  );

  return { remember, returnFocus };
}
