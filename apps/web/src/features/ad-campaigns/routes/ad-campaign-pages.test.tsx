import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCampaign, TCampaignState, TCampaignStatus } from '@screenline/shared/campaign';
import {
  MARKETPLACE_SPACES,
  campaignUuid,
  makeCampaign,
  stubApi,
  type TApiCall,
} from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { formatMoment } from '@/lib/campaign-format';
import {
  AdCampaignOverviewPage,
  AdCampaignsPage,
} from '@/features/ad-campaigns/routes/ad-campaign-pages';

function renderAt(path: string, handler: (call: TApiCall) => Response | undefined) {
  const calls = stubApi((call) => {
    if (call.path === '/api/v1/marketplace/ad-spaces')
      return jsonResponse({ items: MARKETPLACE_SPACES });
    return handler(call);
  });
  const router = createMemoryRouter(
    [
      { path: '/publisher/ad-campaigns', Component: AdCampaignsPage },
      { path: '/publisher/ad-campaigns/view/:id/overview', Component: AdCampaignOverviewPage },
    ],
    { initialEntries: [path] },
  );
  renderWithAuth(router, makeAuth(makeUser({ role: 'publisher' })));
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('/publisher/ad-campaigns', () => {
  it('lists the campaigns with status, dates, budget, spent and remaining, filtered by status', async () => {
    const active = makeCampaign({
      id: campaignUuid(101),
      name: 'Winter coats',
      state: 'approved',
      status: 'active',
      spentMicros: 12_340_000,
      remainingMicros: 487_660_000,
    });
    const calls = renderAt('/publisher/ad-campaigns', (call) => {
      if (call.path !== '/api/v1/campaigns') return undefined;
      const status = new URLSearchParams(call.search).get('status');
      const items = [makeCampaign(), active].filter((item) => !status || item.status === status);
      return jsonResponse({ items, nextCursor: null });
    });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const row = within(table).getByRole('row', { name: 'Winter coats' });
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('€500.00');
    expect(row).toHaveTextContent('€12.34');
    expect(row).toHaveTextContent('€487.66');
    expect(within(row).getByRole('link', { name: 'Winter coats' })).toHaveAttribute(
      'href',
      `/publisher/ad-campaigns/view/${active.id}/overview`,
    );
    expect(within(table).getByRole('row', { name: 'Summer sale' })).toHaveTextContent('Draft');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: 'Summer sale' })).toBeNull(),
    );
    expect(calls.at(-1)?.search).toContain('status=active');
  });

  it('shows what an ended campaign still holds until it returns, and a dash once it did', async () => {
    const holding = makeCampaign({
      id: campaignUuid(102),
      name: 'Autumn menu',
      state: 'canceled',
      status: 'canceled',
      spentMicros: 10_000_000,
      remainingMicros: 90_000_000,
      holdReleaseAt: '2026-12-04T10:00:00.000Z',
    });
    const returned = makeCampaign({
      id: campaignUuid(103),
      name: 'Spring menu',
      state: 'completed',
      status: 'completed',
      spentMicros: 100_000_000,
    });
    renderAt('/publisher/ad-campaigns', (call) =>
      call.path === '/api/v1/campaigns'
        ? jsonResponse({ items: [holding, returned], nextCursor: null })
        : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const remaining = (name: string) =>
      within(within(table).getByRole('row', { name })).getAllByRole('cell').at(-1)?.textContent;
    expect(remaining('Autumn menu')).toBe('€90.00');
    expect(remaining('Spring menu')).toBe('—');
  });

  it('invites a buyer without campaigns to create one', async () => {
    renderAt('/publisher/ad-campaigns', (call) =>
      call.path === '/api/v1/campaigns' ? jsonResponse({ items: [], nextCursor: null }) : undefined,
    );
    expect(
      await screen.findByRole('heading', { name: 'Create your first campaign' }),
    ).toBeVisible();
  });
});

const ACTIONS = [
  'Edit',
  'Submit for review',
  'Pause',
  'Resume',
  'Cancel campaign…',
  'Delete draft…',
];

/**
 * The overview of `campaign`; `act` answers the POSTs with the campaign as it becomes (or an
 * error), and later GETs answer that state.
 */
