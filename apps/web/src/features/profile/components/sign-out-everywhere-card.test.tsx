import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import type * as authClientModule from '@/lib/auth-client';
import { authClient } from '@/lib/auth-client';
import { SignOutEverywhereCard } from '@/features/profile/components/sign-out-everywhere-card';

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof authClientModule>()),
  authClient: { revokeSessions: vi.fn() },
}));

function renderCard() {
  const logout = vi.fn(() => Promise.resolve());
  const router = createMemoryRouter([{ path: '/profile', Component: SignOutEverywhereCard }], {
    initialEntries: ['/profile'],
  });
  renderWithAuth(router, makeAuth(makeUser(), { logout }));
  return logout;
}

describe('Sign out everywhere', { timeout: 20_000 }, () => {
  it('ends every session (the server signs out every TV too), then this browser', async () => {
    vi.mocked(authClient.revokeSessions).mockResolvedValue({ data: { status: true }, error: null });
    const logout = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(authClient.revokeSessions).toHaveBeenCalled();
    await vi.waitFor(() => {
      expect(logout).toHaveBeenCalled();
    });
  });

  it('says why when it fails, and stays signed in', async () => {
    vi.mocked(authClient.revokeSessions).mockResolvedValue({
      data: null,
      error: { status: 0, statusText: '', message: 'Network' },
    });
    const logout = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
  });
});
