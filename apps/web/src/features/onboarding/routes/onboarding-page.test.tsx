import { useState, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { AuthContext, type TAuthUser } from '@/lib/auth-context';
import { routes } from '@/app/routes';

/** An auth context whose update() really merges, like AuthProvider's. */
function StatefulAuth({ initial, children }: { initial: TAuthUser; children: ReactNode }) {
  const [user, setUser] = useState(initial);
  const value = makeAuth(user, {
    update: (partial) => setUser((current) => ({ ...current, ...partial })),
  });
  return <AuthContext value={value}>{children}</AuthContext>;
}

describe('onboarding', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined); // page views that could not be posted
  });

  it('saves role, name and company, then lands on that role’s dashboard', async () => {
    const newcomer = makeUser({
      role: null,
      name: 'grace',
      email: 'grace@example.com',
      company: '',
    });
    const fetchMock = vi.fn((url: string, init?: { method?: string; body?: string }) => {
      if (url === '/api/v1/me' && init?.method === 'PATCH') {
        return Promise.resolve(jsonResponse({ ...newcomer, ...JSON.parse(init.body ?? '{}') }));
      }
      return Promise.resolve(
        jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(routes, { initialEntries: ['/onboarding'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StatefulAuth initial={newcomer}>
          <RouterProvider router={router} />
        </StatefulAuth>
      </QueryClientProvider>,
    );

    const user = userEvent.setup();
    // The sign-up placeholder name (the email's local part) is not offered as the real name.
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose how you will use Screenline.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    // Issue 21 item 7: people see "Screen owner" and "Ad buyer" only, never the stored values.
    expect(screen.getByRole('radio', { name: /^Screen owner(?!\s*\()/ })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/advertiser|publisher/i);
    await user.click(screen.getByRole('radio', { name: /^Ad buyer(?!\s*\()/ }));
    await user.type(screen.getByLabelText('Your name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Company'), 'Compilers Inc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/publisher/dashboard'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch?.[1]?.body ?? '')).toEqual({
      role: 'publisher',
      name: 'Grace Hopper',
      company: 'Compilers Inc',
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Grace' })).toBeInTheDocument();
  });

  it('sends a user who already has a role to their dashboard', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/onboarding'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({}, 404))),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext value={makeAuth(makeUser({ role: 'advertiser' }))}>
          <RouterProvider router={router} />
        </AuthContext>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/advertiser/dashboard'));
  });
});
