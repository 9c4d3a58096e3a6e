import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCampaign } from '@screenline/shared/campaign';
import { MARKETPLACE_SPACES, makeCampaign, stubApi, type TApiCall } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { NewAdCampaignPage } from '@/features/ad-campaigns/routes/ad-campaign-pages';

function renderWizard(
  campaign: TCampaign | null,
  handler?: (call: TApiCall) => Response | undefined,
) {
  const calls = stubApi((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/marketplace/ad-spaces')
      return jsonResponse({ items: MARKETPLACE_SPACES });
    if (campaign && call.method === 'GET' && call.path === `/api/v1/campaigns/${campaign.id}`)
      return jsonResponse(campaign);
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/publisher/ad-campaigns/new', Component: NewAdCampaignPage },
      { path: '/publisher/ad-campaigns/view/:id/overview', element: <p>Overview page</p> },
    ],
    {
      initialEntries: [
        campaign
          ? `/publisher/ad-campaigns/new?edit=${campaign.id}`
          : '/publisher/ad-campaigns/new',
      ],
    },
  );
  renderWithAuth(router, makeAuth(makeUser({ role: 'publisher' })));
  return calls;
}

const goToStep = async (name: string) => {
  const steps = await screen.findByRole('navigation', { name: 'Campaign steps' });
  await userEvent.click(within(steps).getByRole('button', { name }));
  return screen.findByRole('heading', { level: 2, name });
};

