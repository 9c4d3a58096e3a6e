import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SETTLE_INTERVAL_MS,
  UNBILLED_REASON_WORDS,
  type TProofOfPlayOverview,
} from '@screenline/shared/proof-of-play';
import { campaignUuid, stubApi, type TApiCall } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { formatMoment } from '@/lib/campaign-format';
import { ProofOfPlayPage } from '@/features/admin/routes/proof-of-play-page';

const OVERVIEW_PATH = '/api/v1/admin/proof-of-play';
/** A busy machine (five engineers on two cores) can take over a second to render the first answer. */
const LOADED = { timeout: 5_000 };

function makeOverview(overrides: Partial<TProofOfPlayOverview> = {}): TProofOfPlayOverview {
  return {
    windowDays: 7,
    since: '2026-11-18T07:00:00.000Z',
    totals: {
      billed: 12_480,
      unbilled: [
        { reason: 'overlap', plays: 310 },
        { reason: 'cap-reached', plays: 42 },
        { reason: 'not-offered', plays: 9 },
      ],
      settling: { plays: 0, shownMs: 0 },
    },
    flaggedDevices: [
      {
        deviceId: campaignUuid(700),
        deviceName: 'Bar TV',
        adSpaceId: campaignUuid(701),
        adSpaceName: 'Bar screen',
        owner: { id: 'owner-1', name: 'Mallory Owner', email: 'mallory@example.com' },
        adPlays: 400,
        refused: 318,
        refusedShareBasisPoints: 7950,
        byReason: [
          { reason: 'overlap', plays: 310 },
          { reason: 'not-offered', plays: 8 },
        ],
        lastPlayAt: '2026-11-25T06:40:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** The page; the overview GETs answer `answers` in turn, the last one from then on. */
function renderPage(answers: TProofOfPlayOverview[] = [makeOverview()]) {
  let answered = 0;
  const calls = stubApi((call: TApiCall) => {
    if (call.path !== OVERVIEW_PATH) return undefined;
    const answer = answers[Math.min(answered, answers.length - 1)];
    answered += 1;
    return jsonResponse(answer);
  });
  const router = createMemoryRouter(
    [{ path: '/admin/proof-of-play', Component: ProofOfPlayPage }],
    {
      initialEntries: ['/admin/proof-of-play'],
    },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('/admin/proof-of-play', () => {
  it('shows the last 7 days: billed, each reason not billed with its rule, and the flagged TVs', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of play' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Last 7 days' }, LOADED)).toBeVisible();
    expect(
      screen.getByText(
        `Ad plays received since ${formatMoment('2026-11-18T07:00:00.000Z')}, on every screen.`,
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Ad plays', { selector: 'dl' })).toHaveTextContent(
      'Billed12,480Not billed361Settling0',
    );
    expect(screen.queryByText(/being settled/)).toBeNull();

    const reasons = screen.getByRole('region', { name: 'Not billed' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Overlapping play${UNBILLED_REASON_WORDS.overlap}310 plays`,
      `Daily cap reached${UNBILLED_REASON_WORDS['cap-reached']}42 plays`,
      `Not offered to this TV${UNBILLED_REASON_WORDS['not-offered']}9 plays`,
    ]);

    const flagged = screen.getByRole('region', { name: 'Flagged TVs' });
    expect(flagged).toHaveTextContent('at least 20 ad plays, of which 10 % or more were refused');
    const table = within(flagged).getByRole('table', { name: 'Flagged TVs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['TV', 'Ad space', 'Owner', 'Ad plays', 'Refused', 'Share', 'Reasons', 'Last play']);
    const cells = within(within(table).getByRole('row', { name: 'Bar TV' }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'Bar screen',
      'Mallory Ownermallory@example.com',
      '400',
      '318',
      '79.5 %',
      'Overlapping play310Not offered to this TV8',
      formatMoment('2026-11-25T06:40:00.000Z'),
    ]);
    // The reason's rule is on the reason, for a pointer.
    expect(within(table).getAllByTitle(UNBILLED_REASON_WORDS.overlap)).not.toHaveLength(0);
  });

  it('says so when no TV is flagged and nothing was refused', async () => {
    renderPage([
      makeOverview({
        totals: { billed: 50, unbilled: [], settling: { plays: 0, shownMs: 0 } },
        flaggedDevices: [],
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'No TV is flagged' }, LOADED)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Flagged TVs' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Not billed' })).toHaveTextContent(
      'No ad play of the last 7 days was refused.',
    );
  });

  it('shows the plays still settling and asks again until none are', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = renderPage([
      makeOverview({
        totals: { ...makeOverview().totals, settling: { plays: 25, shownMs: 375_000 } },
      }),
      makeOverview({ totals: { ...makeOverview().totals, billed: 12_505 } }),
    ]);
    const note = (await screen.findByText(/being settled/, {}, LOADED)).closest('[role="status"]');
    expect(note).toHaveTextContent(
      'Settling: 25 plays are being settled; figures are final within 10 seconds.',
    );
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS));
    await waitFor(() =>
      expect(screen.getByLabelText('Ad plays', { selector: 'dl' })).toHaveTextContent(
        'Billed12,505Not billed361Settling0',
      ),
    );
    expect(screen.queryByText(/being settled/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS * 3));
    expect(calls.filter((call) => call.path === OVERVIEW_PATH)).toHaveLength(2);
  });

  it('shows a failure with a way to try again', async () => {
    stubApi((call) =>
      call.path === OVERVIEW_PATH
        ? jsonResponse({ error: { code: 'internal', message: 'Screenline had a problem.' } }, 500)
        : undefined,
    );
    const router = createMemoryRouter(
      [{ path: '/admin/proof-of-play', Component: ProofOfPlayPage }],
      { initialEntries: ['/admin/proof-of-play'] },
    );
    renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Proof of play could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
