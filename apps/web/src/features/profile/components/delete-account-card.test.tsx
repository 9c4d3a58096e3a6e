import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import type * as authClientModule from '@/lib/auth-client';
import { authClient } from '@/lib/auth-client';
import { DeleteAccountCard } from '@/features/profile/components/delete-account-card';

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof authClientModule>()),
  authClient: { deleteUser: vi.fn() },
}));

const REFUSAL =
  'Your account cannot be deleted while it holds money: €50.00 available in your wallet. First request a payout of your available balance on the Wallet page, then delete the account. Nothing was changed.';

describe('the delete-account dialog', { timeout: 20_000 }, () => {
  it('shows the server’s sentence when the account still holds money, and stays signed in', async () => {
    vi.mocked(authClient.deleteUser).mockResolvedValue({
      data: null,
      error: {
        code: 'ACCOUNT_HOLDS_MONEY',
        status: 400,
        statusText: 'Bad Request',
        message: REFUSAL,
      },
    });
    const logout = vi.fn(() => Promise.resolve());
    const auth = makeAuth(makeUser(), { logout });
    const router = createMemoryRouter([{ path: '/profile', Component: DeleteAccountCard }], {
      initialEntries: ['/profile'],
    });
    renderWithAuth(router, auth);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse-battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(authClient.deleteUser).toHaveBeenCalledWith({ password: 'correct-horse-battery' });
    expect(logout).not.toHaveBeenCalled();
  });
});
