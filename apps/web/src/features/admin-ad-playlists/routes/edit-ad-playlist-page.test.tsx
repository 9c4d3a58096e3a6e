import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdPlaylist } from '@screenline/shared/ad-playlist';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { toast } from '@/lib/toast';
import {
  AD_SPACE_ID,
  BAKERY,
  CINEMA,
  creative,
  GYM,
  makeAdPlaylist,
  stubApi,
} from '@/features/admin-ad-playlists/test/fixtures';
import { EditAdPlaylistPage } from '@/features/admin-ad-playlists/routes/ad-playlist-pages';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const POSTER = makeContentItem({
  id: '60000000-0000-4000-8000-000000000001',
  name: 'Winter sale',
  mediaUrl: '/media/winter',
});
const PROCESSING = makeContentItem({
  id: '60000000-0000-4000-8000-000000000002',
  name: 'Still uploading',
  processingState: 'processing',
});

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/admin/ad-playlists/edit/:playlistId', Component: EditAdPlaylistPage },
      { path: '/admin/ad-playlists', element: <h1>All ad playlists</h1> },
    ],
    { initialEntries: [`/admin/ad-playlists/edit/${AD_SPACE_ID}`] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
}

/** The server: answers the playlist, the library, and applies a PUT as the real one would. */
function stubServer(initial: TAdPlaylist = makeAdPlaylist()) {
  let current = initial;
  const knownHouseAds = new Map(initial.houseAds.map((houseAd) => [houseAd.id, houseAd]));
  knownHouseAds.set(POSTER.id, creative(POSTER.id, POSTER.name, { url: POSTER.mediaUrl }));
  return stubApi(({ method, url, body }) => {
    if (url.pathname === `/api/v1/admin/ad-playlists/${AD_SPACE_ID}`) {
      if (method === 'PUT') {
        const update = body as {
          pinnedCampaignIds: string[];
          excludedCampaignIds: string[];
          houseAdContentIds: string[];
        };
        current = {
          ...current,
          pinnedCampaignIds: update.pinnedCampaignIds,
          excludedCampaignIds: update.excludedCampaignIds,
          houseAds: update.houseAdContentIds.map((id) => knownHouseAds.get(id)!),
          updatedAt: '2026-11-23T09:30:00.000Z',
          updatedBy: { id: 'admin-1', name: 'Grace Admin' },
        };
      }
      return jsonResponse(current);
    }
    if (url.pathname === '/api/v1/content') {
      return jsonResponse({ items: [POSTER, PROCESSING], nextCursor: null });
    }
    return undefined;
  });
}

describe('/admin/ad-playlists/edit/{playlistId}', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows the rotation: bid, weight, share, and why a campaign does not play now', async () => {
    stubServer();
    renderEditor();
    expect(
      await screen.findByRole('heading', { name: 'Ad playlist · Lobby screen' }),
    ).toBeVisible();
    expect(screen.getByText(/Harbour Mall, Springfield · landscape 1920 × 1080/)).toBeVisible();
    expect(screen.getByText(/2 of 3 campaigns play now/)).toBeVisible();

    const bakery = screen.getByRole('listitem', { name: 'Bakery week' });
    expect(bakery).toHaveTextContent('Playing');
    expect(bakery).toHaveTextContent('Weight3');
    expect(bakery).toHaveTextContent('Share75%');
    expect(bakery).toHaveTextContent('Creatives2');
    expect(bakery).toHaveTextContent('https://bakery.example/offer');
    const cinema = screen.getByRole('listitem', { name: 'Cinema nights' });
    expect(cinema).toHaveTextContent('Not playing now');
    expect(cinema).toHaveTextContent("Today's budget cap is spent.");
    expect(
      within(bakery).getByRole('button', { name: 'In rotation', pressed: true }),
    ).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Advertise here' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('pins, excludes and adds a house ad from the library, then saves with a toast', async () => {
    const user = userEvent.setup();
    const requests = stubServer();
    renderEditor();
    const gym = await screen.findByRole('group', { name: 'Place of Gym opening' });
    await user.click(within(gym).getByRole('button', { name: 'Pinned' }));
    const cinema = screen.getByRole('group', { name: 'Place of Cinema nights' });
    await user.click(within(cinema).getByRole('button', { name: 'Excluded' }));
    // Pin and exclude are one choice: excluding the pinned one unpins it.
    const bakery = screen.getByRole('group', { name: 'Place of Bakery week' });
    await user.click(within(bakery).getByRole('button', { name: 'Pinned' }));
    await user.click(within(bakery).getByRole('button', { name: 'Excluded' }));
    expect(within(bakery).getByRole('button', { name: 'Excluded' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Unsaved changes.')).toBeVisible();
    expect(screen.getByText(/Weights and shares are those saved/)).toBeVisible();

    const add = screen.getByRole('button', { name: 'Add house ads' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add house ads' });
    // Only ready items can be picked.
    expect(await within(dialog).findByRole('button', { name: 'Winter sale' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Still uploading' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Winter sale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 house ad' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(add).toHaveFocus();
    expect(screen.getByRole('listitem', { name: 'Winter sale' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove Advertise here' }));
    expect(screen.queryByRole('listitem', { name: 'Advertise here' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Saved the ad playlist of “Lobby screen”.'),
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      pinnedCampaignIds: [GYM],
      excludedCampaignIds: [CINEMA, BAKERY],
      houseAdContentIds: [POSTER.id],
    });
    expect(await screen.findByText(/Last changed by Grace Admin/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('listitem', { name: 'Winter sale' })).toBeVisible();
  });

  it('discards changes', async () => {
    const user = userEvent.setup();
    stubServer();
    renderEditor();
    const gym = await screen.findByRole('group', { name: 'Place of Gym opening' });
    await user.click(within(gym).getByRole('button', { name: 'Excluded' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(within(gym).getByRole('button', { name: 'In rotation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    stubServer();
    renderEditor();
    const gym = await screen.findByRole('group', { name: 'Place of Gym opening' });
    await user.click(within(gym).getByRole('button', { name: 'Pinned' }));
    const back = screen.getByRole('link', { name: 'All ad playlists' });
    await user.click(back);
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(back).toHaveFocus();
    expect(within(gym).getByRole('button', { name: 'Pinned' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(back);
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'All ad playlists' })).toBeVisible();
  });

  it('says so when the space has no ad playlist', async () => {
    stubApi(() => undefined);
    renderEditor();
    expect(await screen.findByText('This ad playlist could not be loaded')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to ad playlists' })).toHaveAttribute(
      'href',
      '/admin/ad-playlists',
    );
  });
});
