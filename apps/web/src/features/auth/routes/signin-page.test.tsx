import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAuth } from '@/test/fixtures';
import { AuthContext } from '@/lib/auth-context';
import { SignInPage } from '@/features/auth/routes/signin-page';
import type * as AuthClientModule from '@/lib/auth-client';

const signInEmail = vi.hoisted(() => vi.fn());
const verifyTotp = vi.hoisted(() => vi.fn());
const verifyBackupCode = vi.hoisted(() => vi.fn());

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient: { signIn: { email: signInEmail }, twoFactor: { verifyTotp, verifyBackupCode } },
}));

function renderSignIn() {
  const router = createMemoryRouter([{ path: '/signin', Component: SignInPage }], {
    initialEntries: ['/signin'],
  });
  render(
    <AuthContext value={makeAuth(null)}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

// The first submit loads the schema and the auth client: slow on a busy machine.
describe('sign-in errors are sentences (SPEC §8)', { timeout: 20_000 }, () => {
  it('shows a wrong email or password as a sentence, never the code', async () => {
    signInEmail.mockResolvedValue({
      data: null,
      error: {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
        status: 401,
      },
    });
    renderSignIn();
    await submit('ada@example.com', 'not-it');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The email or password is not correct.',
    );
    expect(screen.queryByText(/INVALID_EMAIL_OR_PASSWORD/)).not.toBeInTheDocument();
    expect(signInEmail).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'not-it' });
  });

  it('shows rate limiting as too-many-requests', async () => {
    signInEmail.mockResolvedValue({
      data: null,
      error: { status: 429, message: 'Too many requests' },
    });
    renderSignIn();
    await submit('ada@example.com', 'secret');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Too many attempts. Wait a minute, then try again.',
    );
  });

  it('shows a failed request as network-request-failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInEmail.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignIn();
    await submit('ada@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Screenline cannot be reached. Check your connection and try again.',
    );
  });

  it('validates before calling the server, with errors linked to their fields', async () => {
    renderSignIn();
    await submit('not-an-email', 'x');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it('focuses the first wrong field and checks again as the user types', async () => {
    renderSignIn();
    await submit('not-an-email', 'x');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();

    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it('sends the email trimmed and in lower case, as the schema reads it', async () => {
    signInEmail.mockResolvedValue({ data: {}, error: null });
    renderSignIn();
    await submit('  Ada@Example.com ', 'secret');
    expect(signInEmail).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
  });
});

describe('two-factor sign-in: the second step (issue 18 item 4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    for (const mock of [signInEmail, verifyTotp, verifyBackupCode]) mock.mockReset();
  });
  const secondStep = { data: { twoFactorRedirect: true, twoFactorMethods: ['totp'] }, error: null };

  it('asks for the app’s code after a right password, and sends it', async () => {
    signInEmail.mockResolvedValue(secondStep);
    verifyTotp.mockResolvedValue({ data: { user: {} }, error: null });
    renderSignIn();
    await submit('ada@example.com', 'secret');
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const user = userEvent.setup();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(verifyTotp).toHaveBeenCalledWith({ code: '123456' }));
  });

  it('says in words what is wrong with a code, linked to the field', async () => {
    signInEmail.mockResolvedValue(secondStep);
    verifyTotp.mockResolvedValue({
      data: null,
      error: { code: 'INVALID_CODE', message: 'Invalid code', status: 401 },
    });
    renderSignIn();
    await submit('ada@example.com', 'secret');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText('Authentication code');
    await vi.waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'Enter the 6-digit code from your authenticator app.',
      ),
    );
    expect(verifyTotp).not.toHaveBeenCalled();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
  });

  it('takes a recovery code instead', async () => {
    signInEmail.mockResolvedValue(secondStep);
    verifyBackupCode.mockResolvedValue({ data: { user: {} }, error: null });
    renderSignIn();
    await submit('ada@example.com', 'secret');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(verifyBackupCode).toHaveBeenCalledWith({ code: 'abcde-12345' }));
    expect(verifyTotp).not.toHaveBeenCalled();
  });

  it('goes back to the password when the challenge expired, saying why', async () => {
    signInEmail.mockResolvedValue(secondStep);
    verifyTotp.mockResolvedValue({
      data: null,
      error: {
        code: 'INVALID_TWO_FACTOR_COOKIE',
        message: 'Invalid two factor cookie',
        status: 401,
      },
    });
    renderSignIn();
    await submit('ada@example.com', 'secret');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long. Enter your email and password again.',
    );
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
