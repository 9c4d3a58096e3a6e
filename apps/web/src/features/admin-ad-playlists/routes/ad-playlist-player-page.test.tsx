import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdPlaylist } from '@screenline/shared/ad-playlist';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AD_SPACE_ID, makeAdPlaylist, stubApi } from '@/features/admin-ad-playlists/test/fixtures';
import { AdPlaylistPlayerPage } from '@/features/admin-ad-playlists/routes/ad-playlist-pages';

const PLAYER_PATH = `/admin/ad-playlists/view/${AD_SPACE_ID}/player`;

function renderPlayer(playlist: TAdPlaylist, state?: unknown) {
  stubApi(({ method, url }) =>
    method === 'GET' && url.pathname === `/api/v1/admin/ad-playlists/${AD_SPACE_ID}`
      ? jsonResponse(playlist)
      : undefined,
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/ad-playlists', element: <h1>All ad playlists</h1> },
      { path: '/admin/ad-playlists/edit/:playlistId', element: <h1>Editor</h1> },
      { path: '/admin/ad-playlists/view/:playlistId/player', Component: AdPlaylistPlayerPage },
    ],
    { initialEntries: [{ pathname: PLAYER_PATH, state }] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('ad playlist preview', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    // jsdom loads no images: decoding succeeds at once, as for a cached file.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => Promise.resolve(),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('plays a sample of ad slots picked by weight, with the QR overlay on campaigns with a URL', async () => {
    renderPlayer(makeAdPlaylist());
    const stage = await screen.findByRole('region', { name: 'Ad preview of Lobby screen' });
    const sequence = screen.getByRole('list', { name: 'Sample sequence' });
    // Bakery (weight 3, two creatives in turn) and Gym (weight 1); Cinema is not playing now.
    expect(
      within(sequence)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1.Bakery week · CroissantsQR',
      '2.Bakery week · BreadQR',
      '3.Gym opening · Treadmills',
      '4.Bakery week · CroissantsQR',
      '5.Bakery week · BreadQR',
      '6.Bakery week · CroissantsQR',
      '7.Gym opening · Treadmills',
      '8.Bakery week · BreadQR',
      '9.Bakery week · CroissantsQR',
      '10.Bakery week · BreadQR',
      '11.Gym opening · Treadmills',
      '12.Bakery week · CroissantsQR',
    ]);
    const status = screen.getByRole('status', { name: 'Now playing' });
    await waitFor(() => expect(status).toHaveTextContent('Slot 1 / 12 · Bakery week · Croissants'));
    const front = () => stage.querySelector('[data-playback-slot][style*="z-index: 2"]');
    expect(front()?.querySelector('img')).toHaveAttribute(
      'src',
      '/media/40000000-0000-4000-8000-000000000001',
    );
    expect(front()?.querySelector('[data-playback-overlay]')).toHaveTextContent('Scan me');
    expect(
      within(front() as HTMLElement).getByRole('img', {
        name: 'QR code: https://bakery.example/offer',
      }),
    ).toBeVisible();
    expect(within(sequence).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'true');

    // The space's slots are 20 s long (the server says so): not yet the next at 15 s.
    expect(screen.getByText('Sample sequence, 20 s slots')).toBeInTheDocument();
    await advance(15_000);
    expect(status).toHaveTextContent('Slot 1 / 12');
    await advance(5_000 + 100);
    await advance(20_000 + 100);
    expect(status).toHaveTextContent('Slot 3 / 12 · Gym opening · Treadmills');
    expect(front()?.querySelector('[data-playback-overlay]')).toBeNull();
  });

  it('plays the lengths of the space’s own slots in turn, and says when it has none', async () => {
    renderPlayer(makeAdPlaylist({ adSlotSeconds: [10, 20] }));
    const status = await screen.findByRole('status', { name: 'Now playing' });
    expect(screen.getByText('Sample sequence, 10 s and 20 s slots')).toBeInTheDocument();
    await waitFor(() => expect(status).toHaveTextContent('Slot 1 / 12'));
    await advance(10_000 + 100);
    expect(status).toHaveTextContent('Slot 2 / 12');
    await advance(10_000 + 100);
    expect(status).toHaveTextContent('Slot 2 / 12');
    await advance(10_000);
    expect(status).toHaveTextContent('Slot 3 / 12');
  });

  it('says so when the space’s playlists have no ad slot', async () => {
    renderPlayer(makeAdPlaylist({ adSlotSeconds: [] }));
    expect(
      await screen.findByText(
        'Sample sequence in 15 s slots: this space’s playlists have no ad slot yet',
      ),
    ).toBeInTheDocument();
  });

  it('falls back to the house ads when no campaign plays', async () => {
    const noCampaign = makeAdPlaylist({ rotation: [] });
    renderPlayer(noCampaign);
    const sequence = await screen.findByRole('list', { name: 'Sample sequence' });
    expect(within(sequence).getAllByRole('listitem')[0]).toHaveTextContent(
      'House ad · Advertise here',
    );
  });

  it('says when nothing can fill the slots, and exits with Escape', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const router = renderPlayer(makeAdPlaylist({ rotation: [], houseAds: [] }), {
      returnTo: '/admin/ad-playlists',
    });
    expect(await screen.findByText(/Nothing fills this space’s ad slots now/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Sample sequence' })).toBeNull();
    expect(screen.getByRole('button', { name: /Exit preview/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/admin/ad-playlists');
  });
});
