import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { makeMonetizationRequest, page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { uuid } from '@/test/screens-fixtures';
import { MonetizationApprovalsPage } from '@/features/admin-money/routes/monetization-approvals-page';

const PENDING = makeMonetizationRequest();
const APPROVED = makeMonetizationRequest({
  id: uuid(605),
  state: 'approved',
  adSpace: { ...PENDING.adSpace, id: uuid(205), name: 'Lobby' },
});

function renderPage() {
  const calls = stubApi((call) => {
    if (call.method === 'POST') return jsonResponse(PENDING);
    if (call.path === '/api/v1/admin/monetization-requests') {
      const state = call.search.get('state');
      return page(state === 'pending' ? [PENDING] : state === 'approved' ? [APPROVED] : []);
    }
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/admin/monetization-approvals', Component: MonetizationApprovalsPage }],
    { initialEntries: ['/admin/monetization-approvals'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

describe('/admin/monetization-approvals', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows a pending request’s space, location, owner and floor, and approves it', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Monetization of Window screen' });
    expect(card).toHaveTextContent('Corner Café, New York');
    expect(card).toHaveTextContent('Ada Lovelace (ada@example.com)');
    expect(card).toHaveTextContent('€0.0002 per second (€0.72 per hour)');
    await user.click(within(card).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Approve monetization of “Window screen”?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(
      `/api/v1/admin/monetization-requests/${PENDING.id}/approve`,
    );
  });

  it('suspends an approved space only with a reason', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approved' }));
    const card = await screen.findByRole('article', { name: 'Monetization of Lobby' });
    await user.click(within(card).getByRole('button', { name: 'Suspend…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Suspend monetization of “Lobby”?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      /Give a reason the requester can act on\./,
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'The TV has been off for weeks.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/v1/admin/monetization-requests/${APPROVED.id}/suspend`);
    expect(post?.body).toEqual({ reason: 'The TV has been off for weeks.' });
  });
});
