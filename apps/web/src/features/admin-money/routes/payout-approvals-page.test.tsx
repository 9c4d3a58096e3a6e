import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPayout } from '@screenline/shared/wallet';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { makePayout, page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { uuid } from '@/test/screens-fixtures';
import { PayoutApprovalsPage } from '@/features/admin-money/routes/payout-approvals-page';

const PENDING = makePayout();
const APPROVED = makePayout({ id: uuid(801), state: 'approved', amountMicros: 60_000_000 });

function renderPage(lists: { pending?: TPayout[]; approved?: TPayout[] } = {}) {
  const { pending = [PENDING], approved = [APPROVED] } = lists;
  const calls = stubApi((call) => {
    if (call.method === 'POST') return jsonResponse(makePayout({ state: 'approved' }));
    if (call.path === '/api/v1/admin/payouts') {
      const state = call.search.get('state');
      return page(state === 'pending' ? pending : state === 'approved' ? approved : []);
    }
    if (call.path === `/api/v1/admin/payouts/${APPROVED.id}/destination`) {
      return jsonResponse({ accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' });
    }
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/admin/payout-approvals', Component: PayoutApprovalsPage }],
    { initialEntries: ['/admin/payout-approvals'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

const posts = (calls: ReturnType<typeof renderPage>) =>
  calls.filter((call) => call.method === 'POST');

describe('/admin/payout-approvals', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('approves a pending payout after a confirmation, with an Idempotency-Key', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Payout of €80.00 to Ada Lovelace' });
    expect(card).toHaveTextContent('DE•• •••• 3000');
    await user.click(within(card).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Approve the payout of €80.00?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [post] = posts(calls);
    expect(post?.path).toBe(`/api/v1/admin/payouts/${PENDING.id}/approve`);
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reveals the bank details of an approved payout on demand, marks it paid, or rejects it with a reason', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'To pay' }));
    const card = await screen.findByRole('article', { name: 'Payout of €60.00 to Ada Lovelace' });
    expect(calls.some((call) => call.path.endsWith('/destination'))).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Show bank details' }));
    expect(await within(card).findByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Hide bank details' }));
    expect(within(card).getByText('DE•• •••• 3000')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Reject…' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject the payout of €60.00?' });
    await user.type(within(reject).getByLabelText('Reason'), 'no');
    await user.click(within(reject).getByRole('button', { name: 'Reject payout' }));
    expect(within(reject).getByLabelText('Reason')).toHaveAccessibleDescription(
      /Give a reason the requester can act on\./,
    );
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));

    await user.click(within(card).getByRole('button', { name: 'Mark paid…' }));
    const paid = await screen.findByRole('alertdialog', {
      name: 'Mark the payout of €60.00 as paid?',
    });
    await user.click(within(paid).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(paid).not.toBeInTheDocument());
    expect(posts(calls).map((call) => call.path)).toEqual([
      `/api/v1/admin/payouts/${APPROVED.id}/mark-paid`,
    ]);
  });

  it("four eyes: disables Approve and Mark paid on the super-user's own payout, and says why", async () => {
    const me = { id: 'user-1', name: 'Me Myself', email: 'me@example.com' };
    renderPage({
      pending: [makePayout({ user: me })],
      approved: [makePayout({ id: uuid(802), user: me, state: 'approved' })],
    });
    const reason = 'This is your own payout: another super-user must approve and pay it.';
    const pending = await screen.findByRole('article', { name: 'Payout of €80.00 to Me Myself' });
    expect(within(pending).getByRole('button', { name: 'Approve…' })).toBeDisabled();
    expect(within(pending).getByRole('button', { name: 'Approve…' })).toHaveAccessibleDescription(
      reason,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'To pay' }));
    const approved = await screen.findByRole('article', { name: 'Payout of €80.00 to Me Myself' });
    const markPaid = within(approved).getByRole('button', { name: 'Mark paid…' });
    expect(markPaid).toBeDisabled();
    expect(markPaid).toHaveAccessibleDescription(reason);
  });
});
