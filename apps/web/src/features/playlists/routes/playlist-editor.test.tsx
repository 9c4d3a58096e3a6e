import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZSavePlaylist, type TPlaylistDetail } from '@screenline/shared/playlist';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import {
  CLIP,
  contentItem,
  makeDetail,
  MENU,
  PLAYLIST_ID,
  stubApi,
  SUNRISE,
} from '@/features/playlists/test/fixtures';
import { EditPlaylistPage, NewPlaylistPage } from '@/features/playlists/routes/playlist-pages';

const EDIT_PATH = `/advertiser/playlists/edit/${PLAYLIST_ID}`;

function renderEditor(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/advertiser/playlists', element: <h1>Playlist list</h1> },
      { path: '/advertiser/playlists/new', Component: NewPlaylistPage },
      { path: '/advertiser/playlists/edit/:playlistId', Component: EditPlaylistPage },
      { path: '/advertiser/playlists/view/:playlistId/player', element: <h1>Player</h1> },
    ],
    { initialEntries: [entry] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

/** The library as GET /api/v1/content answers it, filtered by `q` like the server. */
function library(url: URL) {
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const all = [
    SUNRISE,
    CLIP,
    MENU,
    contentItem(4, { name: 'Still uploading', processingState: 'processing' }),
  ];
  return jsonResponse({
    items: all.filter((item) => item.name.toLowerCase().includes(q)),
    nextCursor: null,
  });
}

function savedFrom(body: unknown, version: number): TPlaylistDetail {
  const { name, items } = ZSavePlaylist.parse(body);
  return makeDetail({ name, items, version, content: [SUNRISE, CLIP, MENU] });
}

function rowNames() {
  const list = screen.getByRole('list', { name: 'Playlist items' });
  return within(list)
    .getAllByRole('listitem')
    .filter((row) => row.parentElement === list)
    .map((row) => row.getAttribute('aria-label'));
}

/**
 * jsdom lays nothing out; dnd-kit's keyboard sensor moves between the items' rectangles. Each
 * item row (and anything in it) gets a 50 px tall box at its place in the list.
 */
function layOutRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-item-id]');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = row ? 100 + index * 60 : 0;
    const height = row ? 50 : 0;
    return DOMRect.fromRect({ x: 0, y: top, width: row ? 600 : 0, height });
  });
}

