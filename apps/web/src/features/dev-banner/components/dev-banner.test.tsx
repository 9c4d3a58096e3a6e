import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { DevBanner } from '@/features/dev-banner/components/dev-banner';

const healthy = {
  status: 'ok',
  live: true,
  ready: true,
  checks: { database: true, storage: true },
  environment: 'development',
  version: '0.1.0',
};

function renderBanner() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <aside data-sidebar>
            <DevBanner placement="sidebar" />
          </aside>
          <DevBanner />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('DevBanner', () => {
  it('says the backend runs when /api/health is ready, links to the introduction', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(healthy))),
    );
    renderBanner();
    expect(await screen.findAllByText('Preview backend running in this workspace.')).toHaveLength(
      2,
    );
    for (const link of screen.getAllByRole('link', { name: 'Learn more' }))
      expect(link).toHaveAttribute('href', '/help/introduction');
  });

  it('says disconnected when the health check cannot be reached or is not ready', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(jsonResponse({ ...healthy, status: 'degraded', ready: false }, 503)),
      ),
    );
    renderBanner();
    expect(await screen.findAllByText('Preview backend disconnected.')).not.toHaveLength(0);
  });

  it('closes for the rest of the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderBanner();
    // The page's copy and the sidebar's (one shows at a time): closing one closes both.
    const [first] = await screen.findAllByRole('button', { name: 'Close' });
    await userEvent.setup().click(first!);
    expect(screen.queryByText('Preview backend disconnected.')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Development preview' })).toBeNull();
    expect(window.sessionStorage.getItem('devBannerDismissed')).toBe('1');
  });
});
