import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContactMessageView } from '@screenline/shared/contact';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { toast } from '@/lib/toast';
import { uuid } from '@/test/screens-fixtures';
import { AdminContactMessagesPage } from '@/features/contact/routes/admin-contact-messages-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const OPEN: TContactMessageView = {
  id: uuid(901),
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Pricing for 12 screens',
  message: 'How much per screen?\nWe have twelve.',
  userId: null,
  status: 'open',
  createdAt: '2026-11-20T09:30:00.000Z',
  answer: null,
  closed: null,
};
const ANSWERED: TContactMessageView = {
  ...OPEN,
  status: 'answered',
  answer: {
    text: 'It is €20 per screen.',
    answeredAt: '2026-11-21T10:00:00.000Z',
    answeredBy: { id: 'su', name: 'Ada Admin' },
  },
};
const CLOSED: TContactMessageView = {
  ...OPEN,
  status: 'closed',
  closed: { closedAt: '2026-11-21T10:00:00.000Z', closedBy: { id: 'su', name: 'Ada Admin' } },
};

function renderPage(options: { list?: TContactMessageView[]; post?: () => Response } = {}) {
  let current = OPEN;
  const calls = stubApi((call) => {
    if (call.method === 'POST') {
      if (options.post) return options.post();
      current = call.path.endsWith('/answer')
        ? ANSWERED
        : call.path.endsWith('/close')
          ? CLOSED
          : OPEN;
      return jsonResponse(current);
    }
    if (call.path === '/api/v1/admin/contact-messages')
      return page(options.list ?? (call.search.get('status') === 'open' ? [current] : []));
    if (call.path === `/api/v1/admin/contact-messages/${OPEN.id}`) return jsonResponse(current);
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/admin/contact-messages', Component: AdminContactMessagesPage }],
    { initialEntries: ['/admin/contact-messages'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return { calls, router };
}

const openFirst = async (user: ReturnType<typeof userEvent.setup>) => {
  const card = await screen.findByRole('article', {
    name: 'Message from Grace Hopper: Pricing for 12 screens',
  });
  const opener = within(card).getByRole('button', { name: /Open the message/ });
  await user.click(opener);
  return { card, opener, dialog: await screen.findByRole('dialog', { name: OPEN.subject }) };
};

// Typing an answer with user-event in jsdom takes seconds on a loaded machine: a longer budget.
describe('/admin/contact-messages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('lists open messages and opens one with its sender, email, body and time', async () => {
    const { calls, router } = renderPage();
    const user = userEvent.setup();
    const { card, dialog } = await openFirst(user);
    expect(card).toHaveTextContent('grace@example.com');
    expect(calls[0]?.search.get('status')).toBe('open');
    expect(dialog).toHaveTextContent('From Grace Hopper · grace@example.com');
    expect(dialog).toHaveTextContent('A visitor (not signed in)');
    expect(within(dialog).getByRole('region', { name: 'Message' })).toHaveTextContent(
      'How much per screen? We have twelve.',
    );
    expect(router.state.location.search).toBe(`?message=${OPEN.id}`);
  });

  it('refuses an empty answer, sends one, and returns focus to the opener', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    const { opener, dialog } = await openFirst(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    const field = within(dialog).getByLabelText('Your answer');
    expect(field).toHaveAccessibleDescription(/Write an answer\./);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(field, 'It is €20 per screen.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Answer sent to grace@example.com.'),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/v1/admin/contact-messages/${OPEN.id}/answer`);
    expect(post?.body).toEqual({ answer: 'It is €20 per screen.' });
    const answer = await within(dialog).findByRole('region', { name: 'Answer' });
    expect(answer).toHaveTextContent('by Ada Admin');
    expect(within(dialog).queryByLabelText('Your answer')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes and reopens a message', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    const { dialog } = await openFirst(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The message was closed.'));
    await user.click(await within(dialog).findByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The message was reopened.'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/v1/admin/contact-messages/${OPEN.id}/close`,
      `/api/v1/admin/contact-messages/${OPEN.id}/reopen`,
    ]);
  });

  it('shows the server’s refusal when another super-user closed the message first', async () => {
    renderPage({
      post: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid-state',
              message: 'This message is closed. Reopen it to answer.',
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    const { dialog } = await openFirst(user);
    await user.type(within(dialog).getByLabelText('Your answer'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This message is closed. Reopen it to answer.',
    );
  });

  it('says so when no message waits', async () => {
    renderPage({ list: [] });
    expect(await screen.findByText('No message waits for an answer')).toBeInTheDocument();
  });
});
