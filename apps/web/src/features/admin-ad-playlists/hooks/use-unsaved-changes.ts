import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * "Leaving with unsaved changes asks first" (as the playlist editor does; features do not import
 * each other): in-app navigation is held by React Router's blocker (the caller shows a dialog
 * while `blocker.state === 'blocked'`); closing or reloading the tab gets the browser's prompt.
 */
export function useUnsavedChanges(isDirty: boolean) {
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        isDirty &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [isDirty],
    ),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return blocker;
}
