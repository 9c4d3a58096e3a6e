import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type TAuthContextValue } from '@/lib/auth-context';
import { ContactPage } from '@/features/contact/routes/contact-page';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';

/** Issue 21, lows: the contact form knows a signed-in user, and keeps focus after sending. */
function renderContact(auth: TAuthContextValue) {
  const router = createMemoryRouter([{ path: '/contact', Component: ContactPage }], {
    initialEntries: ['/contact'],
  });
  const client = new QueryClient();
  const tree = (value: TAuthContextValue) => (
    <QueryClientProvider client={client}>
      <AuthContext value={value}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>
  );
  const view = render(tree(auth));
  return { rerender: (value: TAuthContextValue) => view.rerender(tree(value)) };
}

describe('/contact', () => {
  it('fills in name and e-mail when the account arrives after the page opened', async () => {
    const app = renderContact(makeAuth(null, { loading: true }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
    app.rerender(makeAuth(makeUser()));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('moves focus to the confirmation after sending, and keeps name and e-mail', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({}, 201)));
    vi.stubGlobal('fetch', fetchMock);
    renderContact(makeAuth(makeUser()));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Subject'), 'Invoices');
    await user.type(screen.getByLabelText('Message'), 'Where can I find my invoices?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const sent = await screen.findByText('Message sent');
    await waitFor(() => expect(sent.closest('[tabindex="-1"]')).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });
});
