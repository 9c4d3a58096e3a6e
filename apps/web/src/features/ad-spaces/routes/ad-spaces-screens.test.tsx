import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  SCREENSHOT_AUTO_REFRESH_MS,
  type TAdSpaceScreenshot,
  type TDeviceCommand,
} from '@screenline/shared/fleet';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makeLocation, makePlayer, page, uuid } from '@/test/screens-fixtures';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

/* Issue 23 on the ad spaces page: the "On screen" thumbnails (refreshed on request and every few
   minutes), and commands and takeovers sent to a screen group. */

type TCall = { method: string; path: string; body: unknown };

const playingDefault = {
  at: '2026-03-02T14:30:00.000Z',
  localTime: '2026-03-02T09:30:00',
  timeZone: 'America/New_York',
  source: 'default',
  playlistId: uuid(300),
  scheduleEntryId: null,
  playlistName: 'Morning loop',
} as const;

const lobby = makeAdSpace({
  id: uuid(201),
  name: 'Lobby screen',
  status: 'online',
  player: makePlayer(),
});
const windowSpace = makeAdSpace({
  id: uuid(202),
  name: 'Window',
  status: 'offline',
  playing: playingDefault,
});
const carPark = makeAdSpace({ id: uuid(203), name: 'Car park' });
const bar = makeAdSpace({ id: uuid(204), name: 'Bar', status: 'online' });

const TAKEN_AT = new Date(Date.now() - 120_000).toISOString();
const lobbyShot: TAdSpaceScreenshot = {
  adSpaceId: lobby.id,
  deviceId: uuid(501),
  deviceName: 'Lobby TV',
  takenAt: TAKEN_AT,
  imageUrl: `/api/v1/ad-spaces/${lobby.id}/screenshot.jpg?v=${Date.parse(TAKEN_AT)}`,
  problem: null,
};
const windowShot: TAdSpaceScreenshot = {
  adSpaceId: windowSpace.id,
  deviceId: uuid(502),
  deviceName: 'Window TV',
  takenAt: TAKEN_AT,
  imageUrl: null,
  problem: 'The video on screen had no frame this TV could draw.',
};

const group: TScreenGroup = {
  id: uuid(700),
  name: 'Lobbies',
  kind: 'tags',
  tags: ['lobby'],
  members: [{ id: lobby.id, name: lobby.name }],
  scheduleEntryCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function sentCommand(kind: TDeviceCommand['kind']): TDeviceCommand {
  return {
    id: uuid(400),
    kind,
    state: 'sent',
    deviceId: uuid(501),
    deviceName: 'Lobby TV',
    adSpaceId: lobby.id,
    createdAt: TAKEN_AT,
    deliveredAt: null,
    finishedAt: null,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    problem: null,
  };
}

function stubApi({
  adSpaces = [lobby, windowSpace, carPark, bar],
  shots = [lobbyShot, windowShot],
}: { adSpaces?: TAdSpace[]; shots?: TAdSpaceScreenshot[] } = {}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: pathname, body });
      const answer = (value: unknown, status = 200) => Promise.resolve(jsonResponse(value, status));
      if (pathname === '/api/v1/ad-spaces') return answer(page(adSpaces));
      if (pathname === '/api/v1/locations') return answer(page([makeLocation()]));
      if (pathname === '/api/v1/playlists') return answer(page([]));
      if (pathname === '/api/v1/screen-groups') return answer({ items: [group] });
      if (pathname === '/api/v1/screenshots') return answer({ items: shots });
      if (pathname === `/api/v1/ad-spaces/${lobby.id}/screenshots`) return answer({ items: [] });
      if (pathname === '/api/v1/takeovers' && method === 'GET') return answer({ items: [] });
      if (pathname === '/api/v1/device-commands' && method === 'GET') return answer({ items: [] });
      if (pathname === '/api/v1/device-commands' && method === 'POST') {
        const kind = (body as { kind: TDeviceCommand['kind'] }).kind;
        return answer({ items: [sentCommand(kind)] }, 201);
      }
      return answer({ error: { code: 'not-found', message: 'Route not found.' } }, 404);
    }),
  );
  return calls;
}

