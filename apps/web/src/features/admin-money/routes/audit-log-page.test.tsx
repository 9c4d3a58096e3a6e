import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMoneyAuditEntry } from '@screenline/shared/audit-log';
import { makeAuth, makeUser } from '@/test/fixtures';
import { page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { uuid } from '@/test/screens-fixtures';
import { AuditLogPage } from '@/features/admin-money/routes/audit-log-page';

const entry = (overrides: Partial<TMoneyAuditEntry>): TMoneyAuditEntry => ({
  id: uuid(950),
  at: '2026-03-02T10:00:00.000Z',
  kind: 'top-up',
  action: 'approve',
  subjectId: uuid(700),
  requester: { id: 'buyer-1', email: 'ada@example.com' },
  amountMicros: 50_000_000,
  reason: null,
  actor: { id: 'admin-1', email: 'grace@example.com', name: 'Grace Hopper' },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ...overrides,
});

const TOP_UP = entry({});
const PAYOUT = entry({
  id: uuid(951),
  kind: 'payout',
  action: 'reject',
  subjectId: uuid(800),
  amountMicros: 80_000_000,
  reason: 'The IBAN belongs to someone else.',
  userAgent: null,
});

function renderPage() {
  const calls = stubApi((call) => {
    if (call.path !== '/api/v1/admin/audit-log') return undefined;
    const kind = call.search.get('kind');
    return page([TOP_UP, PAYOUT].filter((item) => kind === null || item.kind === kind));
  });
  const router = createMemoryRouter([{ path: '/admin/audit-log', Component: AuditLogPage }], {
    initialEntries: ['/admin/audit-log'],
  });
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

describe('/admin/audit-log', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('lists every decision on money: who, what, the amount, when, from where', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible();
    const topUp = await screen.findByRole('article', {
      name: 'Top-up: Approved, €50.00, by Grace Hopper',
    });
    expect(topUp).toHaveTextContent('Grace Hopper (grace@example.com)');
    expect(topUp).toHaveTextContent('ada@example.com');
    expect(topUp).toHaveTextContent('203.0.113.7');
    expect(topUp).toHaveTextContent('Mozilla/5.0 (X11; Linux x86_64)');
    expect(topUp).toHaveTextContent(TOP_UP.subjectId);
    const payout = screen.getByRole('article', {
      name: 'Payout: Rejected, €80.00, by Grace Hopper',
    });
    expect(payout).toHaveTextContent('The IBAN belongs to someone else.');
    expect(payout).toHaveTextContent('Not sent');
    // Read-only: no decision can be made here.
    expect(within(payout).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by kind', async () => {
    const calls = renderPage();
    await screen.findByRole('article', { name: /^Top-up/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Payouts' }));
    expect(await screen.findByRole('article', { name: /^Payout/ })).toBeVisible();
    expect(screen.queryByRole('article', { name: /^Top-up/ })).not.toBeInTheDocument();
    expect(calls.at(-1)?.search.get('kind')).toBe('payout');
  });
});
