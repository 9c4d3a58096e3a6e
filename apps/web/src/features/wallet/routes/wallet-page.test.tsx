import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import {
  ADMIN,
  makePayout,
  makeSettings,
  makeTopUp,
  makeTransaction,
  makeWallet,
  page,
  stubApi,
  type TApiCall,
} from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { uuid } from '@/test/screens-fixtures';
import { WalletPage } from '@/features/wallet/routes/wallet-page';

type TWalletData = {
  wallet?: ReturnType<typeof makeWallet>;
  topUps?: unknown[];
  payouts?: unknown[];
  transactions?: (call: TApiCall) => Response;
  receipts?: unknown[];
  earnings?: unknown[];
};

/** The wallet's GETs; `handler` answers the rest (the POSTs) first. */
function stubWallet(
  data: TWalletData = {},
  handler: (call: TApiCall) => Response | Error | undefined = () => undefined,
) {
  return stubApi((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    switch (call.path) {
      case '/api/v1/wallet':
        return jsonResponse(data.wallet ?? makeWallet());
      case '/api/v1/platform-settings':
        return jsonResponse(makeSettings());
      case '/api/v1/wallet/top-ups':
        return page(data.topUps ?? []);
      case '/api/v1/wallet/payouts':
        return page(data.payouts ?? []);
      case '/api/v1/wallet/transactions':
        return data.transactions?.(call) ?? page([]);
      case '/api/v1/wallet/receipts':
        return jsonResponse({ items: data.receipts ?? [] });
      case '/api/v1/wallet/earnings':
        return page(data.earnings ?? []);
      case '/api/v1/wallet/earnings/plays':
        return jsonResponse({
          items: [
            {
              id: uuid(51),
              startedAt: '2026-11-20T10:00:00.000Z',
              billableMs: 15_000,
              billedMicros: 1500,
              earnedMicros: 1200,
              settledAt: '2026-11-20T10:05:00.000Z',
            },
          ],
          truncated: false,
        });
      case '/api/v1/content':
        return page([makeContentItem({ id: uuid(1), name: 'Transfer receipt.png' })]);
      default:
        return undefined;
    }
  });
}

function renderWallet(
  role: 'advertiser' | 'publisher' | null,
  { twoFactorEnabled = true, isSU = false } = {},
) {
  const router = createMemoryRouter([{ path: '/wallet', Component: WalletPage }], {
    initialEntries: ['/wallet'],
  });
  renderWithAuth(router, makeAuth(makeUser({ role, isSU, twoFactorEnabled })));
}

