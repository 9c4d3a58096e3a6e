import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * "Leaving with unsaved changes asks first": in-app navigation is held by React Router's blocker
 * (the caller shows a dialog while `blocker.state === 'blocked'`); closing or reloading the tab
 * gets the browser's own prompt through `beforeunload`.
 *
 * `allowNextNavigation()` lets one navigation through without asking: after a save the form is
 * reset, but the navigation to the saved playlist runs before that reset has rendered.
 */
export function useUnsavedChanges(isDirty: boolean) {
  const allowRef = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => {
        if (allowRef.current) {
          allowRef.current = false;
          return false;
        }
        return (
          isDirty &&
          (currentLocation.pathname !== nextLocation.pathname ||
            currentLocation.search !== nextLocation.search)
        );
      },
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

  const allowNextNavigation = useCallback(() => {
    allowRef.current = true;
  }, []);

  return { blocker, allowNextNavigation };
}
