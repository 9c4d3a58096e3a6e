import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign, makeResults, stubApi } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AdCampaignResultsPage } from '@/features/ad-campaigns/routes/campaign-results-page';

const campaign = makeCampaign({ state: 'approved', status: 'active' });
const resultsPath = `/api/v1/campaigns/${campaign.id}/results`;

function renderResults() {
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
    return jsonResponse(makeResults());
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

describe('/publisher/ad-campaigns/view/{id}/results', () => {
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
});
