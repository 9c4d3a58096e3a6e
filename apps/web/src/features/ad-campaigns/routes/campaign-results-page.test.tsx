import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCampaignResults } from '@screenline/shared/campaign';
import { SETTLE_INTERVAL_MS, UNBILLED_REASON_WORDS } from '@screenline/shared/proof-of-play';
import { makeCampaign, makeResults, stubApi } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AdCampaignResultsPage } from '@/features/ad-campaigns/routes/campaign-results-page';

const campaign = makeCampaign({ state: 'approved', status: 'active' });
const resultsPath = `/api/v1/campaigns/${campaign.id}/results`;

/** The results page; the results GETs answer `answers` in turn, the last one from then on. */
function renderResults(answers: TCampaignResults[] = [makeResults()]) {
  let answered = 0;
  const calls = stubApi((call) => {
    if (call.path === `/api/v1/campaigns/${campaign.id}`) return jsonResponse(campaign);
    if (call.path !== resultsPath) return undefined;
    if (call.headers.get('accept') === 'text/csv') {
      return new Response('day,impressions\n2026-12-01,10\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="summer-sale.csv"',
        },
      });
    }
    const answer = answers[Math.min(answered, answers.length - 1)];
    answered += 1;
    return jsonResponse(answer);
  });
  const router = createMemoryRouter(
    [{ path: '/publisher/ad-campaigns/view/:id/results', Component: AdCampaignResultsPage }],
    { initialEntries: [`/publisher/ad-campaigns/view/${campaign.id}/results`] },
  );
  renderWithAuth(router, makeAuth(makeUser({ role: 'publisher' })));
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  // recharts sizes its charts with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const resultsCalls = (calls: { path: string; headers: Headers }[]) =>
  calls.filter((call) => call.path === resultsPath && call.headers.get('accept') !== 'text/csv');

describe('/publisher/ad-campaigns/view/{id}/results', () => {
  it('shows spend against the even line, with the figures in a table for screen readers', async () => {
    renderResults([
      makeResults({
        pacing: {
          status: 'behind',
          evenLineMicros: 40_000_000,
          timeZone: 'Europe/London',
          budgetMicros: 500_000_000,
          days: [
            { day: '2026-12-01', evenMicros: 16_129_032, spentMicros: 10_000_000 },
            { day: '2026-12-02', evenMicros: 32_258_064, spentMicros: 25_000_000 },
            { day: '2026-12-03', evenMicros: 48_387_096, spentMicros: null },
          ],
        },
      }),
    ]);
    const figure = await screen.findByRole(
      'figure',
      { name: /Pacing: spent against the even line/ },
      { timeout: 3000 },
    );
    expect(figure).toHaveTextContent('Behind');
    expect(figure).toHaveTextContent('€25.00 spent of €500.00; the even line is at €40.00 now.');
    const table = within(figure).getByRole('table', {
      name: 'Spent against the even line, to the end of each day',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('€25.00');
    expect(rows[2]).toHaveTextContent('€32.26');
    expect(rows[3]).toHaveTextContent('Not yet');
  });

  it('shows no pacing before the campaign is approved', async () => {
    renderResults([makeResults({ pacing: null })]);
    await screen.findByText(/Creative ready on/, undefined, { timeout: 3000 });
    expect(screen.queryByRole('figure', { name: /Pacing/ })).toBeNull();
  });

  it('shows the totals, the readiness, the days and the screens', async () => {
    renderResults();
    expect(await screen.findByText(/Creative ready on/)).toHaveTextContent(
      'Creative ready on 1 of 2 screens',
    );
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Impressions30');
    expect(totals).toHaveTextContent('Time shown5 min');
    expect(totals).toHaveTextContent('Spend€0.75');
    expect(totals).toHaveTextContent('QR scans4');
    const spendTable = screen.getByRole('table', { name: 'Spend by day' });
    expect(
      within(spendTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DaySpend', 'Tue 1 Dec€0.25', 'Wed 2 Dec€0.38', 'Thu 3 Dec€0.13']);
    const row = screen.getByRole('row', { name: 'Mall entrance' });
    expect(row).toHaveTextContent('London');
    expect(row).toHaveTextContent('30');
  });

  it('asks for the days chosen, and refuses a range that ends before it starts', async () => {
    const calls = renderResults();
    await screen.findByText(/Creative ready on/);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-03' } });
    await waitFor(() =>
      expect(calls.some((call) => call.search === '?from=2026-12-02&to=2026-12-03')).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-09' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the results as CSV with Accept: text/csv', async () => {
    const createObjectURL = vi.fn(() => 'blob:results');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const calls = renderResults();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((call) => call.headers.get('accept') === 'text/csv');
    expect(download?.path).toBe(resultsPath);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('summer-sale.csv');
  });

  it('lists the plays not billed, each reason with its count and the rule, and says days are the screen’s', async () => {
    renderResults([
      makeResults({
        unbilled: [
          { reason: 'cap-reached', plays: 12 },
          { reason: 'overlap', plays: 3 },
          { reason: 'not-live', plays: 1 },
        ],
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'Not billed' });
    expect(section).toHaveTextContent('16 plays');
    expect(section).toHaveTextContent('They are not in the figures above.');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Daily cap reached${UNBILLED_REASON_WORDS['cap-reached']}12 plays`,
      `Overlapping play${UNBILLED_REASON_WORDS.overlap}3 plays`,
      `Campaign not running${UNBILLED_REASON_WORDS['not-live']}1 play`,
    ]);
    expect(screen.getByText(/Each play counts on its screen’s local day/)).toBeVisible();
    expect(screen.queryByText(/UTC/)).toBeNull();
    // Nothing is settling: no settling line.
    expect(screen.queryByText(/being settled/)).toBeNull();
  });

  it('says why nothing was billed when every reported play was refused', async () => {
    renderResults([
      makeResults({
        totals: { impressions: 0, shownMs: 0, spentMicros: 0, qrScans: 0 },
        byDay: [],
        byAdSpace: [],
        unbilled: [{ reason: 'below-floor', plays: 7 }],
      }),
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Nothing billed in these days' }),
    ).toBeVisible();
    expect(screen.getByText(/Screens reported 7 plays of this campaign/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Not billed' })).toHaveTextContent(
      UNBILLED_REASON_WORDS['below-floor'],
    );
  });

  it('shows the plays still settling and asks again until none are', async () => {
    // Only the intervals are fake: the page's refresh runs when the test says, not on a clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const settling = makeResults({ settling: { plays: 3, shownMs: 45_000 } });
    const settled = makeResults({
      totals: { impressions: 33, shownMs: 345_000, spentMicros: 862_500, qrScans: 4 },
    });
    const calls = renderResults([settling, settled]);
    const note = (await screen.findByText(/being settled/)).closest('[role="status"]');
    expect(note).toHaveTextContent(
      'Settling: 3 plays are being settled; figures are final within 10 seconds.',
    );
    expect(resultsCalls(calls)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS));
    await waitFor(() => expect(screen.queryByText(/being settled/)).toBeNull());
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Impressions33');
    expect(resultsCalls(calls)).toHaveLength(2);

    // Settled: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS * 3));
    expect(resultsCalls(calls)).toHaveLength(2);
  });
});
