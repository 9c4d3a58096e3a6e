import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { announcePageTitle } from '@/lib/analytics';

export const APP_NAME = 'Screenline';

type TPageTitleContext = { title: string; setTitle: (title: string) => void };
const PageTitleContext = createContext<TPageTitleContext | null>(null);

/** Lets a layout show the title of the page inside it (the dashboard top bar). */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <PageTitleContext value={{ title, setTitle }}>{children}</PageTitleContext>;
}

export function useCurrentPageTitle(): string {
  return use(PageTitleContext)?.title ?? '';
}

/**
 * Every page calls this: it sets `document.title` to "{title} · Screenline" (which the page-view
 * tracker reports) and tells the surrounding layout.
 */
export function usePageTitle(title: string): void {
  const setTitle = use(PageTitleContext)?.setTitle;
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    setTitle?.(title);
    announcePageTitle(pathname + search, document.title);
  }, [title, setTitle, pathname, search]);
}
