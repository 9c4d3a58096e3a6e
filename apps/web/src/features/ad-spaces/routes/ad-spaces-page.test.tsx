import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TLocation } from '@screenline/shared/location';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

const LOCATION_ID = '00000000-0000-4000-8000-0000000000a1';
const PLAYLIST_ID = '00000000-0000-4000-8000-0000000000c1';

function makeLocation(overrides: Partial<TLocation> = {}): TLocation {
  return {
    id: LOCATION_ID,
    name: 'Riverside Mall',
    address: { line: '1 River St', city: 'London', region: null, postalCode: null, country: 'GB' },
    latitude: null,
    longitude: null,
    timeZone: 'Europe/London',
    venueType: 'retail',
    audience: { weeklyFootfall: null, ageBands: {}, genderSplit: null },
    adSpaceCount: 1,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function makeAdSpace(overrides: Partial<TAdSpace> = {}): TAdSpace {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Lobby screen',
    location: {
      id: LOCATION_ID,
      name: 'Riverside Mall',
      timeZone: 'Europe/London',
      city: 'London',
    },
    orientation: 'landscape',
    resolutionWidth: 1920,
    resolutionHeight: 1080,
    defaultPlaylist: null,
    tags: [],
    status: 'never-connected',
    lastSeenAt: null,
    contentVersion: 1,
    playing: {
      at: '2026-03-04T10:00:00.000Z',
      localTime: '2026-03-04T10:00:00',
      timeZone: 'Europe/London',
      source: 'idle',
      playlistId: null,
      scheduleEntryId: null,
      playlistName: null,
    },
    scheduleEntryCount: 0,
    player: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function makePlaylist(overrides: Partial<TPlaylistSummary> = {}): TPlaylistSummary {
  return {
    id: PLAYLIST_ID,
    name: 'Morning loop',
    version: 1,
    itemCount: 3,
    durationSeconds: 30,
    adSlotSeconds: 0,
    usage: { defaultFor: [], scheduledOn: [] },
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

type TCall = { method: string; path: string; search: string; body: unknown };

function stubApi({
  adSpaces = [],
  locations = [makeLocation()],
  playlists = null,
  handler = () => undefined,
}: {
  adSpaces?: TAdSpace[];
  locations?: TLocation[];
  /** null: the playlists route is not there (404). */
  playlists?: TPlaylistSummary[] | null;
  handler?: (call: TCall) => Response | undefined;
}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.search,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) return Promise.resolve(answer);
      const list = (items: unknown[]) => jsonResponse({ items, nextCursor: null });
      if (call.method === 'GET' && call.path === '/api/v1/ad-spaces') {
        return Promise.resolve(list(adSpaces));
      }
      if (call.method === 'GET' && call.path === '/api/v1/locations') {
        return Promise.resolve(list(locations));
      }
      if (call.method === 'GET' && call.path === '/api/v1/playlists' && playlists) {
        return Promise.resolve(list(playlists));
      }
      return Promise.resolve(
        jsonResponse({ error: { code: 'not-found', message: 'Route not found.' } }, 404),
      );
    }),
  );
  return calls;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/advertiser/ad-spaces', Component: AdSpacesPage }], {
    initialEntries: ['/advertiser/ad-spaces'],
  });
  renderWithAuth(router, makeAuth(makeUser()));
}

