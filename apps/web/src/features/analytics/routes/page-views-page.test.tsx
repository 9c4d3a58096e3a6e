import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { PageViewsPage } from '@/features/analytics/routes/page-views-page';

const range = { from: '2026-10-24T00:00:00.000Z', to: '2026-11-22T23:59:59.999Z' };
const route = (name: string, views: number, variants = 1) => ({
  route: name,
  views,
  variants,
  lastTitle: `${name} · Screenline`,
  lastViewedAt: '2026-11-20T10:00:00.000Z',
});

/** The API as the page sees it: two pages of routes, and the variants of /content. */
function fakeApi() {
  return vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/v1/admin/page-views/variants') {
      return Promise.resolve(
        jsonResponse({
          ...range,
          route: url.searchParams.get('route'),
          nextCursor: null,
          items: [
            { path: '/content?type=video', views: 30, lastTitle: 'Videos', lastViewedAt: range.to },
            { path: '/content', views: 10, lastTitle: 'Content', lastViewedAt: range.to },
          ],
        }),
      );
    }
    const second = url.searchParams.get('cursor') === 'page-2';
    return Promise.resolve(
      jsonResponse({
        ...range,
        items: second ? [route('/help', 2)] : [route('/content', 40, 2), route('/signin', 12)],
        nextCursor: second ? null : 'page-2',
      }),
    );
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/', Component: PageViewsPage }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const routeNames = () =>
  screen
    .getAllByRole('button', { name: /variants?$/ })
    .map((button) => button.textContent?.replace(/,.*$/, ''));

describe('PageViewsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists routes for the last 30 days, loads more, and drills down into a route', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await screen.findByRole('table');
    expect(routeNames()).toEqual(['/content', '/signin']);
    const first = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    const days =
      (Date.parse(first.searchParams.get('to')!) - Date.parse(first.searchParams.get('from')!)) /
      86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('/help');
    expect(routeNames()).toEqual(['/content', '/signin', '/help']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const content = screen.getByRole('button', { name: /^\/content, 2 variants/ });
    expect(content).toHaveAttribute('aria-expanded', 'false');
    await user.click(content);
    expect(content).toHaveAttribute('aria-expanded', 'true');
    const group = await screen.findByRole('rowgroup', { name: 'Variants of /content' });
    await within(group).findByText('/content?type=video');
    expect(content).toHaveAttribute('aria-controls', group.id);
    const cells = within(group)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['/content?type=video', '30'],
      ['/content', '10'],
    ]);
  });

  it('asks for the chosen range and refuses a start after the end', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const last = new URL(String(fetch.mock.calls[1]?.[0]), 'http://localhost');
    const days =
      (Date.parse(last.searchParams.get('to')!) - Date.parse(last.searchParams.get('from')!)) /
      86_400_000;
    expect(Math.round(days)).toBe(7);

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('PathText', () => {
  it('lets a path break only after a slash, question mark or ampersand', async () => {
    const { PathText } = await import('@/features/analytics/components/path-text');
    const { container } = render(<PathText path="/advertiser/playlists?tab=all&sort=name" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('/advertiser/playlists?tab=all&sort=name');
    expect(span.querySelectorAll('wbr')).toHaveLength(4);
    expect(span.innerHTML).toBe('/<wbr>advertiser/<wbr>playlists?<wbr>tab=all&amp;<wbr>sort=name');
  });
});
