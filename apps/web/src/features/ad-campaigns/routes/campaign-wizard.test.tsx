import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCampaign } from '@screenline/shared/campaign';
import {
  MARKETPLACE_SPACES,
  campaignUuid,
  makeCampaign,
  makeMarketplaceSpace,
  stubApi,
  type TApiCall,
} from '@/test/campaign-fixtures';
import { paths } from '@/lib/paths';
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

/** The wizard for a new campaign, beside a library page its "Upload creatives" link opens. */
function renderNew() {
  stubApi((call) => {
    if (call.path === '/api/v1/marketplace/ad-spaces')
      return jsonResponse({ items: MARKETPLACE_SPACES });
    if (call.path.startsWith('/api/v1/content'))
      return jsonResponse({ items: [], nextCursor: null });
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/publisher/ad-campaigns/new', Component: NewAdCampaignPage },
      { path: paths.content.library, element: <p>Library page</p> },
    ],
    { initialEntries: ['/publisher/ad-campaigns/new'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ role: 'publisher' })));
  return router;
}

const draftKeys = () =>
  Object.keys(window.localStorage).filter((key) => key.startsWith('screenline.campaign-wizard'));

const goToStep = async (name: string) => {
  const steps = await screen.findByRole('navigation', { name: 'Campaign steps' });
  await userEvent.click(within(steps).getByRole('button', { name }));
  return screen.findByRole('heading', { level: 2, name });
};

const estimate = () => screen.getByRole('region', { name: 'Forecast' });

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

  it('forecasts from the screens the bid can play on, and names the ones left out', async () => {
    // Bid €0.0025 a second: the gym's floor (€0.005) leaves it out.
    renderWizard(makeCampaign({ targeting: { cities: ['London'] } }));
    await goToStep('Targeting');
    await waitFor(() => expect(estimate()).toHaveTextContent('Screens it plays on1'));
    expect(estimate()).toHaveTextContent('Of 2 matching');
    const leftOut = screen.getByRole('list', { name: 'Screens left out of the forecast' });
    expect(leftOut).toHaveTextContent(
      'Gym mirror (London): Your bid is below its floor of €0.005 a second.',
    );
    // The mall alone: 3,600 s of slots a day in 15 s plays, all of them (no competing campaign).
    expect(estimate()).toHaveTextContent('Ad-slot time per day1 h');
    expect(estimate()).toHaveTextContent('Plays per day240');
    expect(estimate()).toHaveTextContent('Spend per day€9.00');
    expect(estimate()).toHaveTextContent('Weekly footfall10,000');

    await userEvent.click(screen.getByRole('radio', { name: 'Specific screens' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Gare du Nord/ }));
    expect(estimate()).toHaveTextContent('Screens it plays on1');
    expect(estimate()).toHaveTextContent('Ad-slot time per day2 h');
    expect(estimate()).toHaveTextContent('Weekly footfall50,000');
    expect(screen.queryByRole('list', { name: 'Screens left out of the forecast' })).toBeNull();
  });

  it('counts only the dayparts chosen', async () => {
    renderWizard(makeCampaign({ targeting: { cities: ['London'] } }));
    await goToStep('Schedule');
    await waitFor(() => expect(estimate()).toHaveTextContent('Ad-slot time per day1 h'));
    // Mon–Fri 07:00–10:00: 15 of the week's 168 hours, 150 s of slots each, over 7 days.
    await userEvent.click(screen.getByRole('button', { name: 'Add a daypart' }));
    expect(estimate()).toHaveTextContent('Ad-slot time per day5 min');
    expect(estimate()).toHaveTextContent('Within your dayparts');
    expect(estimate()).toHaveTextContent('Plays per day21');
    expect(estimate()).toHaveTextContent('Spend per day€0.80');
  });

  it('gives a range of plays and spend when other live campaigns bid on the screens', async () => {
    const contested = [
      makeMarketplaceSpace({ competition: { campaigns: 1, bidsMicrosPerSecond: 2_500 } }),
    ];
    renderWizard(makeCampaign({ targeting: { cities: ['London'] } }), (call) =>
      call.path === '/api/v1/marketplace/ad-spaces'
        ? jsonResponse({ items: contested })
        : undefined,
    );
    await goToStep('Budget');
    // Equal bids, each side paced up to 2×: a third to two thirds of 3,600 s.
    await waitFor(() => expect(estimate()).toHaveTextContent('Plays per day80 – 160'));
    expect(estimate()).toHaveTextContent('20 min – 40 min shown');
    expect(estimate()).toHaveTextContent('Spend per day€3.00 – €6.00');
    await userEvent.type(screen.getByLabelText('Daily cap (optional)'), '4');
    expect(estimate()).toHaveTextContent('Spend per day€3.00 – €4.00');
    expect(estimate()).toHaveTextContent('Limited by your daily cap');
  });

  it('warns when a landscape creative is aimed at a portrait screen', async () => {
    renderWizard(makeCampaign({ targeting: { adSpaceIds: [campaignUuid(1)] } }));
    await goToStep('Targeting');
    await screen.findByRole('checkbox', { name: /Mall entrance/ });
    expect(
      screen.queryByRole('list', { name: 'Creatives that do not fit a targeted screen' }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Mall entrance/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Gym mirror/ }));
    const warning = await screen.findByRole('list', {
      name: 'Creatives that do not fit a targeted screen',
    });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '“Sale poster.png” is landscape (1920×1080) but “Gym mirror” (London) is a portrait screen (1080×1920): it will show small, with bars above and below it.',
    ]);
  });

  // Two trips away and back, each a fresh wizard: slower than one step.
  it(
    'keeps what was typed across "Upload creatives" and back, until it is discarded',
    {
      timeout: 20_000,
    },
    async () => {
      const router = renderNew();
      await screen.findByRole('heading', { level: 2, name: 'Name and creatives' });
      // An untouched wizard stores nothing (a stale start date would come back otherwise).
      expect(draftKeys()).toEqual([]);
      await userEvent.type(screen.getByLabelText('Campaign name'), 'Winter fair');
      await userEvent.click(screen.getByRole('button', { name: 'Add from your library' }));
      await userEvent.click(await screen.findByRole('link', { name: 'Upload creatives' }));
      expect(await screen.findByText('Library page')).toBeVisible();

      await router.navigate(-1);
      expect(await screen.findByText('Restored what you typed')).toBeVisible();
      expect(screen.getByLabelText('Campaign name')).toHaveValue('Winter fair');

      await goToStep('Budget');
      await userEvent.type(screen.getByLabelText('Bid per second'), '0.004');
      await router.navigate(paths.content.library);
      await router.navigate(-1);
      // The step comes back too.
      expect(await screen.findByLabelText('Bid per second')).toHaveValue('0.004');

      await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
      expect(await screen.findByLabelText('Campaign name')).toHaveValue('');
      expect(screen.queryByText('Restored what you typed')).toBeNull();
      expect(draftKeys()).toEqual([]);
    },
  );

  it('clears the draft once the campaign is saved', async () => {
    const campaign = makeCampaign();
    renderWizard(campaign, (call) =>
      call.method === 'PATCH' ? jsonResponse({ ...campaign, name: 'Renamed' }) : undefined,
    );
    const name = await screen.findByLabelText('Campaign name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    expect(draftKeys()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Overview page')).toBeVisible();
    expect(draftKeys()).toEqual([]);
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
