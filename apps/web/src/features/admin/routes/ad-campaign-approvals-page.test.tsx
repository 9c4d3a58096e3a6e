import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MARKETPLACE_SPACES,
  campaignUuid,
  makeCampaign,
  stubApi,
  type TApiCall,
} from '@/test/campaign-fixtures';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AdCampaignApprovalsPage } from '@/features/admin/routes/ad-campaign-approvals-page';

const pending = makeCampaign({
  state: 'pending',
  status: 'pending-review',
  creatives: [
    ...makeCampaign().creatives,
    {
      id: campaignUuid(201),
      name: 'Sale clip.mp4',
      kind: 'video',
      url: '/media/sale-clip.mp4',
      width: 1920,
      height: 1080,
      durationMs: 15_000,
    },
  ],
  history: [
    { from: null, to: 'draft', actor: null, reason: null, at: '2026-11-20T10:00:00.000Z' },
    {
      from: 'draft',
      to: 'pending',
      actor: { id: 'user-1', name: 'Ada Lovelace' },
      reason: null,
      at: '2026-11-20T11:00:00.000Z',
    },
  ],
});
const approvePath = `/api/v1/admin/campaigns/${pending.id}/approve`;
const rejectPath = `/api/v1/admin/campaigns/${pending.id}/reject`;

function renderPage({
  canListSpaces = true,
  act = () => undefined,
  uid = 'admin-1',
}: {
  canListSpaces?: boolean;
  act?: (call: TApiCall) => Response | undefined;
  /** The signed-in super-user; the fixtures' buyer is user-1. */
  uid?: string;
} = {}) {
  const calls = stubApi((call) => {
    if (call.path === '/api/v1/admin/campaigns')
      return jsonResponse({ items: [pending], nextCursor: null });
    if (call.path === '/api/v1/marketplace/ad-spaces') {
      return canListSpaces
        ? jsonResponse({ items: MARKETPLACE_SPACES })
        : jsonResponse(
            { error: { code: 'forbidden', message: 'Only publishers can do this.' } },
            403,
          );
    }
    return act(call);
  });
  const router = createMemoryRouter(
    [{ path: '/admin/ad-campaign-approvals', Component: AdCampaignApprovalsPage }],
    { initialEntries: ['/admin/ad-campaign-approvals'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true, uid })));
  return calls;
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Summer sale' }, { timeout: 3000 })).closest(
    'section',
  ) as HTMLElement;

/** Approve…, then the confirmation's "Approve and hold €500.00". */
async function approveConfirmed(summer: HTMLElement) {
  await userEvent.click(within(summer).getByRole('button', { name: 'Approve…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Approve “Summer sale”?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and hold €500.00' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('/admin/ad-campaign-approvals', () => {
  it('shows each pending campaign with its buyer, creatives, targeting, matched screens and money', async () => {
    const calls = renderPage();
    const summer = await card();
    expect(calls[0]?.search).toContain('status=pending-review');
    expect(summer).toHaveTextContent('By Ada Lovelace (ada@example.com)');
    expect(summer).toHaveTextContent('Budget€500.00');
    expect(summer).toHaveTextContent('Bid€0.0025 per second');
    expect(summer).toHaveTextContent('Cities: London');
    expect(within(summer).getByRole('img', { name: 'Sale poster.png' })).toBeVisible();
    expect(summer.querySelector('video')).toHaveAttribute('src', '/media/sale-clip.mp4');
    const matched = await within(summer).findByRole(
      'list',
      { name: 'Screens “Summer sale” matches' },
      { timeout: 3000 },
    );
    expect(
      within(matched)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mall entrance · Riverside Mall, London · Retail',
      'Gym mirror · City Gym, London · Fitness (floor €0.005 per second, above the bid)',
    ]);
    expect(summer).toHaveTextContent('Matches 2 of 3 monetized screens');
  });

  it('keeps to the targeting in words when the marketplace’s screens cannot be loaded', async () => {
    renderPage({ canListSpaces: false });
    expect(await screen.findByText(/The monetized screens could not be loaded/)).toBeVisible();
    expect(await card()).toHaveTextContent('Cities: London');
  });

  it('needs a reason to reject, then sends it with an Idempotency-Key', async () => {
    const calls = renderPage({
      act: (call) =>
        call.path === rejectPath
          ? jsonResponse({ ...pending, state: 'rejected', status: 'rejected' })
          : undefined,
    });
    await userEvent.click(within(await card()).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Summer sale”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject campaign' }));
    expect(
      await within(dialog).findByText('Give a reason the requester can act on.'),
    ).toBeVisible();
    expect(calls.some((call) => call.path === rejectPath)).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The poster is blurry.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reject = calls.find((call) => call.path === rejectPath);
    expect(reject?.body).toEqual({ reason: 'The poster is blurry.' });
    expect(reject?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says clearly when the buyer’s wallet cannot cover the budget, and retries with the same key', async () => {
    const calls = renderPage({
      act: (call) =>
        call.path === approvePath
          ? jsonResponse(
              {
                error: {
                  code: 'insufficient-funds',
                  message: 'The wallet holds €120.00; the budget is €500.00.',
                },
              },
              409,
            )
          : undefined,
    });
    const summer = await card();
    await approveConfirmed(summer);
    const alert = await within(summer).findByRole('alert');
    expect(alert).toHaveTextContent('The buyer’s wallet cannot cover the budget');
    expect(alert).toHaveTextContent('The wallet holds €120.00; the budget is €500.00.');
    await approveConfirmed(summer);
    await waitFor(() => expect(calls.filter((call) => call.path === approvePath)).toHaveLength(2));
    const keys = calls
      .filter((call) => call.path === approvePath)
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before approving, saying how much is held; keeping it pending sends nothing', async () => {
    const calls = renderPage({
      act: (call) =>
        call.path === approvePath
          ? jsonResponse({ ...pending, state: 'approved', status: 'scheduled' })
          : undefined,
    });
    const summer = await card();
    const approve = within(summer).getByRole('button', { name: 'Approve…' });
    await userEvent.click(approve);
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve “Summer sale”?' });
    expect(dialog).toHaveTextContent('€500.00 will be held from Ada Lovelace’s wallet now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it pending' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Focus goes back to the button that opened it.
    expect(approve).toHaveFocus();
    expect(calls.some((call) => call.path === approvePath)).toBe(false);

    await approveConfirmed(summer);
    await waitFor(() => expect(calls.filter((call) => call.path === approvePath)).toHaveLength(1));
  });

  it("four eyes: disables Approve on the super-user's own campaign, and says why", async () => {
    renderPage({ uid: pending.owner.id });
    const approve = within(await card()).getByRole('button', { name: 'Approve…' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'This is your own campaign: another super-user must approve it.',
    );
  });
});
