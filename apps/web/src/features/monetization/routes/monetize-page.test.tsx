import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEarnings, TMonetizationRequest } from '@screenline/shared/monetization';
import { SETTLE_INTERVAL_MS, UNBILLED_REASON_WORDS } from '@screenline/shared/proof-of-play';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { ADMIN, makeMonetizationRequest, makeSettings, page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, uuid } from '@/test/screens-fixtures';
import { MonetizePage } from '@/features/monetization/routes/monetize-page';

const LOBBY = makeAdSpace({ id: uuid(201), name: 'Lobby' });
const WINDOW = makeAdSpace({ id: uuid(202), name: 'Window' });
const BAR = makeAdSpace({ id: uuid(203), name: 'Bar' });
const TERRACE = makeAdSpace({ id: uuid(204), name: 'Terrace' });

const spaceRef = (space: typeof LOBBY) => ({
  id: space.id,
  name: space.name,
  location: { id: space.location.id, name: space.location.name, city: space.location.city },
});

function makeEarnings(overrides: Partial<TEarnings> = {}): TEarnings {
  return {
    from: '2026-03-01',
    to: '2026-03-07',
    totalMicros: 4_560_000,
    impressions: 120,
    byAdSpace: [
      { adSpaceId: LOBBY.id, name: 'Lobby', earnedMicros: 4_560_000, impressions: 120, shownMs: 1 },
    ],
    byDay: [
      { day: '2026-03-02', earnedMicros: 1_000_000, impressions: 30 },
      { day: '2026-03-05', earnedMicros: 3_560_000, impressions: 90 },
    ],
    unbilled: [],
    settling: { plays: 0, shownMs: 0 },
    ...overrides,
  };
}

function renderMonetize({
  requests = [],
  earnings = makeEarnings(),
  post = () => undefined,
}: {
  requests?: TMonetizationRequest[];
  earnings?: TEarnings;
  post?: () => Response | undefined;
} = {}) {
  const calls = stubApi((call) => {
    if (call.method === 'POST') return post();
    switch (call.path) {
      case '/api/v1/ad-spaces':
        return page([LOBBY, WINDOW, BAR, TERRACE]);
      case '/api/v1/monetization-requests':
        return page(requests);
      case '/api/v1/platform-settings':
        return jsonResponse(makeSettings());
      case '/api/v1/earnings':
        return jsonResponse(earnings);
      default:
        return undefined;
    }
  });
  const router = createMemoryRouter([{ path: '/advertiser/monetize', Component: MonetizePage }], {
    initialEntries: ['/advertiser/monetize'],
  });
  renderWithAuth(router, makeAuth(makeUser()));
  return calls;
}

const decision = (reason: string | null) => ({
  decidedAt: '2026-03-03T08:00:00.000Z',
  decidedBy: ADMIN,
  reason,
});

