import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminCampaign } from '@screenline/shared/campaign';
import { campaignUuid, makeCampaign, stubApi } from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AdminCampaignsPage } from '@/features/admin/routes/admin-campaigns-page';

const running: TAdminCampaign = {
  ...makeCampaign({
    state: 'approved',
    status: 'active',
    spentMicros: 300_000_000,
    remainingMicros: 200_000_000,
  }),
  pacing: { status: 'ahead', evenLineMicros: 150_000_000, timeZone: 'Europe/London' },
};
const waiting: TAdminCampaign = {
  ...makeCampaign({
    id: campaignUuid(101),
    name: 'Winter launch',
    owner: { id: 'user-2', name: 'Grace Hopper', email: 'grace@example.com' },
    state: 'pending',
    status: 'pending-review',
  }),
  pacing: null,
};

function renderPage(initial = '/admin/ad-campaigns') {
  const calls = stubApi((call) =>
    call.path === '/api/v1/admin/campaigns'
      ? jsonResponse({
          items:
            new URLSearchParams(call.search).get('q') === 'grace' ? [waiting] : [running, waiting],
          nextCursor: null,
        })
      : undefined,
  );
  const router = createMemoryRouter(
    [{ path: '/admin/ad-campaigns', Component: AdminCampaignsPage }],
    { initialEntries: [initial] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true, uid: 'admin-1' })));
  return { calls, router };
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('/admin/ad-campaigns', () => {
  it('lists every state with the advertiser, spend and pacing', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 3000 });
    const summer = within(table).getByRole('row', { name: 'Summer sale' });
    expect(summer).toHaveTextContent('ada@example.com');
    expect(summer).toHaveTextContent('Active');
    expect(summer).toHaveTextContent('€300.00');
    expect(summer).toHaveTextContent('Ahead');
    expect(summer).toHaveTextContent('line €150.00');
    const winter = within(table).getByRole('row', { name: 'Winter launch' });
    expect(winter).toHaveTextContent('Pending review');
    // A campaign waiting for review links to the approvals page.
    expect(within(winter).getByRole('link', { name: 'Winter launch' })).toHaveAttribute(
      'href',
      '/admin/ad-campaign-approvals',
    );
  });

  it('filters by status and searches by advertiser, both kept in the URL', async () => {
    const { calls, router } = renderPage();
    await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 3000 });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Pending review');
    const asked = (part: string) =>
      calls.some((call) => call.path === '/api/v1/admin/campaigns' && call.search.includes(part));
    await waitFor(() => expect(asked('status=pending-review')).toBe(true));
    await userEvent.type(screen.getByLabelText('Campaign or advertiser'), 'grace');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked('q=grace')).toBe(true));
    expect(router.state.location.search).toContain('q=grace');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Summer sale' })).toBeNull());
    expect(screen.getByRole('row', { name: 'Winter launch' })).toBeVisible();
  });
});
