import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import type * as authClientModule from '@/lib/auth-client';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';

const enable = vi.hoisted(() => vi.fn());
const verifyTotp = vi.hoisted(() => vi.fn());
const generateBackupCodes = vi.hoisted(() => vi.fn());
const authFetch = vi.hoisted(() => vi.fn());

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof authClientModule>()),
  authClient: { twoFactor: { enable, verifyTotp, generateBackupCodes }, $fetch: authFetch },
}));

const URI =
  'otpauth://totp/Screenline:ada%40example.com?secret=ONRXEZLFNZWGS3TFFVSGK3LPFV2HO3ZNMZQWG5DPOIWTEMBSGYQQ&issuer=Screenline&digits=6&period=30';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function renderCard(twoFactorEnabled: boolean, isRequired = false) {
  const refresh = vi.fn(() => Promise.resolve());
  const router = createMemoryRouter(
    [{ path: '/profile', element: <TwoFactorCard isRequired={isRequired} /> }],
    { initialEntries: ['/profile'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ twoFactorEnabled }), { refresh }));
  return refresh;
}

describe('Profile → two-factor sign-in (issue 18 item 4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    for (const mock of [enable, verifyTotp, generateBackupCodes, authFetch]) mock.mockReset();
  });

  it('turns on with the password, the QR code or key, a first code, then shows the recovery codes once', async () => {
    enable.mockResolvedValue({ data: { totpURI: URI, backupCodes: CODES }, error: null });
    verifyTotp.mockResolvedValue({ data: { user: {} }, error: null });
    const refresh = renderCard(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(screen.getByLabelText('Current password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(enable).toHaveBeenCalledWith({ password: 'secret-pw' });

    expect(
      await screen.findByRole('img', { name: /QR code of the two-factor key/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('ONRX EZLF NZWG S3TF FVSG K3LP FV2H O3ZN MZQW G5DP OIWT EMBS GYQQ'),
    ).toBeInTheDocument();
    // The recovery codes wait until the app proved it holds the key.
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();

    const code = screen.getByLabelText('Code from the app');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    expect(code).toHaveFocus();
    expect(verifyTotp).not.toHaveBeenCalled();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(verifyTotp).toHaveBeenCalledWith({ code: '123456' });
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('says in words when the first code is wrong, and clears it', async () => {
    enable.mockResolvedValue({ data: { totpURI: URI, backupCodes: CODES }, error: null });
    verifyTotp.mockResolvedValue({
      data: null,
      error: { code: 'INVALID_CODE', message: 'Invalid code', status: 401 },
    });
    renderCard(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(screen.getByLabelText('Current password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByLabelText('Code from the app');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right/));
    expect(code).toHaveValue('');
  });

  it('turns off only with the password and a code', async () => {
    authFetch.mockResolvedValue({ data: { status: true }, error: null });
    const refresh = renderCard(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Current password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a code from your authenticator app, or a recovery code.',
    );
    expect(authFetch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(authFetch).toHaveBeenCalledWith('/two-factor/disable', {
      method: 'POST',
      body: { password: 'secret-pw', code: '123456' },
    });
  });

  it('tells a super-user without it that the admin pages need it', () => {
    renderCard(false, true);
    expect(screen.getByText('Admin pages need two-factor sign-in')).toBeInTheDocument();
  });
});