describe('/advertiser/monetize', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows each space’s newest request, its floor per second and per hour, and the reason of a refusal', async () => {
    renderMonetize({
      requests: [
        makeMonetizationRequest({
          id: uuid(601),
          adSpace: spaceRef(WINDOW),
          state: 'approved',
          floorMicrosPerSecond: 250,
          decision: decision(null),
          createdAt: '2026-03-02T09:00:00.000Z',
        }),
        makeMonetizationRequest({
          id: uuid(602),
          adSpace: spaceRef(BAR),
          state: 'rejected',
          decision: decision('The screen faces a school.'),
        }),
        makeMonetizationRequest({
          id: uuid(603),
          adSpace: spaceRef(TERRACE),
          state: 'suspended',
          decision: decision('Reported as switched off for weeks.'),
        }),
        // An older request of the Window: the newer approval wins.
        makeMonetizationRequest({
          id: uuid(604),
          adSpace: spaceRef(WINDOW),
          state: 'withdrawn',
          createdAt: '2026-02-01T09:00:00.000Z',
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Ad spaces and their monetization' });
    const lobby = within(table).getByRole('row', { name: 'Lobby' });
    expect(lobby).toHaveTextContent('Not monetized');
    expect(
      within(lobby).getByRole('button', { name: 'Request monetization of Lobby' }),
    ).toHaveTextContent('Monetize');
    const window = within(table).getByRole('row', { name: 'Window' });
    expect(window).toHaveTextContent('Approved');
    expect(window).toHaveTextContent('€0.00025 per second');
    expect(window).toHaveTextContent('€0.90 per hour of play');
    expect(
      within(window).getByRole('button', { name: 'Withdraw monetization of Window' }),
    ).toBeVisible();
    const bar = within(table).getByRole('row', { name: 'Bar' });
    expect(bar).toHaveTextContent('Rejected');
    expect(bar).toHaveTextContent(/Rejected by Grace Hopper on .*: The screen faces a school\./);
    expect(
      within(bar).getByRole('button', { name: 'Request monetization of Bar' }),
    ).toHaveTextContent('Request again');
    const terrace = within(table).getByRole('row', { name: 'Terrace' });
    expect(terrace).toHaveTextContent(/Suspended by Grace Hopper on .*: Reported as switched off/);
    expect(screen.getByRole('status')).toHaveTextContent(
      'at least €0.0001 per second (€0.36 per hour of play)',
    );
    expect(screen.getByRole('status')).toHaveTextContent('commission of 20 %');
  });

  it('asks for monetization at a floor no lower than the platform minimum', async () => {
    const calls = renderMonetize({
      post: () => jsonResponse(makeMonetizationRequest({ adSpace: spaceRef(LOBBY) }), 201),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request monetization of Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monetize “Lobby”' });
    const floor = within(dialog).getByLabelText('Floor price per second (€)');
    expect(floor).toHaveValue('0.0001');
    await user.clear(floor);
    await user.type(floor, '0.00005');
    await user.click(within(dialog).getByRole('button', { name: 'Request monetization' }));
    expect(floor).toHaveAccessibleDescription(/The platform’s minimum is €0\.0001 per second\./);
    await user.clear(floor);
    await user.type(floor, '0.0000001');
    await user.click(within(dialog).getByRole('button', { name: 'Request monetization' }));
    expect(floor).toHaveAccessibleDescription(/at most 6 decimals/);
    await user.clear(floor);
    await user.type(floor, '0.0005');
    expect(floor).toHaveAccessibleDescription(
      '€0.0005 per second: €1.80 per hour of play. At least €0.0001 per second.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request monetization' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/v1/monetization-requests');
    expect(post?.body).toEqual({ adSpaceId: LOBBY.id, floorMicrosPerSecond: 500 });
  });

  it('withdraws an approved monetization after a confirmation', async () => {
    const calls = renderMonetize({
      requests: [
        makeMonetizationRequest({ id: uuid(601), adSpace: spaceRef(WINDOW), state: 'approved' }),
      ],
      post: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw monetization of Window' });
    await user.click(withdraw);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Withdraw monetization of “Window”?',
    });
    expect(dialog).toHaveTextContent(/stop showing paid campaigns/);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(
      `/api/v1/monetization-requests/${uuid(601)}/withdraw`,
    );
    await waitFor(() => expect(withdraw).toHaveFocus());
  });

  it('shows earnings per space and every day of the range, and refuses a backwards range', async () => {
    const calls = renderMonetize();
    const byDay = await screen.findByRole('table', { name: 'Earnings by day' });
    expect(within(byDay).getAllByRole('row')).toHaveLength(8);
    expect(within(byDay).getByRole('row', { name: 'Thu 5 Mar' })).toHaveTextContent('€3.56');
    expect(within(byDay).getByRole('row', { name: 'Tue 3 Mar' })).toHaveTextContent('€0.00');
    const bySpace = screen.getByRole('table', { name: 'Earnings by ad space' });
    expect(within(bySpace).getByRole('row', { name: 'Lobby' })).toHaveTextContent('€4.56');
    const earningsCall = calls.find((call) => call.path === '/api/v1/earnings');
    expect(earningsCall?.search.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
  });

  it('says so when nothing was earned instead of listing empty days', async () => {
    renderMonetize({
      earnings: makeEarnings({ totalMicros: 0, impressions: 0, byAdSpace: [], byDay: [] }),
    });
    expect(await screen.findByText(/Nothing earned in these days\./)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Earnings by day' })).not.toBeInTheDocument();
  });

  it('shows the ad plays that earned nothing by reason, says days are the play’s local day, and refreshes while plays settle', async () => {
    // Only the intervals are fake: the refresh runs when the test says, not on a clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const unbilled: TEarnings['unbilled'] = [
      { reason: 'overlap', plays: 9 },
      { reason: 'clock-ahead', plays: 2 },
    ];
    let answered = 0;
    const calls = stubApi((call) => {
      switch (call.path) {
        case '/api/v1/ad-spaces':
          return page([LOBBY]);
        case '/api/v1/monetization-requests':
          return page([]);
        case '/api/v1/platform-settings':
          return jsonResponse(makeSettings());
        case '/api/v1/earnings':
          answered += 1;
          return jsonResponse(
            answered === 1
              ? makeEarnings({ unbilled, settling: { plays: 1, shownMs: 15_000 } })
              : makeEarnings({ unbilled, totalMicros: 4_572_000, impressions: 121 }),
          );
        default:
          return undefined;
      }
    });
    const router = createMemoryRouter([{ path: '/advertiser/monetize', Component: MonetizePage }], {
      initialEntries: ['/advertiser/monetize'],
    });
    renderWithAuth(router, makeAuth(makeUser()));

    const note = (await screen.findByText(/being settled/)).closest('[role="status"]');
    expect(note).toHaveTextContent(
      'Settling: 1 play is being settled; figures are final within 10 seconds.',
    );
    expect(screen.getByText(/Each play counts on its own local day at its screen/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'By day' })).toBeVisible();
    const notBilled = screen.getByRole('region', { name: 'Not billed' });
    expect(notBilled).toHaveTextContent('11 plays');
    expect(
      within(notBilled)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Overlapping play${UNBILLED_REASON_WORDS.overlap}9 plays`,
      `TV clock ahead${UNBILLED_REASON_WORDS['clock-ahead']}2 plays`,
    ]);

    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS));
    await waitFor(() => expect(screen.queryByText(/being settled/)).toBeNull());
    expect(screen.getByText('€4.57')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS * 3));
    expect(calls.filter((call) => call.path === '/api/v1/earnings')).toHaveLength(2);
  });
});
