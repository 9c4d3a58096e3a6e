import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApprovalPolicy, TCampaignApproval } from '@screenline/shared/approval';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { page, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, uuid } from '@/test/screens-fixtures';
import { CampaignApprovalsPage } from '@/features/campaign-approvals/routes/approvals-page';

const LOBBY = makeAdSpace({ id: uuid(201), name: 'Lobby', defaultPlaylist: null });
const BAR = makeAdSpace({ id: uuid(202), name: 'Bar', defaultPlaylist: null });

function makeApproval(overrides: Partial<TCampaignApproval> = {}): TCampaignApproval {
  return {
    adSpaceId: LOBBY.id,
    adSpaceName: 'Lobby',
    state: 'pending',
    decidedByKind: 'owner',
    reason: null,
    deadlineAt: '2026-03-05T08:00:00.000Z',
    decidedAt: null,
    campaign: {
      id: uuid(701),
      name: 'Review me',
      advertiser: { id: 'buyer-1', name: 'Aurora Coffee' },
      category: 'food-drink',
      creatives: [
        {
          id: uuid(801),
          name: 'Latte poster',
          kind: 'image',
          url: 'https://files.test/latte.png',
          width: 1920,
          height: 1080,
          durationMs: null,
        },
      ],
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      bidMicrosPerSecond: 2_000,
      destinationUrl: null,
    },
    ...overrides,
  };
}

function makePolicy(overrides: Partial<TApprovalPolicy> = {}): TApprovalPolicy {
  return {
    adSpaceId: LOBBY.id,
    adSpaceName: 'Lobby',
    mode: 'review',
    allowedAdvertisers: [],
    blockedAdvertisers: [],
    blockedCategories: [],
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

function renderApprovals({
  items = [makeApproval()],
  policies = [
    makePolicy(),
    makePolicy({ adSpaceId: BAR.id, adSpaceName: 'Bar', mode: 'platform', updatedAt: null }),
  ],
  decide = () => jsonResponse(makeApproval({ state: 'approved' })),
}: {
  items?: TCampaignApproval[];
  policies?: TApprovalPolicy[];
  decide?: () => Response;
} = {}) {
  const calls = stubApi((call) => {
    if (call.method === 'POST') return decide();
    if (call.method === 'PUT')
      return jsonResponse(makePolicy(call.body as Partial<TApprovalPolicy>));
    switch (call.path) {
      case '/api/v1/campaign-approvals':
        return jsonResponse({ items });
      case '/api/v1/approval-policies':
        return jsonResponse({ items: policies });
      case '/api/v1/ad-spaces':
        return page([LOBBY, BAR]);
      default:
        return undefined;
    }
  });
  const router = createMemoryRouter(
    [{ path: '/advertiser/monetize/approvals', Component: CampaignApprovalsPage }],
    { initialEntries: ['/advertiser/monetize/approvals'] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
  return calls;
}

describe('/advertiser/monetize/approvals', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('lists what waits with its advertiser, category and deadline, and approves it', async () => {
    const calls = renderApprovals();
    const waiting = await screen.findByRole('region', { name: /Waiting for you/ });
    const item = within(waiting).getByRole('listitem', { name: 'Review me on Lobby' });
    expect(item).toHaveTextContent('Aurora Coffee');
    expect(item).toHaveTextContent('Food and drink');
    expect(item).toHaveTextContent('Waiting for the owner');
    expect(item).toHaveTextContent(/Decide by/);
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/v1/ad-spaces/${LOBBY.id}/campaign-approvals/${uuid(701)}`);
    expect(post?.body).toEqual({ decision: 'approve' });
  });

  it('declines only with a reason, and gives focus back', async () => {
    const calls = renderApprovals({
      decide: () => jsonResponse(makeApproval({ state: 'declined', reason: 'Not here.' })),
    });
    const item = await screen.findByRole('listitem', { name: 'Review me on Lobby' });
    const decline = within(item).getByRole('button', { name: 'Decline' });
    await userEvent.click(decline);
    const dialog = await screen.findByRole('dialog', { name: /Decline “Review me” on Lobby/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'We sell coffee too.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'decline',
      reason: 'We sell coffee too.',
    });
    await waitFor(() => expect(decline).toHaveFocus());
  });

  it('offers no decision on a screen the platform decides for, and saves a policy of rules', async () => {
    const calls = renderApprovals({
      items: [
        makeApproval({
          adSpaceId: BAR.id,
          adSpaceName: 'Bar',
          state: 'approved',
          decidedByKind: 'platform',
          deadlineAt: null,
        }),
      ],
    });
    const item = await screen.findByRole('listitem', { name: 'Review me on Bar' });
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();

    const bar = screen.getByRole('region', { name: 'Bar' });
    await userEvent.click(
      within(bar).getByRole('radio', { name: /Approve automatically unless my rules block it/ }),
    );
    await userEvent.click(within(bar).getByRole('checkbox', { name: 'Alcohol' }));
    await userEvent.selectOptions(
      within(bar).getByRole('combobox', { name: 'Advertiser on your screens' }),
      'Aurora Coffee',
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Block' }));
    expect(bar).toHaveTextContent('Aurora Coffee');
    await userEvent.click(within(bar).getByRole('button', { name: 'Save approval for Bar' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/v1/ad-spaces/${BAR.id}/approval-policy`);
    expect(put?.body).toEqual({
      mode: 'rules',
      blockedCategories: ['alcohol'],
      blockedAdvertiserIds: ['buyer-1'],
      allowedAdvertiserIds: [],
    });
  });

  it('previews the creative full screen on the engine and comes back to the item', async () => {
    renderApprovals();
    const item = await screen.findByRole('listitem', { name: 'Review me on Lobby' });
    const open = within(item).getByRole('button', { name: 'Preview on Lobby' });
    await userEvent.click(open);
    const preview = await screen.findByRole('dialog', { name: 'Preview of Review me on Lobby' });
    expect(within(preview).getByRole('status', { name: 'Now playing' })).toHaveTextContent(
      'Review me alone: Lobby has no playlist',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Preview on Lobby' })).toHaveFocus(),
    );
  });
});
