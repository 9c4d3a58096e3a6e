import { useCallback, useState } from 'react';

export type TContentView = 'grid' | 'list';
const VIEW_KEY = 'screenline.content.view';

function readView(): TContentView {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list, remembered in this browser. */
export function useContentView(): [TContentView, (view: TContentView) => void] {
  const [view, setView] = useState<TContentView>(readView);
  const choose = useCallback((next: TContentView) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Not remembered (storage disabled): the choice still holds for this visit.
    }
  }, []);
  return [view, choose];
}