describe('playlist editor', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds a new playlist from the picker and an ad slot, saves it and opens the saved version', async () => {
    const user = userEvent.setup();
    let created: TPlaylistDetail | null = null;
    const requests = stubApi(({ method, url, body }) => {
      if (url.pathname === '/api/v1/content') return library(url);
      if (method === 'POST' && url.pathname === '/api/v1/playlists') {
        created = { ...savedFrom(body, 1), id: PLAYLIST_ID };
        return jsonResponse(created, 201);
      }
      if (method === 'GET' && created && url.pathname === `/api/v1/playlists/${PLAYLIST_ID}`) {
        return jsonResponse(created);
      }
      return undefined;
    });
    const router = renderEditor('/advertiser/playlists/new');

    expect(await screen.findByRole('heading', { name: 'New playlist' })).toBeVisible();
    expect(screen.getByText(/No items yet/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lobby loop');

    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from your library' });
    const choices = await within(dialog).findByRole('list', { name: 'Your library' });
    // Only ready items can be added.
    expect(within(choices).queryByRole('button', { name: 'Still uploading' })).toBeNull();
    expect(within(dialog).getByText(/1 item is still processing/)).toBeVisible();
    expect(within(choices).getByRole('button', { name: 'Clip' })).toHaveTextContent('Video · 0:12');

    // Search asks the server by name.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search your library' }), 'sun');
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Clip' })).not.toBeInTheDocument(),
    );
    expect(requests.some((request) => request.path.includes('q=sun'))).toBe(true);
    await user.click(await within(dialog).findByRole('button', { name: 'Sunrise' }));
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search your library' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Clip' }));
    expect(within(dialog).getByRole('button', { name: 'Sunrise' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to what opened the picker.
    expect(screen.getByRole('button', { name: 'Add from library' })).toHaveFocus();

    expect(rowNames()).toEqual(['1. Sunrise', '2. Clip']);
    expect(screen.getByRole('spinbutton', { name: 'Duration of Sunrise' })).toHaveValue(10);
    expect(screen.getByRole('listitem', { name: '2. Clip' })).toHaveTextContent(
      'Video · 1920 × 1080',
    );
    expect(screen.getByRole('listitem', { name: '2. Clip' })).toHaveTextContent(
      '0:12, plays to its end',
    );
    expect(screen.getByText('Not saved yet.')).toBeVisible();
    expect(screen.getByText('Total 22 s')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add ad slot' }));
    expect(rowNames()).toEqual(['1. Sunrise', '2. Clip', '3. Ad slot']);
    expect(screen.getByRole('spinbutton', { name: 'Length of Ad slot 3' })).toHaveValue(15);
    // The ad slot plays only on a monetized screen: the total stays, the slot is said apart.
    expect(screen.getByText('Total 22 s')).toBeVisible();
    expect(screen.getByText('+ 15 s ad slots when monetized')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save playlist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(EDIT_PATH));
    const post = ZSavePlaylist.parse(requests.find((request) => request.method === 'POST')?.body);
    expect(post.name).toBe('Lobby loop');
    expect(post.items.map(({ id: _id, ...item }) => item)).toEqual([
      { type: 'content', contentId: SUNRISE.id, kind: 'image', durationSeconds: 10 },
      { type: 'content', contentId: CLIP.id, kind: 'video' },
      { type: 'adSlot', lengthSeconds: 15 },
    ]);
    // Client-made ids, one per item.
    expect(new Set(post.items.map((item) => item.id)).size).toBe(3);
    expect(await screen.findByRole('heading', { name: /Edit playlist/ })).toHaveTextContent(
      'Version 1',
    );
  });

  it('checks image durations (1 s to 24 h) in seconds, minutes or hours, and saves nothing invalid', async () => {
    const user = userEvent.setup();
    const requests = stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/v1/playlists/${PLAYLIST_ID}`) {
        return jsonResponse(makeDetail());
      }
      return undefined;
    });
    renderEditor(EDIT_PATH);
    const duration = await screen.findByRole('spinbutton', { name: 'Duration of Sunrise' });
    expect(screen.getByText('Total 22 s')).toBeVisible();

    await user.clear(duration);
    await user.type(duration, '0');
    await user.tab();
    const row = screen.getByRole('listitem', { name: '1. Sunrise' });
    expect(within(row).getByText('At least 1 second.')).toBeVisible();
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(duration).toHaveAccessibleDescription('At least 1 second.');

    await user.clear(duration);
    expect(within(row).getByText('Enter a number.')).toBeVisible();
    await user.type(duration, '25');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Duration of Sunrise: unit' }),
      'hours',
    );
    expect(within(row).getByText('At most 24 hours.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Duration of Sunrise: unit' }),
      'minutes',
    );
    await user.clear(duration);
    await user.type(duration, '1.5');
    expect(within(row).queryByRole('listitem')).not.toBeInTheDocument();
    // 90 s + the clip's 12 s, and the slot's 15 s when monetized.
    expect(screen.getByText('Total 1 min 42 s')).toBeVisible();

    const slot = screen.getByRole('spinbutton', { name: 'Length of Ad slot 3' });
    await user.clear(slot);
    await user.type(slot, '61');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Length of Ad slot 3: unit' }),
      'minutes',
    );
    await user.tab();
    expect(screen.getByRole('listitem', { name: '3. Ad slot' })).toHaveTextContent(
      'At most 1 hour.',
    );
  });

  it('reorders with the keyboard (Space, arrows, Space), announces it and saves the new order', async () => {
    const user = userEvent.setup();
    layOutRows();
    const requests = stubApi(({ method, url, body }) => {
      if (url.pathname !== `/api/v1/playlists/${PLAYLIST_ID}`) return undefined;
      if (method === 'GET') return jsonResponse(makeDetail());
      if (method === 'PATCH') return jsonResponse(savedFrom(body, 4));
      return undefined;
    });
    renderEditor(EDIT_PATH);
    const handle = await screen.findByRole('button', { name: 'Move Sunrise, position 1' });
    expect(rowNames()).toEqual(['1. Sunrise', '2. Clip', '3. Ad slot']);

    handle.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up Sunrise, position 1 of 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Sunrise moved to position 2 of 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Sunrise moved to position 3 of 3.')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(await screen.findByText('Sunrise dropped at position 3 of 3.')).toBeInTheDocument();
    expect(rowNames()).toEqual(['1. Clip', '2. Ad slot', '3. Sunrise']);
    // The handle keeps focus, so the next move is one key away.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Sunrise, position 3' })).toHaveFocus(),
    );

    // Escape puts a picked-up item back.
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(/Moving Sunrise was cancelled/)).toBeInTheDocument();
    expect(rowNames()).toEqual(['1. Clip', '2. Ad slot', '3. Sunrise']);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /Edit playlist/ })).toHaveTextContent('Version 4'),
    );
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toMatchObject({ items: [{ id: 'b' }, { id: 'c' }, { id: 'a' }] });
    // Saved: the form is clean again.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.getByText('Saved: version 4.')).toBeVisible();
  });

  it('removes an item and keeps the others’ ids', async () => {
    const user = userEvent.setup();
    const requests = stubApi(({ method, url, body }) => {
      if (url.pathname !== `/api/v1/playlists/${PLAYLIST_ID}`) return undefined;
      if (method === 'GET') return jsonResponse(makeDetail());
      if (method === 'PATCH') return jsonResponse(savedFrom(body, 4));
      return undefined;
    });
    renderEditor(EDIT_PATH);
    await user.click(await screen.findByRole('button', { name: 'Remove Clip' }));
    expect(rowNames()).toEqual(['1. Sunrise', '2. Ad slot']);
    expect(screen.getByText('Total 10 s')).toBeVisible();
    expect(screen.getByText('+ 15 s ad slots when monetized')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      items: [{ id: 'a' }, { id: 'c' }],
    });
  });

  it('shows the server’s 400 on the item it names', async () => {
    const user = userEvent.setup();
    stubApi(({ method, url }) => {
      if (url.pathname !== `/api/v1/playlists/${PLAYLIST_ID}`) return undefined;
      if (method === 'GET') return jsonResponse(makeDetail());
      if (method === 'PATCH') {
        return jsonResponse(
          {
            error: {
              code: 'validation-failed',
              message: 'The request is not valid.',
              details: {
                fields: [
                  {
                    path: 'body.items.1.kind',
                    message: 'Item 2, “Clip”, is an image in the library, not a video.',
                  },
                  { path: 'body.name', message: 'Pick another name.' },
                ],
              },
            },
          },
          400,
        );
      }
      return undefined;
    });
    renderEditor(EDIT_PATH);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await within(screen.getByRole('listitem', { name: '2. Clip' })).findByText(
        'Item 2, “Clip”, is an image in the library, not a video.',
      ),
    ).toBeVisible();
    expect(name).toHaveAccessibleDescription('Pick another name.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and not after saving', async () => {
    const user = userEvent.setup();
    stubApi(({ method, url, body }) => {
      if (url.pathname !== `/api/v1/playlists/${PLAYLIST_ID}`) return undefined;
      if (method === 'GET') return jsonResponse(makeDetail());
      if (method === 'PATCH') return jsonResponse(savedFrom(body, 4));
      return undefined;
    });
    const router = renderEditor(EDIT_PATH);
    const name = await screen.findByRole('textbox', { name: 'Name' });

    // Nothing changed: the link just goes.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    await user.type(name, ' (new)');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'All playlists' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(prompt).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(EDIT_PATH);
    await waitFor(() => expect(screen.getByRole('link', { name: 'All playlists' })).toHaveFocus());
    expect(name).toHaveValue('Morning loop (new)');

    await user.click(screen.getByRole('link', { name: 'All playlists' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Playlist list' })).toBeVisible();
  });

  it('leaves without asking once the changes are saved', async () => {
    const user = userEvent.setup();
    stubApi(({ method, url, body }) => {
      if (url.pathname !== `/api/v1/playlists/${PLAYLIST_ID}`) return undefined;
      if (method === 'GET') return jsonResponse(makeDetail());
      if (method === 'PATCH') return jsonResponse(savedFrom(body, 4));
      return undefined;
    });
    renderEditor(EDIT_PATH);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Version 4');
    await user.click(screen.getByRole('link', { name: 'All playlists' }));
    expect(await screen.findByRole('heading', { name: 'Playlist list' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