const posts = (calls: TApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('/wallet', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows a buyer the figures, what was spent, and each top-up with its decision', async () => {
    stubWallet({
      topUps: [
        makeTopUp({
          id: uuid(701),
          state: 'rejected',
          reference: 'WRONG-REF',
          decision: {
            decidedAt: '2026-03-03T08:00:00.000Z',
            decidedBy: ADMIN,
            reason: 'No transfer with this reference arrived.',
          },
        }),
        makeTopUp({ id: uuid(702), amountMicros: 20_000_000 }),
      ],
    });
    renderWallet('publisher');
    const figures = await screen.findByText('Available');
    expect(figures.closest('dl')).toHaveTextContent('Available€125.50');
    expect(figures.closest('dl')).toHaveTextContent('Held€40.00');
    // An ended campaign's hold waits for late plays (HOLD_RELEASE_GRACE_MS) before it returns.
    expect(figures.closest('dl')).toHaveTextContent(
      'kept for 72 hours and 5 minutes after one ends for late plays',
    );
    expect(figures.closest('dl')).toHaveTextContent('Pending top-ups€50.00');
    expect(figures.closest('dl')).toHaveTextContent('Spent, all time€84.00');
    expect(figures.closest('dl')).not.toHaveTextContent('Earned');
    expect(screen.queryByRole('button', { name: 'Request payout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your payouts' })).not.toBeInTheDocument();

    const topUps = await screen.findByRole('list', { name: 'Your top-up requests' });
    const rejected = within(topUps).getByRole('listitem', { name: 'Top-up of €50.00, rejected' });
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Reference WRONG-REF');
    expect(rejected).toHaveTextContent(
      /Rejected by Grace Hopper on 3 Mar 2026, \d\d:00: No transfer with this reference arrived\./,
    );
    const pending = within(topUps).getByRole('listitem', { name: 'Top-up of €20.00, pending' });
    expect(pending).toHaveTextContent('Pending');
    expect(pending).not.toHaveTextContent('by Grace Hopper');
  });

  it('says how to pay a pending top-up, and lists the receipts with their PDFs', async () => {
    stubWallet({
      topUps: [makeTopUp({ reference: 'SL-7KQ2-M9XD' })],
      receipts: [
        {
          id: uuid(61),
          number: '2026-000012',
          kind: 'top-up',
          amountMicros: 500_000_000,
          month: null,
          issuedAt: '2026-11-20T10:00:00.000Z',
          pdfUrl: `/api/v1/wallet/receipts/${uuid(61)}/pdf`,
        },
        {
          id: uuid(62),
          number: '2026-000009',
          kind: 'monthly-spend',
          amountMicros: 84_000_000,
          month: '2026-10-01',
          issuedAt: '2026-11-01T00:10:00.000Z',
          pdfUrl: `/api/v1/wallet/receipts/${uuid(62)}/pdf`,
        },
      ],
    });
    const user = userEvent.setup();
    renderWallet('publisher');
    const pending = await screen.findByRole('listitem', { name: 'Top-up of €50.00, pending' });
    await user.click(within(pending).getByText('How to pay'));
    expect(within(pending).getByLabelText('Reference')).toHaveTextContent('SL-7KQ2-M9XD');
    expect(within(pending).getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();

    const receipts = await screen.findByRole('list', { name: 'Your receipts' });
    const monthly = within(receipts).getByRole('listitem', {
      name: 'Receipt 2026-000009: Monthly ad spend, October 2026',
    });
    expect(monthly).toHaveTextContent('€84.00');
    const download = within(receipts).getByRole('link', {
      name: 'Download receipt 2026-000012 (PDF)',
    });
    expect(download).toHaveAttribute('href', `/api/v1/wallet/receipts/${uuid(61)}/pdf`);
    expect(download).toHaveAttribute('download', 'screenline-receipt-2026-000012.pdf');
  });

  it('shows an owner one earnings row per screen, campaign and day, the plays a click away, and a history without each settlement', async () => {
    const calls = stubWallet({
      earnings: [
        {
          day: '2026-11-20',
          adSpace: { id: uuid(200), name: 'Window screen' },
          campaign: { id: uuid(300), name: 'Winter sale' },
          plays: 1400,
          earnedMicros: 130_000,
          lastSettledAt: '2026-11-20T22:00:00.000Z',
        },
      ],
    });
    const user = userEvent.setup();
    renderWallet('advertiser');
    const rows = await screen.findByRole('list', {
      name: 'Ad earnings per screen, campaign and day',
    });
    const row = within(rows).getByRole('listitem', {
      name: /^Window screen, Winter sale, Fri,? 20 Nov 2026$/,
    });
    expect(row).toHaveTextContent('1400 plays');
    expect(row).toHaveTextContent('+€0.13');
    const show = within(row).getByRole('button', { name: 'Show plays' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const plays = await within(row).findByRole('list', {
      name: 'Plays of Winter sale on Window screen',
    });
    expect(plays).toHaveTextContent('15.0 s');
    expect(within(row).getByRole('button', { name: 'Hide plays' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const detail = calls.find((call) => call.path === '/api/v1/wallet/earnings/plays');
    expect(detail?.search.get('campaignId')).toBe(uuid(300));

    // The history leaves the settlements out until asked.
    const history = () => calls.filter((call) => call.path === '/api/v1/wallet/transactions');
    await waitFor(() => expect(history().at(-1)?.search.get('except')).toBe('impression-charge'));
    await user.click(screen.getByLabelText(/Show each settlement of ad plays/));
    await waitFor(() => expect(history().at(-1)?.search.get('except')).toBeNull());
  });

  it('shows an owner what was earned and the payouts with the IBAN masked', async () => {
    stubWallet({
      payouts: [
        makePayout({
          state: 'paid',
          paidAt: '2026-03-04T12:00:00.000Z',
          decision: { decidedAt: '2026-03-03T08:00:00.000Z', decidedBy: ADMIN, reason: null },
        }),
      ],
    });
    renderWallet('advertiser');
    const figures = await screen.findByText('Available');
    expect(figures.closest('dl')).toHaveTextContent('Earned, all time€310.25');
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeVisible();
    // Issue 21, lows: top-ups pay for campaigns; an owner has no Top up button.
    expect(screen.queryByRole('button', { name: 'Top up' })).not.toBeInTheDocument();
    const payouts = await screen.findByRole('list', { name: 'Your payouts' });
    const paid = within(payouts).getByRole('listitem', { name: 'Payout of €80.00, paid' });
    expect(paid).toHaveTextContent('To Ada Lovelace, DE•• •••• 3000');
    expect(paid).toHaveTextContent(/paid 4 Mar 2026/);
    expect(paid).toHaveTextContent(/Approved by Grace Hopper/);
  });

  it('offers Top up to a buyer only, not to a role-less super-user (issue 21, lows)', async () => {
    stubWallet({});
    renderWallet(null, { isSU: true });
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Top up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request payout' })).not.toBeInTheDocument();
  });

  it('filters the history, pages it with the cursor and exports what the filters keep as CSV', async () => {
    const calls = stubWallet({
      transactions: (call) => {
        if (call.headers.accept === 'text/csv') {
          return new Response('id,kind\n1,top-up\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="wallet-2026-03.csv"',
            },
          });
        }
        if (call.search.get('cursor') === 'next-1') {
          return page([
            makeTransaction({ id: uuid(902), kind: 'campaign-hold', amountMicros: -30_000_000 }),
          ]);
        }
        return page(
          [
            makeTransaction({
              kind: 'impression-charge',
              description: 'Ad plays on 2 March',
              amountMicros: -1_234_567,
              heldDeltaMicros: -1_234_567,
              campaign: { id: uuid(50), name: 'Spring sale' },
            }),
          ],
          'next-1',
        );
      },
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderWallet('publisher');

    const table = await screen.findByRole('table', { name: 'Wallet history' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Ad plays');
    expect(row).toHaveTextContent('Ad plays on 2 March · Spring sale');
    expect(row).toHaveTextContent('−€1.23');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Campaign budget held')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Kind'), 'top-up');
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === '/api/v1/wallet/transactions' &&
            call.search.get('kind') === 'top-up' &&
            call.search.get('from') === '2026-03-05' &&
            call.search.get('to') === '2026-03-31',
        ),
      ).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csv = calls.find((call) => call.headers.accept === 'text/csv');
    expect(csv?.search.toString()).toBe('kind=top-up&from=2026-03-05&to=2026-03-31');
  });

  it('checks the top-up against the limits and sends the amount in micros', async () => {
    const calls = stubWallet({}, (call) =>
      call.method === 'POST' ? jsonResponse(makeTopUp(), 201) : undefined,
    );
    const user = userEvent.setup();
    renderWallet('publisher');
    await user.click(await screen.findByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top up your wallet' });
    expect(
      await within(dialog).findByText(/you get the platform’s bank details and a reference/),
    ).toBeVisible();
    expect(within(dialog).queryByText(/given in your contract/)).toBeNull();
    const amount = within(dialog).getByLabelText('Amount (€)');
    expect(amount).toHaveAccessibleDescription('From €10.00 to €50,000.00.');

    const send = within(dialog).getByRole('button', { name: 'Send top-up request' });
    await user.click(send);
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Enter an amount\./));
    await user.type(amount, '9.99');
    await user.click(send);
    expect(amount).toHaveAccessibleDescription(/The smallest amount is €10\.00\./);
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(send);
    expect(amount).toHaveAccessibleDescription(/Enter an amount like 50 or 49\.99\./);
    await user.clear(amount);
    await user.type(amount, '50001');
    await user.click(send);
    expect(amount).toHaveAccessibleDescription(/The largest top-up is €50,000\.00\./);
    expect(posts(calls, '/api/v1/wallet/top-ups')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '250,5');
    await user.click(within(dialog).getByRole('button', { name: 'Choose a receipt…' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a receipt' });
    await user.click(
      await within(picker).findByRole('button', { name: 'Use Transfer receipt.png' }),
    );
    expect(within(dialog).getByText('Transfer receipt.png')).toBeVisible();
    await user.click(send);
    // How to pay it: the platform's account from the settings and the request's reference.
    expect(await within(dialog).findByText('Request sent')).toBeVisible();
    expect(within(dialog).getByLabelText('Reference')).toHaveTextContent('SL-ADA-0302');
    expect(within(dialog).getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    expect(within(dialog).getByText('COBADEFFXXX')).toBeVisible();
    expect(within(dialog).getByText('Screenline GmbH')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Top up' })).toHaveFocus();
    expect(posts(calls, '/api/v1/wallet/top-ups')[0]?.body).toEqual({
      amountMicros: 250_500_000,
      method: 'bank-transfer',
      receiptContentId: uuid(1),
    });
  });

  it('sends a retried top-up with the same Idempotency-Key, and the next one with a new key', async () => {
    let attempts = 0;
    const calls = stubWallet({}, (call) => {
      if (call.method !== 'POST') return undefined;
      attempts += 1;
      // The first attempt never gets an answer (the network dropped it).
      return attempts === 1 ? new TypeError('Failed to fetch') : jsonResponse(makeTopUp(), 201);
    });
    const user = userEvent.setup();
    renderWallet('publisher');

    const fillAndSend = async () => {
      await user.click(await screen.findByRole('button', { name: 'Top up' }));
      const dialog = await screen.findByRole('dialog', { name: 'Top up your wallet' });
      await user.type(await within(dialog).findByLabelText('Amount (€)'), '50');
      await user.click(within(dialog).getByRole('button', { name: 'Send top-up request' }));
      return dialog;
    };

    const dialog = await fillAndSend();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/connection/i);
    await user.click(within(dialog).getByRole('button', { name: 'Send top-up request' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Another top-up of the same amount is another action.
    const second = await fillAndSend();
    await user.click(await within(second).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(second).not.toBeInTheDocument());

    const keys = posts(calls, '/api/v1/wallet/top-ups').map(
      (call) => call.headers['idempotency-key'],
    );
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('lets an owner pay out at most what is available, to a valid IBAN', async () => {
    const calls = stubWallet({}, (call) =>
      call.method === 'POST' ? jsonResponse(makePayout(), 201) : undefined,
    );
    const user = userEvent.setup();
    renderWallet('advertiser');
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    const amount = await within(dialog).findByLabelText('Amount (€)');
    expect(amount).toHaveAccessibleDescription(
      '€125.50 available. From €10.00 to €50,000.00 per payout.',
    );
    await user.type(amount, '125.51');
    await user.type(within(dialog).getByLabelText('Account holder'), 'Ada Lovelace');
    const iban = within(dialog).getByLabelText('IBAN');
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(amount).toHaveAccessibleDescription(/You have €125\.50 available\./);
    expect(iban).toHaveAccessibleDescription(/That IBAN is not valid/);

    await user.clear(amount);
    await user.type(amount, '125.50');
    await user.clear(iban);
    await user.type(iban, 'de89 3704 0044 0532 0130 00');
    // A fresh two-factor code is required (issue 18 item 4), checked before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    const code = within(dialog).getByLabelText('Two-factor code');
    expect(code).toHaveAccessibleDescription(
      /Enter the 6-digit code from your authenticator app\./,
    );
    expect(posts(calls, '/api/v1/wallet/payouts')).toHaveLength(0);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [post] = posts(calls, '/api/v1/wallet/payouts');
    expect(post?.body).toEqual({
      amountMicros: 125_500_000,
      destination: { accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' },
    });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers['x-two-factor-code']).toBe('123456');
  });

  it('sends an owner without two-factor sign-in to turn it on before a payout', async () => {
    stubWallet({});
    const user = userEvent.setup();
    renderWallet('advertiser', { twoFactorEnabled: false });
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    expect(await within(dialog).findByText('Turn on two-factor sign-in first')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Turn it on in your profile' }),
    ).toHaveAttribute('href', '/profile#two-factor');
    expect(within(dialog).getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });

  it('tells an owner with less than the smallest payout that nothing can be paid out yet', async () => {
    stubWallet({ wallet: makeWallet({ availableMicros: 4_990_000 }) });
    const user = userEvent.setup();
    renderWallet('advertiser');
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The smallest payout is €10.00; you have €4.99 available.',
    );
    expect(within(dialog).getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });
});
