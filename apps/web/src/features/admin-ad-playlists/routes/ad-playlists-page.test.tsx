import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AD_SPACE_ID, stubApi } from '@/features/admin-ad-playlists/test/fixtures';
import { AdPlaylistsPage } from '@/features/admin-ad-playlists/routes/ad-playlist-pages';

function renderIndex() {
  const router = createMemoryRouter([{ path: '/admin/ad-playlists', Component: AdPlaylistsPage }], {
    initialEntries: ['/admin/ad-playlists'],
  });
  renderWithAuth(router, makeAuth(makeUser()));
}

describe('/admin/ad-playlists', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('says where ad playlists come from when no space is monetized', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/v1/admin/ad-playlists' ? jsonResponse({ items: [] }) : undefined,
    );
    renderIndex();
    expect(
      await screen.findByRole('heading', { name: 'No monetized ad spaces yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Monetization approvals' })).toHaveAttribute(
      'href',
      '/admin/monetization-approvals',
    );
  });

  it('lists each monetized space with its counts and links to edit and preview', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/v1/admin/ad-playlists'
        ? jsonResponse({
            items: [
              {
                adSpaceId: AD_SPACE_ID,
                name: 'Lobby screen',
                city: 'Springfield',
                ownerName: 'Ada Owner',
                campaignsPlaying: 2,
                pinned: 1,
                excluded: 3,
                houseAds: 4,
              },
            ],
          })
        : undefined,
    );
    renderIndex();
    const row = await screen.findByRole('row', { name: 'Lobby screen' });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual(['Ada Owner', '2', '1', '3', '4']);
    expect(within(row).getByText(/Springfield/)).toBeVisible();
    expect(
      within(row).getByRole('link', { name: 'Edit the ad playlist of Lobby screen' }),
    ).toHaveAttribute('href', `/admin/ad-playlists/edit/${AD_SPACE_ID}`);
    expect(
      within(row).getByRole('link', { name: 'Preview the ad playlist of Lobby screen' }),
    ).toHaveAttribute('href', `/admin/ad-playlists/view/${AD_SPACE_ID}/player`);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubApi(() =>
      jsonResponse({ error: { code: 'internal', message: 'Screenline had a problem.' } }, 500),
    );
    renderIndex();
    expect(await screen.findByText('The ad playlists could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
