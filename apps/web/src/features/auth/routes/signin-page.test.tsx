import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeAuth } from '@/test/fixtures';
import { AuthContext } from '@/lib/auth-context';
import { SignInPage } from '@/features/auth/routes/signin-page';
import type * as AuthClientModule from '@/lib/auth-client';

const signInEmail = vi.hoisted(() => vi.fn());

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient: { signIn: { email: signInEmail } },
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

describe('sign-in errors are sentences (SPEC §8)', () => {
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
