import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth } from '@/test/fixtures';
import { AuthContext } from '@/lib/auth-context';
import { checkInboxMessage, SignUpPage } from '@/features/auth/routes/signup-page';
import type * as AuthClientModule from '@/lib/auth-client';

const client = vi.hoisted(() => ({ signUpEmail: vi.fn(), signInEmail: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: [] as string[] }));

vi.mock('@/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient: { signUp: { email: client.signUpEmail }, signIn: { email: client.signInEmail } },
}));
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.success.push(message),
    error: () => undefined,
    warning: () => undefined,
    info: () => undefined,
  },
}));

function renderSignUp() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse({ minPasswordLength: 8, maxPasswordLength: 128 }))),
  );
  const router = createMemoryRouter(
    [
      { path: '/signup', Component: SignUpPage },
      { path: '/signin', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext value={makeAuth(null)}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
  return router;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const created = { data: { user: { id: 'u-1', email: 'ada@example.com' } }, error: null };

describe('sign-up (issue 18 items 4 and 7)', () => {
  beforeEach(() => {
    toasts.success = [];
  });

  it('signs the new account in with what was typed', async () => {
    client.signUpEmail.mockResolvedValue(created);
    client.signInEmail.mockResolvedValue({ data: { user: { id: 'u-1' } }, error: null });
    const router = renderSignUp();
    await submit('ada@example.com', 'correct-horse-battery');
    await vi.waitFor(() =>
      expect(client.signInEmail).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'correct-horse-battery',
      }),
    );
    expect(toasts.success).toEqual([]);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('for an address that cannot sign in so, says to check the inbox, never that it exists', async () => {
    client.signUpEmail.mockResolvedValue(created);
    client.signInEmail.mockResolvedValue({
      data: null,
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid', status: 401 },
    });
    const router = renderSignUp();
    await submit('taken@example.com', 'correct-horse-battery');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(toasts.success).toEqual([checkInboxMessage('taken@example.com')]);
    expect(toasts.success[0]).not.toMatch(/exist|already/i);
  });

  it('shows the server’s reason for refusing a common password', async () => {
    const reason =
      'This password is one of the most common passwords, so it would be among the first guesses. Choose another: three or four unrelated words make a strong password.';
    client.signUpEmail.mockResolvedValue({
      data: null,
      error: { code: 'PASSWORD_TOO_COMMON', message: reason, status: 400 },
    });
    renderSignUp();
    await submit('ada@example.com', 'password');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(client.signInEmail).not.toHaveBeenCalled();
  });
});
