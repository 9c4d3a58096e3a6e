import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { PublisherDashboardPage } from '@/features/dashboard/routes/publisher-dashboard-page';

function renderDashboard(answer: Response) {
  stubApi((call) => {
    if (call.path === '/api/v1/publisher/dashboard') return answer;
    if (call.path === '/api/v1/content') return jsonResponse({ items: [], nextCursor: null });
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/publisher/dashboard', Component: PublisherDashboardPage }],
    { initialEntries: ['/publisher/dashboard'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ role: 'publisher' })));
}

const card = (label: string) =>
  screen.getByRole('heading', { level: 3, name: label }).closest('section') as HTMLElement;

const isDone = async (title: string) => {
  const item = (await screen.findByText(title)).closest('li') as HTMLElement;
  return within(item).queryByText('Done') !== null;
};

const FIGURES = {
  activeCampaigns: 0,
  awaitingReview: 0,
  spendTodayMicros: 0,
  spendToDateMicros: 0,
  impressionsToday: 0,
  impressionsToDate: 0,
  balanceMicros: 0,
};

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('/publisher/dashboard', () => {
  it('shows campaigns, spend, impressions and balance, each linked where it is managed', async () => {
    renderDashboard(
      jsonResponse({
        activeCampaigns: 2,
        awaitingReview: 1,
        spendTodayMicros: 1_250_000,
        spendToDateMicros: 42_500_000,
        impressionsToday: 340,
        impressionsToDate: 12_345,
        balanceMicros: 157_000_000,
      }),
    );
    expect(await screen.findByText('€157.00')).toBeVisible();
    expect(card('Active campaigns')).toHaveTextContent('2');
    expect(card('Awaiting review')).toHaveTextContent('1');
    expect(card('Spend today')).toHaveTextContent('€1.25€42.50 to date');
    expect(card('Impressions today')).toHaveTextContent('34012,345 to date');
    expect(screen.getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: 'Awaiting review' })).toHaveAttribute(
      'href',
      '/publisher/ad-campaigns?status=pending-review',
    );
    expect(screen.getByRole('link', { name: 'All campaigns' })).toHaveAttribute(
      'href',
      '/publisher/ad-campaigns',
    );
    expect(screen.getAllByRole('link', { name: 'New campaign' })[0]).toHaveAttribute(
      'href',
      '/publisher/ad-campaigns/new',
    );
  });

  it('says when the figures could not be loaded and keeps the first steps', async () => {
    renderDashboard(
      jsonResponse({ error: { code: 'internal', message: 'Try again later.' } }, 500),
    );
    expect(await screen.findByText('Your figures could not be loaded')).toBeVisible();
    expect(screen.getByText('Fund your wallet')).toBeVisible();
  });

  it('ticks off the wallet once it holds money and the campaign step once one is submitted', async () => {
    renderDashboard(jsonResponse({ ...FIGURES, balanceMicros: 5_000_000, awaitingReview: 1 }));
    expect(await screen.findByText('€5.00')).toBeVisible();
    expect(await isDone('Fund your wallet')).toBe(true);
    expect(await isDone('Upload your creatives')).toBe(false);
    expect(await isDone('Create a campaign')).toBe(true);
    expect(await isDone('Follow the results')).toBe(false);
  });

  it('leaves every step open for a new buyer', async () => {
    renderDashboard(jsonResponse(FIGURES));
    // The figures have arrived (the balance shows), so the open steps are a decision, not a wait.
    await waitFor(() => expect(card('Balance')).toHaveTextContent('€0.00'));
    expect(await isDone('Fund your wallet')).toBe(false);
    expect(await isDone('Create a campaign')).toBe(false);
  });
});
