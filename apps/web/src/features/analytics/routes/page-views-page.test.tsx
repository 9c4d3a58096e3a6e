import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { PageViewsPage } from '@/features/analytics/routes/page-views-page';

const items = [
  {
    path: '/signin',
    views: 12,
    lastTitle: 'Sign in · Screenline',
    lastViewedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    path: '/advertiser/dashboard',
    views: 40,
    lastTitle: 'Dashboard · Screenline',
    lastViewedAt: '2026-11-19T10:00:00.000Z',
  },
  {
    path: '/help',
    views: 3,
    lastTitle: 'Help · Screenline',
    lastViewedAt: '2026-11-21T10:00:00.000Z',
  },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('PageViewsPage', () => {
  it('lists views per path, most viewed first, and sorts by a column', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ items }))),
    );
    const router = createMemoryRouter([{ path: '/', Component: PageViewsPage }]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('table');
    expect(firstColumn()).toEqual(['/advertiser/dashboard', '/signin', '/help']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Path' }));
    expect(firstColumn()).toEqual(['/advertiser/dashboard', '/help', '/signin']);
    expect(screen.getByRole('columnheader', { name: 'Path' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Last viewed' }));
    expect(firstColumn()).toEqual(['/help', '/signin', '/advertiser/dashboard']);
  });
});