function renderPage(path = '/advertiser/ad-spaces') {
  const router = createMemoryRouter([{ path: '/advertiser/ad-spaces', Component: AdSpacesPage }], {
    initialEntries: [path],
  });
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

const commandPosts = (calls: TCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/device-commands');

const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Ad spaces' })).getByRole('row', { name });

describe('/advertiser/ad-spaces: what each screen shows', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each space’s newest screenshot as a lazy thumbnail, or what should be playing, or none yet', async () => {
    stubApi();
    renderPage();
    const at = format(new Date(TAKEN_AT), 'HH:mm');
    const lobbyRow = await rowOf('Lobby screen');
    // One for phones (in the status cell), one in its own column: the same image.
    const [image] = await within(lobbyRow).findAllByRole('img', {
      name: `Lobby screen: on screen at ${at}`,
    });
    expect(image).toHaveAttribute('src', lobbyShot.imageUrl);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(lobbyRow).toHaveTextContent(`${at} · Lobby TV`);

    const windowRow = await rowOf('Window');
    const [failed] = within(windowRow).getAllByRole('button', {
      name: 'Window: Should be playing: Morning loop',
    });
    expect(failed).toHaveAttribute('title', windowShot.problem);
    expect(windowRow).toHaveTextContent(`${at} · failed`);
    expect(
      within(await rowOf('Car park')).getAllByRole('button', {
        name: 'Car park: No screenshot yet',
      }),
    ).not.toHaveLength(0);
  });

  it('opens "On screen now" from a thumbnail', async () => {
    const user = userEvent.setup();
    stubApi();
    renderPage();
    const lobbyRow = await rowOf('Lobby screen');
    const [thumbnail] = await within(lobbyRow).findAllByRole('button', {
      name: /^Lobby screen: on screen at/,
    });
    await user.click(thumbnail!);
    expect(
      await screen.findByRole('dialog', { name: 'On screen now: “Lobby screen”' }),
    ).toBeVisible();
  });

  it('opens "On screen now" for the space a link names, and drops the parameter on closing', async () => {
    const user = userEvent.setup();
    stubApi();
    const router = renderPage(`/advertiser/ad-spaces?screen=${lobby.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'On screen now: “Lobby screen”' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks the online TVs of the listed spaces for new screenshots on request', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await rowOf('Lobby screen');
    await user.click(screen.getByRole('button', { name: 'Refresh screenshots' }));
    await waitFor(() =>
      expect(commandPosts(calls).map((call) => call.body)).toEqual([
        { kind: 'screenshot', adSpaceIds: [lobby.id, bar.id] },
      ]),
    );
    // The list is asked again while the TVs answer.
    const before = calls.filter((call) => call.path === '/api/v1/screenshots').length;
    await waitFor(
      () =>
        expect(calls.filter((call) => call.path === '/api/v1/screenshots').length).toBeGreaterThan(
          before,
        ),
      { timeout: 5_000 },
    );
  });

  it('asks again every few minutes, for the online TVs of the first page only', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const many = Array.from({ length: 52 }, (_, index) =>
      makeAdSpace({
        id: uuid(1000 + index),
        name: `Screen ${String(index).padStart(2, '0')}`,
        status: index === 0 ? 'offline' : 'online',
      }),
    );
    const calls = stubApi({ adSpaces: many, shots: [] });
    renderPage();
    await rowOf('Screen 00');
    expect(commandPosts(calls)).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(SCREENSHOT_AUTO_REFRESH_MS);
    });
    await waitFor(() => expect(commandPosts(calls)).toHaveLength(1));
    const { adSpaceIds } = commandPosts(calls)[0]!.body as { adSpaceIds: string[] };
    // The first 50 listed, less the offline one.
    expect(adSpaceIds).toEqual(many.slice(1, 50).map((space) => space.id));
  });
});

describe('/advertiser/ad-spaces: commands and takeovers to a group', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('sends a command to the selected screens or to a group', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lobby screen' }));
    await user.click(screen.getByRole('button', { name: 'Send command…' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Send a command' }));
    expect(dialog.getByRole('radio', { name: 'The selected screen' })).toBeChecked();
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Command' }), 'identify');
    await user.click(dialog.getByRole('button', { name: 'Send command' }));
    await waitFor(() =>
      expect(commandPosts(calls).map((call) => call.body)).toEqual([
        { kind: 'identify', adSpaceIds: [lobby.id] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send a command…' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Send a command' }));
    await user.click(dialog.getByRole('radio', { name: 'A group' }));
    await user.click(dialog.getByRole('button', { name: 'Send command' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a group.');
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Group' }), 'Lobbies');
    expect(dialog.getByText('1 screen now, by its tags.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send command' }));
    await waitFor(() =>
      expect(commandPosts(calls).map((call) => call.body)).toContainEqual({
        kind: 'refresh',
        groupIds: [group.id],
      }),
    );
  });

  it('starts a takeover on a group’s screens', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Emergency takeover' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Emergency takeover' }));
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Closing soon');
    await user.click(dialog.getByRole('radio', { name: 'A group' }));
    await user.click(dialog.getByRole('button', { name: 'Start takeover' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a group.');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Group' }), 'Lobbies (1)');
    await user.click(dialog.getByRole('button', { name: 'Start takeover' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/v1/takeovers',
        body: {
          kind: 'message',
          message: 'Closing soon',
          durationMinutes: 60,
          allAdSpaces: false,
          groupIds: [group.id],
        },
      }),
    );
  });
});
