import { useEffect, useState } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageViewTracker } from '@/app/page-view-tracker';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return <PageViewTracker />;
}

describe('PageViewTracker', () => {
  it('posts path + query and the page title once the page has settled', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn((_url: string, _init?: { method?: string; body?: string }) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [
        { path: '/a', element: <Page title="Locations" /> },
        { path: '/b', element: <Page title="Wallet" /> },
      ],
      { initialEntries: ['/a?tab=map'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/analytics/page-views');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body ?? '')).toEqual({
      path: '/a?tab=map',
      title: 'Locations · Screenline',
      route: '/a',
    });

    // A quick redirect: only the final page counts.
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/b?x=1'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body ?? '')).toEqual({
      path: '/b?x=1',
      title: 'Wallet · Screenline',
      route: '/b',
    });
  });

  it('reports the route pattern, not the id, and one route for every unknown path', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn((_url: string, _init?: { body?: string }) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [
        {
          path: '/advertiser',
          children: [
            { path: 'playlists/edit/:playlistId', element: <Page title="Edit playlist" /> },
          ],
        },
        { path: '/help/tv/*', element: <Page title="Help" /> },
        { path: '*', element: <Page title="Not found" /> },
      ],
      { initialEntries: ['/advertiser/playlists/edit/4f3c2a?tab=items'] },
    );
    render(<RouterProvider router={router} />);
    const sent = async (to?: string) => {
      if (to) await act(() => router.navigate(to));
      await act(() => vi.advanceTimersByTimeAsync(300));
      return JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body ?? '') as unknown;
    };
    expect(await sent()).toEqual({
      path: '/advertiser/playlists/edit/4f3c2a?tab=items',
      title: 'Edit playlist · Screenline',
      route: '/advertiser/playlists/edit/:playlistId',
    });
    expect(await sent('/help/tv/remote/keys')).toMatchObject({ route: '/help/tv/*' });
    expect(await sent('/wp-admin/setup.php')).toMatchObject({
      path: '/wp-admin/setup.php',
      route: '/*',
    });
  });

  it('ignores a failure quietly', async () => {
    vi.useFakeTimers();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const router = createMemoryRouter([{ path: '/', element: <Page title="Home" /> }]);
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(debug).toHaveBeenCalled();
  });
});

describe('PageViewTracker with a slow page', () => {
  it('waits until the page has named itself', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn((_url: string, _init?: { body?: string }) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    function SlowPage() {
      const [ready, setReady] = useState(false);
      useEffect(() => {
        const t = window.setTimeout(() => setReady(true), 1500);
        return () => window.clearTimeout(t);
      }, []);
      return (
        <>
          <PageViewTracker />
          {ready && <Titled title="Profile" />}
        </>
      );
    }
    function Titled({ title }: { title: string }) {
      usePageTitle(title);
      return null;
    }
    document.title = 'Screenline';
    const router = createMemoryRouter([{ path: '/slow', element: <SlowPage /> }], {
      initialEntries: ['/slow'],
    });
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(600));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body ?? '')).toEqual({
      path: '/slow',
      title: 'Profile · Screenline',
      route: '/slow',
    });
  });
});
