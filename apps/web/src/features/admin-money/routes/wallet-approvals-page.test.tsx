import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import type { TTopUp } from '@screenline/shared/wallet';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { ADMIN, makeSettings, makeTopUp, page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { uuid } from '@/test/screens-fixtures';
import { WalletApprovalsPage } from '@/features/admin-money/routes/wallet-approvals-page';

function renderPage(
  byState: Partial<Record<TTopUp['state'], TTopUp[]>>,
  post: (path: string) => Response | Error = () => jsonResponse(makeTopUp()),
  settings?: TPlatformSettings,
) {
  const calls = stubApi((call) => {
    if (call.method === 'POST') return post(call.path);
    if (settings && call.path === '/api/v1/platform-settings') return jsonResponse(settings);
    if (call.path === '/api/v1/admin/top-ups') {
      return page(byState[call.search.get('state') as TTopUp['state']] ?? []);
    }
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/admin/wallet-approvals', Component: WalletApprovalsPage }],
    { initialEntries: ['/admin/wallet-approvals'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

const PENDING = makeTopUp({
  receipt: { contentId: uuid(1), name: 'Receipt.png', url: '/storage/receipt.png' },
});

describe('/admin/wallet-approvals', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('matches a pasted bank statement to the top-up whose reference it names', async () => {
    const wanted = makeTopUp({ id: uuid(705), reference: 'SL-7KQ2-M9XD' });
    const calls = stubApi((call) => {
      if (call.path !== '/api/v1/admin/top-ups') return undefined;
      const reference = call.search.get('reference');
      if (reference === null) return page([PENDING, wanted]);
      return page(reference.includes('7kq2') ? [wanted] : []);
    });
    const router = createMemoryRouter(
      [{ path: '/admin/wallet-approvals', Component: WalletApprovalsPage }],
      { initialEntries: ['/admin/wallet-approvals'] },
    );
    renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
    const user = userEvent.setup();
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    const search = screen.getByRole('search', { name: 'Match a bank transfer' });
    await user.type(
      within(search).getByLabelText('Reference on the bank statement'),
      'Transfer sl 7kq2 m9xd thanks',
    );
    await user.click(within(search).getByRole('button', { name: 'Match' }));
    expect(await within(search).findByRole('status')).toHaveTextContent(
      'Looking for the reference SL-7KQ2-M9XD.',
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article')).toHaveTextContent('matches the statement');
    expect(calls.at(-1)?.search.get('reference')).toBe('Transfer sl 7kq2 m9xd thanks');

    await user.click(within(search).getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('lists pending top-ups with the user, amount, reference and receipt, and decided ones by state', async () => {
    renderPage({
      pending: [PENDING],
      rejected: [
        makeTopUp({
          id: uuid(703),
          state: 'rejected',
          decision: {
            decidedAt: '2026-03-03T08:00:00.000Z',
            decidedBy: ADMIN,
            reason: 'No such transfer.',
          },
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Top-up of €50.00 by Ada Lovelace' });
    expect(card).toHaveTextContent('Ada Lovelace (ada@example.com)');
    expect(card).toHaveTextContent('SL-ADA-0302');
    expect(within(card).getByRole('link', { name: /Receipt\.png/ })).toHaveAttribute(
      'href',
      '/storage/receipt.png',
    );
    expect(within(card).getByRole('button', { name: 'Approve…' })).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    const rejected = await screen.findByRole('article', {
      name: 'Top-up of €50.00 by Ada Lovelace',
    });
    expect(rejected).toHaveTextContent(/Rejected by Grace Hopper on .*: No such transfer\./);
    expect(within(rejected).queryByRole('button')).not.toBeInTheDocument();
  });

  it('rejects only with a reason, sent with an Idempotency-Key', async () => {
    const calls = renderPage({ pending: [PENDING] });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Top-up of €50.00 by Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the top-up of €50.00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject top-up' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      /Give a reason the requester can act on\./,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'The transfer has not arrived.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject top-up' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [post] = calls.filter((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/v1/admin/top-ups/${PENDING.id}/reject`);
    expect(post?.body).toEqual({ reason: 'The transfer has not arrived.' });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('approves after a confirmation; a retry after a failure reuses the key', async () => {
    let attempts = 0;
    const calls = renderPage({ pending: [PENDING] }, () => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse({ error: { code: 'internal', message: 'Try again in a moment.' } }, 503)
        : jsonResponse(makeTopUp({ state: 'approved' }));
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Top-up of €50.00 by Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Approve the top-up of €50.00?',
    });
    expect(dialog).toHaveTextContent('with the reference “SL-ADA-0302”');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  describe('four eyes on money', () => {
    /** The signed-in super-user (makeUser's uid). */
    const ME = { id: 'user-1', name: 'Me Myself', email: 'me@example.com' };

    it("disables Approve on a top-up for the super-user's own wallet, and says why", async () => {
      renderPage({ pending: [makeTopUp({ user: ME })] });
      const card = await screen.findByRole('article', { name: 'Top-up of €50.00 by Me Myself' });
      const approve = within(card).getByRole('button', { name: 'Approve…' });
      expect(approve).toBeDisabled();
      expect(approve).toHaveAccessibleDescription(
        'This top-up is for your own wallet: another super-user must approve it.',
      );
      expect(within(card).getByRole('button', { name: 'Reject…' })).toBeEnabled();
    });

    it('above the four-eyes amount, Approve gives the first approval and says nothing is credited yet', async () => {
      const calls = renderPage(
        { pending: [PENDING] },
        () => jsonResponse(makeTopUp({ state: 'awaiting-second-approval' })),
        makeSettings({ fourEyesAboveMicros: 40_000_000 }),
      );
      expect(
        await screen.findByText(/Above €40\.00, two different super-users approve/),
      ).toBeVisible();
      const user = userEvent.setup();
      const card = await screen.findByRole('article', { name: 'Top-up of €50.00 by Ada Lovelace' });
      await user.click(within(card).getByRole('button', { name: 'Approve…' }));
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Give the first approval of the top-up of €50.00?',
      });
      expect(dialog).toHaveTextContent('Nothing is credited until a second super-user confirms.');
      await user.click(within(dialog).getByRole('button', { name: 'Give first approval' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const [post] = calls.filter((call) => call.method === 'POST');
      expect(post?.path).toBe(`/api/v1/admin/top-ups/${PENDING.id}/approve`);
    });

    it('a second super-user confirms; the first approver cannot, and is told why', async () => {
      const firstApproval = (approvedBy: { id: string; name: string }) => ({
        approvedAt: '2026-03-02T11:00:00.000Z',
        approvedBy,
      });
      renderPage({
        'awaiting-second-approval': [
          makeTopUp({ state: 'awaiting-second-approval', firstApproval: firstApproval(ADMIN) }),
          makeTopUp({
            id: uuid(704),
            amountMicros: 70_000_000,
            state: 'awaiting-second-approval',
            firstApproval: firstApproval({ id: 'user-1', name: 'Me Myself' }),
          }),
        ],
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Second approval' }));
      const others = await screen.findByRole('article', {
        name: 'Top-up of €50.00 by Ada Lovelace',
      });
      expect(others).toHaveTextContent(/First approval by Grace Hopper on/);
      expect(within(others).getByRole('button', { name: 'Confirm…' })).toBeEnabled();
      const mine = screen.getByRole('article', { name: 'Top-up of €70.00 by Ada Lovelace' });
      const confirm = within(mine).getByRole('button', { name: 'Confirm…' });
      expect(confirm).toBeDisabled();
      expect(confirm).toHaveAccessibleDescription(
        'You gave the first approval: a second super-user must confirm it.',
      );

      await user.click(within(others).getByRole('button', { name: 'Confirm…' }));
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Confirm the top-up of €50.00?',
      });
      expect(dialog).toHaveTextContent('Grace Hopper gave the first approval.');
    });
  });
});