function renderOverview(
  campaign: TCampaign,
  act: (call: TApiCall) => TCampaign | Response | undefined = () => undefined,
) {
  let current = campaign;
  return renderAt(`/publisher/ad-campaigns/view/${campaign.id}/overview`, (call) => {
    if (call.method === 'GET' && call.path === `/api/v1/campaigns/${campaign.id}`)
      return jsonResponse(current);
    const answer = act(call);
    if (answer instanceof Response || answer === undefined) return answer;
    current = answer;
    return jsonResponse(current);
  });
}

describe('/publisher/ad-campaigns/view/{id}/overview', () => {
  it.each<[TCampaignState, TCampaignStatus, string[]]>([
    ['draft', 'draft', ['Edit', 'Submit for review', 'Delete draft…']],
    ['pending', 'pending-review', ['Cancel campaign…']],
    ['rejected', 'rejected', ['Edit', 'Submit for review', 'Cancel campaign…']],
    ['approved', 'active', ['Pause', 'Cancel campaign…']],
    ['approved', 'scheduled', ['Pause', 'Cancel campaign…']],
    ['paused', 'paused', ['Resume', 'Cancel campaign…']],
    ['completed', 'completed', []],
    ['canceled', 'canceled', []],
  ])('offers what a %s (%s) campaign allows', async (state, status, expected) => {
    renderOverview(makeCampaign({ state, status }));
    await screen.findByRole('heading', { level: 1, name: 'Summer sale' });
    const offered = ACTIONS.filter(
      (name) =>
        screen.queryByRole('button', { name }) !== null ||
        screen.queryByRole('link', { name }) !== null,
    );
    expect(offered).toEqual(expected);
  });

  it('shows the rejection reason, the creatives, the targeting and the history', async () => {
    renderOverview(
      makeCampaign({
        state: 'rejected',
        status: 'rejected',
        decision: {
          decidedAt: '2026-11-21T09:00:00.000Z',
          decidedBy: { id: 'admin-1', name: 'Grace Hopper' },
          reason: 'The poster is blurry.',
        },
        targeting: { adSpaceIds: [campaignUuid(3)] },
        history: [
          {
            from: null,
            to: 'draft',
            actor: { id: 'user-1', name: 'Ada Lovelace' },
            reason: null,
            at: '2026-11-20T10:00:00.000Z',
          },
          {
            from: 'draft',
            to: 'pending',
            actor: { id: 'user-1', name: 'Ada Lovelace' },
            reason: null,
            at: '2026-11-20T11:00:00.000Z',
          },
          {
            from: 'pending',
            to: 'rejected',
            actor: { id: 'admin-1', name: 'Grace Hopper' },
            reason: 'The poster is blurry.',
            at: '2026-11-21T09:00:00.000Z',
          },
        ],
      }),
    );
    expect(await screen.findByText('Rejected: change it and submit it again')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The poster is blurry.');
    expect(screen.getByRole('img', { name: 'Sale poster.png' })).toHaveAttribute(
      'src',
      '/media/sale-poster.png',
    );
    expect(await screen.findByText('1 chosen screen: Gare du Nord')).toBeVisible();
    const history = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(
      history.filter((text) => /Created as a draft|Sent for review|Rejected/.test(text)),
    ).toHaveLength(3);
    expect(screen.getByText('“The poster is blurry.”')).toBeVisible();
  });

  it('pauses without an Idempotency-Key', async () => {
    const campaign = makeCampaign({ state: 'approved', status: 'active' });
    const calls = renderOverview(campaign, (call) =>
      call.method === 'POST' && call.path.endsWith('/pause')
        ? { ...campaign, state: 'paused', status: 'paused' }
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeVisible();
    const pause = calls.find((call) => call.method === 'POST');
    expect(pause?.path).toBe(`/api/v1/campaigns/${campaign.id}/pause`);
    expect(pause?.headers.get('idempotency-key')).toBeNull();
  });

  it('cancels after a confirmation that the rest returns after the grace period and why, with one key across retries', async () => {
    const campaign = makeCampaign({
      state: 'approved',
      status: 'active',
      spentMicros: 380_000_000,
      remainingMicros: 120_000_000,
    });
    const releaseAt = '2026-12-13T10:05:00.000Z';
    let attempts = 0;
    const calls = renderOverview(campaign, (call) => {
      if (call.method !== 'POST' || !call.path.endsWith('/cancel')) return undefined;
      attempts += 1;
      return attempts === 1
        ? jsonResponse({ error: { code: 'internal', message: 'Screenline had a problem.' } }, 500)
        : { ...campaign, state: 'canceled', status: 'canceled', holdReleaseAt: releaseAt };
    });
    expect(await screen.findByText('Left in the hold')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel campaign…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel “Summer sale”?' });
    expect(dialog).toHaveTextContent(
      'What is left of the €120.00 held returns to your wallet after 72 hours and 5 minutes',
    );
    expect(dialog).toHaveTextContent(
      'Why the wait: plays your screens showed while the campaign ran are still billed from the hold. A TV can send its plays up to 72 hours late (it may have been offline), and its clock may run up to 5 minutes ahead.',
    );
    expect(dialog).not.toHaveTextContent('returns to your wallet at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const cancels = calls.filter((call) => call.path.endsWith('/cancel'));
    expect(cancels).toHaveLength(2);
    const [first, second] = cancels.map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    // Canceled: nothing more to do, and the overview says what is still held until when.
    expect(screen.queryByRole('button', { name: 'Cancel campaign…' })).toBeNull();
    expect(
      await screen.findByText(
        `€120.00 still held: returns to your wallet on ${formatMoment(releaseAt)} after late plays from screens are billed`,
      ),
    ).toBeVisible();
  });

  it('shows what an ended campaign still holds and when it returns, and nothing once returned', async () => {
    const releaseAt = '2026-12-31T23:10:00.000Z';
    renderOverview(
      makeCampaign({
        state: 'completed',
        status: 'completed',
        spentMicros: 404_500_000,
        remainingMicros: 95_500_000,
        holdReleaseAt: releaseAt,
      }),
    );
    const held = await screen.findByText(
      `€95.50 still held: returns to your wallet on ${formatMoment(releaseAt)} after late plays from screens are billed`,
    );
    expect(held.closest('[role="status"]')).toHaveTextContent(
      'A TV can send what it played up to 72 hours late',
    );
    expect(screen.getByText('Left in the hold').nextElementSibling).toHaveTextContent('€95.50');
  });

  it('says nothing is held once an ended campaign’s hold went back', async () => {
    renderOverview(makeCampaign({ state: 'canceled', status: 'canceled', spentMicros: 1_000_000 }));
    expect(await screen.findByText('Left in the hold')).toBeVisible();
    expect(screen.getByText('Left in the hold').nextElementSibling).toHaveTextContent(
      'Nothing held (returned to your wallet)',
    );
    expect(screen.queryByText(/still held/)).toBeNull();
  });
});

describe('the overview’s screens (owner approval)', () => {
  it('shows each targeted screen’s standing, the deadline while waiting and a decline’s reason', async () => {
    const campaign = makeCampaign({ state: 'approved', status: 'active' });
    renderOverview(campaign, (call) =>
      call.path === `/api/v1/campaigns/${campaign.id}/space-approvals`
        ? jsonResponse({
            items: [
              {
                adSpaceId: campaignUuid(3),
                adSpaceName: 'Mall entrance',
                city: 'London',
                state: 'approved',
                decidedByKind: 'platform',
                reason: null,
                deadlineAt: null,
                decidedAt: null,
              },
              {
                adSpaceId: campaignUuid(4),
                adSpaceName: 'Gym lobby',
                city: 'London',
                state: 'pending',
                decidedByKind: 'owner',
                reason: null,
                deadlineAt: '2026-11-27T09:00:00.000Z',
                decidedAt: null,
              },
              {
                adSpaceId: campaignUuid(5),
                adSpaceName: 'Station kiosk',
                city: 'London',
                state: 'declined',
                decidedByKind: 'owner',
                reason: 'We show no coffee ads.',
                deadlineAt: null,
                decidedAt: '2026-11-25T09:00:00.000Z',
              },
            ],
          })
        : undefined,
    );
    expect(await screen.findByText('Approved on 1 of 3 screens.')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Approval per screen' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Mall entrance · London');
    expect(items[0]).toHaveTextContent('Approved');
    expect(items[1]).toHaveTextContent('Waiting for the owner');
    expect(items[1]).toHaveTextContent(formatMoment('2026-11-27T09:00:00.000Z'));
    expect(items[2]).toHaveTextContent('Declined');
    expect(items[2]).toHaveTextContent('We show no coffee ads.');
  });
});