describe('/advertiser/ad-spaces', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('sends an owner without locations to add one first', async () => {
    stubApi({ locations: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Add a location first' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Locations' })).toHaveAttribute(
      'href',
      '/advertiser/locations',
    );
  });

  it('invites an owner with a location to add the first ad space', async () => {
    stubApi({});
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: 'Add your first ad space: one screen at a location',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add ad space' })).toBeVisible();
  });

  it('lists spaces with location, screen, status, last seen, what plays and the default', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-04T10:05:00.000Z'), toFake: ['Date'] });
    stubApi({
      adSpaces: [
        makeAdSpace(),
        makeAdSpace({
          id: '00000000-0000-4000-8000-0000000000b2',
          name: 'Window',
          orientation: 'portrait',
          resolutionWidth: 1080,
          resolutionHeight: 1920,
          status: 'online',
          lastSeenAt: '2026-03-04T10:04:00.000Z',
          defaultPlaylist: { id: PLAYLIST_ID, name: 'Morning loop' },
          playing: {
            ...makeAdSpace().playing,
            source: 'default',
            playlistId: PLAYLIST_ID,
            playlistName: 'Morning loop',
          },
        }),
        makeAdSpace({
          id: '00000000-0000-4000-8000-0000000000b3',
          name: 'Food court',
          status: 'offline',
          lastSeenAt: '2026-03-03T10:00:00.000Z',
          playing: {
            ...makeAdSpace().playing,
            source: 'schedule',
            playlistId: PLAYLIST_ID,
            scheduleEntryId: 'e1',
            playlistName: 'Lunch deals',
          },
        }),
      ],
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Ad spaces' });
    const lobby = within(table).getByRole('row', { name: 'Lobby screen' });
    expect(lobby).toHaveTextContent('Riverside Mall · London');
    expect(lobby).toHaveTextContent('Landscape · 1920 × 1080');
    expect(lobby).toHaveTextContent('Never connected');
    expect(lobby).toHaveTextContent('Idle');
    expect(lobby).toHaveTextContent('None (idle screen)');
    expect(lobby).not.toHaveTextContent('Last seen');

    const window = within(table).getByRole('row', { name: 'Window' });
    expect(window).toHaveTextContent('Portrait · 1080 × 1920');
    expect(window).toHaveTextContent('Online');
    expect(window).toHaveTextContent('Last seen 1 minute ago');
    expect(window).toHaveTextContent('Default: Morning loop');

    const food = within(table).getByRole('row', { name: 'Food court' });
    expect(food).toHaveTextContent('Offline');
    expect(food).toHaveTextContent('Last seen 1 day ago');
    expect(food).toHaveTextContent('Lunch deals');

    const panel = screen.getByRole('region', { name: 'Connect a TV' });
    expect(within(panel).getByRole('link', { name: 'http://localhost:3000/tv' })).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'TV sign-in help' })).toHaveAttribute(
      'href',
      '/help/tv/sign-in',
    );
  });

  it('validates with the shared schema; a preset sets the orientation; no playlists route leaves the select empty', async () => {
    const calls = stubApi({
      handler: (call) =>
        call.method === 'POST' ? jsonResponse(makeAdSpace({ name: 'Totem' }), 201) : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add ad space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ad space' });
    const playlist = await within(dialog).findByLabelText('Default playlist');
    await waitFor(() =>
      expect(playlist).toHaveAccessibleDescription(/Your playlists could not be loaded/),
    );
    expect(
      within(playlist)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None (idle screen)']);
    // The only location is chosen already.
    expect(within(dialog).getByLabelText('Location')).toHaveValue(LOCATION_ID);

    await user.selectOptions(within(dialog).getByLabelText('Resolution'), 'custom');
    await user.clear(within(dialog).getByLabelText('Width (px)'));
    await user.type(within(dialog).getByLabelText('Width (px)'), '10');
    await user.clear(within(dialog).getByLabelText('Height (px)'));
    await user.type(within(dialog).getByLabelText('Height (px)'), 'tall');
    await user.click(within(dialog).getByRole('button', { name: 'Add ad space' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeVisible();
    expect(within(dialog).getByLabelText('Width (px)')).toHaveAccessibleDescription(
      'At least 64 pixels.',
    );
    expect(within(dialog).getByLabelText('Height (px)')).toHaveAccessibleDescription(
      'Enter a number of pixels.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'Totem');
    await user.selectOptions(within(dialog).getByLabelText('Resolution'), '1080x1920');
    expect(within(dialog).getByRole('radio', { name: 'Portrait' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add ad space' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Totem',
      locationId: LOCATION_ID,
      orientation: 'portrait',
      resolutionWidth: 1080,
      resolutionHeight: 1920,
      defaultPlaylistId: null,
      tags: [],
    });
  });

  it(
    'says a new space shows the idle screen now and plays a playlist all the time on request',
    { timeout: 30_000 },
    async () => {
      const evening = makePlaylist({ id: `${PLAYLIST_ID.slice(0, -1)}2`, name: 'Evening' });
      let spaces: TAdSpace[] = [];
      const withEvening = makeAdSpace({
        name: 'Totem',
        defaultPlaylist: { id: evening.id, name: 'Evening' },
        playing: {
          ...makeAdSpace().playing,
          source: 'default',
          playlistId: evening.id,
          playlistName: 'Evening',
        },
      });
      const calls = stubApi({
        playlists: [makePlaylist(), evening],
        handler: (call) => {
          if (call.method === 'GET' && call.path === '/api/v1/ad-spaces') {
            return jsonResponse({ items: spaces, nextCursor: null });
          }
          if (call.method === 'POST') {
            spaces = [makeAdSpace({ name: 'Totem' })];
            return jsonResponse(spaces[0], 201);
          }
          if (call.method === 'PATCH') {
            spaces = [withEvening];
            return jsonResponse(withEvening);
          }
          return undefined;
        },
      });
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Add ad space' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add an ad space' });
      await user.type(within(dialog).getByLabelText('Name'), 'Totem');
      await user.click(within(dialog).getByRole('button', { name: 'Add ad space' }));

      const notice = within(await screen.findByRole('region', { name: 'Playing now' }));
      expect(
        notice.getByText(/Totem shows the idle screen: a TV on it says “Waiting for content”/),
      ).toBeVisible();
      expect(notice.getByText(/10:00 in Europe\/London/)).toBeVisible();
      expect(notice.getByRole('link', { name: 'Schedule it by time of day' })).toHaveAttribute(
        'href',
        `/advertiser/schedule?adSpace=${makeAdSpace().id}`,
      );
      await user.selectOptions(
        await notice.findByRole('combobox', { name: 'Playlist to play all the time' }),
        'Evening',
      );
      await user.click(notice.getByRole('button', { name: 'Play it all the time' }));
      expect(await notice.findByText(/Totem plays its default playlist, Evening/)).toBeVisible();
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: `/api/v1/ad-spaces/${makeAdSpace().id}`,
        body: { defaultPlaylistId: evening.id },
      });
      expect(notice.queryByRole('button', { name: 'Play it all the time' })).toBeNull();
    },
  );

  it('edits a space with its values and offers the owner’s playlists', async () => {
    const calls = stubApi({
      adSpaces: [makeAdSpace({ resolutionWidth: 1280, resolutionHeight: 800 })],
      playlists: [
        makePlaylist(),
        makePlaylist({ id: `${PLAYLIST_ID.slice(0, -1)}2`, name: 'Evening' }),
      ],
      handler: (call) => (call.method === 'PATCH' ? jsonResponse(makeAdSpace()) : undefined),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Lobby screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Lobby screen”' });
    expect(within(dialog).getByLabelText('Resolution')).toHaveValue('custom');
    expect(within(dialog).getByLabelText('Width (px)')).toHaveValue('1280');
    const playlist = within(dialog).getByLabelText('Default playlist');
    await waitFor(() => expect(within(playlist).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(playlist, 'Evening');
    await user.click(within(dialog).getByRole('button', { name: 'Save ad space' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      resolutionWidth: 1280,
      resolutionHeight: 800,
      defaultPlaylistId: `${PLAYLIST_ID.slice(0, -1)}2`,
    });
  });

  it('names the schedule entries that refuse a delete and deletes with them when asked', async () => {
    let isDeleted = false;
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        if (call.method === 'GET' && call.path === '/api/v1/ad-spaces' && isDeleted) {
          return jsonResponse({ items: [], nextCursor: null });
        }
        if (call.method !== 'DELETE') return undefined;
        if (call.search === '?removeSchedule=true') {
          isDeleted = true;
          return new Response(null, { status: 204 });
        }
        return jsonResponse(
          {
            error: {
              code: 'in-use',
              message: '“Lobby screen” has 2 schedule entries.',
              details: {
                references: [
                  { kind: 'scheduleEntry', id: 'e1', name: 'Morning loop, Mon–Fri 07:00–11:00' },
                  { kind: 'scheduleEntry', id: 'e2', name: 'Evening, Sat, Sun all day' },
                ],
              },
            },
          },
          409,
        );
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Lobby screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Lobby screen”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete ad space' }));

    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Morning loop, Mon–Fri 07:00–11:00', 'Evening, Sat, Sun all day']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete with its schedule' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.search)).toEqual([
      '',
      '?removeSchedule=true',
    ]);
    // The row is gone: focus falls back to the Add button of the empty state.
    expect(
      await screen.findByRole('heading', {
        name: 'Add your first ad space: one screen at a location',
      }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add ad space' })).toHaveFocus());
  });

  it('explains how to connect a TV to one space and returns focus to its row', async () => {
    stubApi({ adSpaces: [makeAdSpace()] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Lobby screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Connect a TV…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a TV to “Lobby screen”' });
    expect(dialog).toHaveTextContent('Pick “Lobby screen” from the list and press Continue.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Lobby screen' })).toHaveFocus(),
    );
  });
});
