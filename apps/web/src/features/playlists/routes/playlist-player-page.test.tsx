import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import {
  contentItem,
  makeDetail,
  MENU,
  PLAYLIST_ID,
  stubApi,
  SUNRISE,
} from '@/features/playlists/test/fixtures';
import { PlaylistPlayerPage } from '@/features/playlists/routes/playlist-pages';

const PLAYER_PATH = `/advertiser/playlists/view/${PLAYLIST_ID}/player`;
const GONE = contentItem(9, { name: 'Gone', mediaUrl: null });

/** Sunrise (10 s), an ad slot (15 s), Menu board (5 s), and an item whose file is gone. */
const DETAIL = makeDetail({
  name: 'Morning loop',
  items: [
    { id: 'a', type: 'content', contentId: SUNRISE.id, kind: 'image', durationSeconds: 10 },
    { id: 'b', type: 'adSlot', lengthSeconds: 15 },
    { id: 'c', type: 'content', contentId: MENU.id, kind: 'image', durationSeconds: 5 },
    { id: 'd', type: 'content', contentId: GONE.id, kind: 'image', durationSeconds: 5 },
  ],
  content: [SUNRISE, MENU, GONE],
});

function renderPlayer(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/advertiser/playlists', element: <h1>All playlists</h1> },
      { path: '/advertiser/playlists/edit/:playlistId', element: <h1>Editor</h1> },
      { path: '/advertiser/playlists/view/:playlistId/player', Component: PlaylistPlayerPage },
    ],
    { initialEntries: [{ pathname: PLAYER_PATH, state }] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('playlist preview', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    // jsdom loads no images: decoding succeeds at once, as for a cached file.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => Promise.resolve(),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi(({ method, url }) =>
      method === 'GET' && url.pathname === `/api/v1/playlists/${PLAYLIST_ID}`
        ? jsonResponse(DETAIL)
        : undefined,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('plays the items on the playback engine, each for its length, and loops', async () => {
    renderPlayer();
    const stage = await screen.findByRole('region', { name: 'Preview of Morning loop' });
    const status = screen.getByRole('status', { name: 'Now playing' });
    await waitFor(() => expect(status).toHaveTextContent('1 / 3 · Sunrise'));
    expect(status).toHaveTextContent('1 item is left out: its file is not available.');
    const front = () => stage.querySelector('[data-playback-slot][style*="z-index: 2"]');
    expect(front()?.querySelector('img')).toHaveAttribute('src', SUNRISE.mediaUrl);

    await advance(9_900);
    expect(status).toHaveTextContent('1 / 3 · Sunrise');
    await advance(200);
    expect(status).toHaveTextContent('2 / 3 · Ad slot · 15 s');
    expect(front()?.querySelector('[data-playback-placeholder]')).toHaveAccessibleName(
      'Ad slot · 15 s',
    );

    await advance(15_000);
    expect(status).toHaveTextContent('3 / 3 · Menu board');
    await advance(5_000);
    expect(status).toHaveTextContent('1 / 3 · Sunrise');
  });

  it('hides and shows the details, and exits with Escape, freeing the stage', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const router = renderPlayer({ returnTo: '/advertiser/playlists' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Now playing' })).toHaveTextContent('Sunrise'),
    );
    expect(screen.getByRole('button', { name: /Exit preview/ })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByRole('status', { name: 'Now playing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByRole('status', { name: 'Now playing' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'All playlists' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/advertiser/playlists');
    // The engine stopped and the stage removed its layers.
    expect(document.querySelector('[data-playback-slot]')).toBeNull();
  });

  it('goes back to the editor when opened from there', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPlayer();
    await user.click(await screen.findByRole('button', { name: /Exit preview/ }));
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeVisible();
  });
});
