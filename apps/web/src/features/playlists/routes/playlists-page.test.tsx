import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeSummary, PLAYLIST_ID, stubApi } from '@/features/playlists/test/fixtures';
import { PlaylistsPage } from '@/features/playlists/routes/playlist-pages';

const SECOND_ID = '10000000-0000-4000-8000-000000000002';

function renderList() {
  const router = createMemoryRouter(
    [
      {
        path: '/advertiser/playlists',
        element: (
          <main id="main" tabIndex={-1}>
            <PlaylistsPage />
          </main>
        ),
      },
      { path: '/advertiser/playlists/new', element: <h1>New playlist</h1> },
      { path: '/advertiser/playlists/edit/:playlistId', element: <h1>Editor</h1> },
      { path: '/advertiser/playlists/view/:playlistId/player', element: <h1>Player</h1> },
      { path: '/content', element: <h1>Content</h1> },
    ],
    { initialEntries: ['/advertiser/playlists'] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

const MORNING = makeSummary({
  name: 'Morning loop',
  itemCount: 3,
  durationSeconds: 150,
  adSlotSeconds: 30,
  usage: {
    defaultFor: [{ id: 'space-2', name: 'Window' }],
    scheduledOn: [
      { scheduleEntryId: 'e1', adSpaceId: 'space-1', adSpaceName: 'Lobby' },
      { scheduleEntryId: 'e2', adSpaceId: 'space-1', adSpaceName: 'Lobby' },
    ],
  },
});
const EVENING = makeSummary({
  id: SECOND_ID,
  name: 'Evening',
  itemCount: 1,
  durationSeconds: 3_900,
  adSlotSeconds: 0,
});

describe('/advertiser/playlists', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('tells a new owner what to do', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/v1/playlists'
        ? jsonResponse({ items: [], nextCursor: null })
        : undefined,
    );
    renderList();
    expect(await screen.findByRole('heading', { name: 'No playlists yet' })).toBeVisible();
    expect(screen.getByText(/Upload your content first/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Build your first playlist' })).toHaveAttribute(
      'href',
      '/advertiser/playlists/new',
    );
    expect(screen.getByRole('link', { name: 'Go to your content' })).toHaveAttribute(
      'href',
      '/content',
    );
  });

  it('lists each playlist with its items, length, where it plays and its actions', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/v1/playlists'
        ? jsonResponse({ items: [MORNING, EVENING], nextCursor: null })
        : undefined,
    );
    renderList();
    const list = await screen.findByRole('list', { name: 'Playlists' });
    const morning = within(list).getByRole('listitem', { name: 'Morning loop' });
    expect(morning).toHaveTextContent('Items: 3');
    // Without monetization the TV skips the ad slots: 2 min, then 30 s more when monetized.
    expect(morning).toHaveTextContent('Duration: 2 min + 30 s ad slots when monetized');
    expect(morning).toHaveTextContent('Scheduled on Lobby (2 entries)');
    expect(morning).toHaveTextContent('Default on Window');
    const evening = within(list).getByRole('listitem', { name: 'Evening' });
    expect(evening).toHaveTextContent('1 h 5 min');
    expect(evening).not.toHaveTextContent('ad slots');
    expect(evening).toHaveTextContent('Not used yet');

    expect(within(morning).getByRole('link', { name: 'Edit Morning loop' })).toHaveAttribute(
      'href',
      `/advertiser/playlists/edit/${PLAYLIST_ID}`,
    );
    expect(within(morning).getByRole('link', { name: 'Preview Morning loop' })).toHaveAttribute(
      'href',
      `/advertiser/playlists/view/${PLAYLIST_ID}/player`,
    );
    expect(screen.getByRole('link', { name: 'New playlist' })).toBeVisible();
  });

  it('duplicates a playlist and shows the copy', async () => {
    const user = userEvent.setup();
    let playlists: TPlaylistSummary[] = [MORNING];
    const requests = stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/playlists') {
        return jsonResponse({ items: playlists, nextCursor: null });
      }
      if (method === 'POST' && url.pathname === `/api/v1/playlists/${PLAYLIST_ID}/duplicate`) {
        const copy = makeSummary({
          id: SECOND_ID,
          name: 'Morning loop (copy)',
          version: 1,
          itemCount: 3,
          durationSeconds: 150,
        });
        playlists = [MORNING, copy];
        return jsonResponse(copy, 201);
      }
      return undefined;
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Morning loop' }));
    expect(await screen.findByRole('listitem', { name: 'Morning loop (copy)' })).toHaveTextContent(
      'Not used yet',
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('deletes a playlist after confirming', async () => {
    const user = userEvent.setup();
    let playlists: TPlaylistSummary[] = [MORNING, EVENING];
    const requests = stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/playlists') {
        return jsonResponse({ items: playlists, nextCursor: null });
      }
      if (method === 'DELETE' && url.pathname === `/api/v1/playlists/${SECOND_ID}`) {
        playlists = [MORNING];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Evening' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Evening”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Evening' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    // Its row is gone: focus lands on the page, not on nothing.
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });

  it('shows what still uses a playlist when the server refuses to delete it', async () => {
    const user = userEvent.setup();
    stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/playlists') {
        return jsonResponse({ items: [MORNING], nextCursor: null });
      }
      if (method === 'DELETE') {
        return jsonResponse(
          {
            error: {
              code: 'in-use',
              message: 'This playlist is in use.',
              details: {
                references: [
                  { kind: 'scheduleEntry', id: 'e1', name: 'Lobby · Mon–Fri 08:00–12:00' },
                  { kind: 'adSpace', id: 'space-2', name: 'Window' },
                ],
              },
            },
          },
          409,
        );
      }
      return undefined;
    });
    renderList();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Morning loop' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('It is still in use');
    expect(
      within(refusal).getByRole('link', { name: 'Lobby · Mon–Fri 08:00–12:00' }),
    ).toHaveAttribute('href', '/advertiser/schedule');
    expect(refusal).toHaveTextContent('Default playlist of Window');
    expect(
      screen.getByRole('listitem', { name: 'Morning loop', hidden: true }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleteButton).toHaveFocus());
  });
});