const estimate = () => screen.getByRole('region', { name: 'Estimated reach' });

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('the campaign wizard', () => {
  it('does not move on from the first step without a name and a creative', async () => {
    renderWizard(null);
    await screen.findByRole('heading', { level: 2, name: 'Name and creatives' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a name.')).toBeVisible();
    expect(screen.getByText('Pick what the campaign advertises.')).toBeVisible();
    expect(screen.getByText('Pick at least one creative.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Name and creatives' })).toBeVisible();
  });

  it('estimates the reach of the targeting from the marketplace’s screens as it changes', async () => {
    renderWizard(makeCampaign({ targeting: { cities: ['London'] } }));
    await goToStep('Targeting');
    // London: the mall (3,600 s, 10,000 a week) and the gym (1,800 s, no footfall declared).
    await waitFor(() => expect(estimate()).toHaveTextContent('Matching screens2'));
    expect(estimate()).toHaveTextContent('5,400 seconds on an average day');
    expect(estimate()).toHaveTextContent('Weekly footfall10,000');
    expect(estimate()).toHaveTextContent('1 of these screens declare none');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Retail' }));
    expect(estimate()).toHaveTextContent('Matching screens1');
    expect(estimate()).toHaveTextContent('3,600 seconds on an average day');

    await userEvent.click(screen.getByRole('radio', { name: 'Specific screens' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Gare du Nord/ }));
    expect(estimate()).toHaveTextContent('Matching screens1');
    expect(estimate()).toHaveTextContent('7,200 seconds on an average day');
    expect(estimate()).toHaveTextContent('Weekly footfall50,000');
  });

  it('asks for at least one screen when targeting specific screens', async () => {
    renderWizard(makeCampaign());
    await goToStep('Targeting');
    await userEvent.click(await screen.findByRole('radio', { name: 'Specific screens' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Choose at least one screen, or target by city, venue and orientation.',
      ),
    ).toBeVisible();
  });

  it('warns, screen by screen, where the bid is below the floor, and says what the budget buys', async () => {
    renderWizard(makeCampaign({ targeting: { cities: ['London'] } }));
    await goToStep('Budget');
    const bid = screen.getByLabelText('Bid per second');
    await userEvent.clear(bid);
    await userEvent.type(bid, '0.002');
    const warning = await screen.findByRole('list', {
      name: 'Screens whose floor is above your bid',
    });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gym mirror (London): floor €0.005 per second']);
    expect(screen.getByText(/below the floor price of 1 screen/)).toBeVisible();
    // €500 at €0.002 a second.
    expect(screen.getByText(/At most/)).toHaveTextContent('At most 250,000 seconds shown');

    await userEvent.clear(bid);
    await userEvent.type(bid, '0.005');
    expect(
      screen.queryByRole('list', { name: 'Screens whose floor is above your bid' }),
    ).toBeNull();
  });

  it('refuses amounts that are not amounts and a daily cap over the budget', async () => {
    renderWizard(makeCampaign());
    await goToStep('Budget');
    const bid = screen.getByLabelText('Bid per second');
    await userEvent.clear(bid);
    await userEvent.type(bid, '0.0000001');
    await userEvent.type(screen.getByLabelText('Daily cap (optional)'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Enter an amount in euros, with a point and at most 6 decimals (like 0.0025).',
      ),
    ).toBeVisible();
    // The shared schema compares the cap with the budget once every amount is one.
    await userEvent.clear(bid);
    await userEvent.type(bid, '0.003');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('The daily cap cannot be more than the total budget.'),
    ).toBeVisible();
  });

  it.each(['ftp://example.com/offer', 'javascript:alert(1)', 'example.com'])(
    'accepts only http and https destinations, not %s',
    async (address) => {
      renderWizard(makeCampaign());
      await goToStep('QR code');
      await userEvent.type(screen.getByLabelText('Destination address (optional)'), address);
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByText('Enter a full web address starting with https:// or http://.'),
      ).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: 'QR code' })).toBeVisible();
    },
  );

  it('moves on with an https destination', async () => {
    renderWizard(makeCampaign());
    await goToStep('QR code');
    await userEvent.type(
      screen.getByLabelText('Destination address (optional)'),
      'https://example.com/offer',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Review' })).toBeVisible();
    expect(screen.getByText('https://example.com/offer')).toBeVisible();
  });

  it('saves the draft in micros and sends it for review', async () => {
    const campaign = makeCampaign();
    const calls = renderWizard(campaign, (call) => {
      if (call.method === 'PATCH') return jsonResponse({ ...campaign, bidMicrosPerSecond: 3_100 });
      if (call.method === 'POST' && call.path.endsWith('/submit'))
        return jsonResponse({ ...campaign, state: 'pending', status: 'pending-review' });
      return undefined;
    });
    await goToStep('Budget');
    const bid = screen.getByLabelText('Bid per second');
    await userEvent.clear(bid);
    await userEvent.type(bid, '0.0031');
    await userEvent.type(screen.getByLabelText('Daily cap (optional)'), '25.5');
    await goToStep('Review');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Overview page')).toBeVisible();

    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PATCH /api/v1/campaigns/${campaign.id}`,
      `POST /api/v1/campaigns/${campaign.id}/submit`,
    ]);
    expect(writes[0]?.body).toEqual({
      name: 'Summer sale',
      creativeIds: [campaign.creatives[0]?.id],
      targeting: { cities: ['London'] },
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      dayparts: [],
      bidMicrosPerSecond: 3_100,
      budgetMicros: 500_000_000,
      dailyCapMicros: 25_500_000,
      destinationUrl: null,
      category: 'retail-shopping',
    });
  });

  it('shows why a rejected campaign was rejected while it is edited', async () => {
    renderWizard(
      makeCampaign({
        state: 'rejected',
        status: 'rejected',
        decision: {
          decidedAt: '2026-11-21T09:00:00.000Z',
          decidedBy: { id: 'admin-1', name: 'Grace Hopper' },
          reason: 'The poster is blurry.',
        },
      }),
    );
    expect(await screen.findByText('Why it was rejected')).toBeVisible();
    expect(screen.getByText('The poster is blurry.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeVisible();
  });

  it('does not open a campaign that can no longer be edited', async () => {
    renderWizard(makeCampaign({ state: 'approved', status: 'active' }));
    expect(await screen.findByText('This campaign can no longer be edited')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Campaign steps' })).toBeNull();
  });
});
