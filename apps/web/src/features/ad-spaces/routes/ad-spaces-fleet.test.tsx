import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TDeviceCommand, TScreenshot, TTakeover } from '@screenline/shared/fleet';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makeLocation, makePlayer, page, uuid } from '@/test/screens-fixtures';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

/* Issue 23 on the ad spaces page: "On screen now…" (screenshot, should be playing, commands and
   their states) and the emergency takeover (start, banner, end). */

const SPACE = uuid(300);
const DEVICE = uuid(301);
const TAKEN_AT = new Date(Date.now() - 60_000).toISOString();

type TCall = { method: string; path: string; body: unknown };

function command(overrides: Partial<TDeviceCommand> = {}): TDeviceCommand {
  return {
    id: uuid(400),
    kind: 'identify',
    state: 'done',
    deviceId: DEVICE,
    deviceName: 'Lobby TV',
    adSpaceId: SPACE,
    createdAt: TAKEN_AT,
    deliveredAt: TAKEN_AT,
    finishedAt: TAKEN_AT,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    problem: null,
    ...overrides,
  };
}

function takeover(overrides: Partial<TTakeover> = {}): TTakeover {
  return {
    id: uuid(500),
    kind: 'message',
    message: 'Fire drill',
    contentId: null,
    playlistId: null,
    startedAt: TAKEN_AT,
    startedBy: { id: 'u1', name: 'Ada' },
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endedAt: null,
    isActive: true,
    adSpaces: [{ id: SPACE, name: 'Lobby screen' }],
    shownOn: [{ deviceId: DEVICE, deviceName: 'Lobby TV', shownAt: TAKEN_AT }],
    ...overrides,
  };
}

function stubApi(options: {
  adSpace: TAdSpace;
  shots?: TScreenshot[];
  commands?: TDeviceCommand[];
  takeovers?: TTakeover[];
}) {
  const calls: TCall[] = [];
  let takeovers = options.takeovers ?? [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: pathname, body });
      const answer = (value: unknown, status = 200) => Promise.resolve(jsonResponse(value, status));
      if (pathname === '/api/v1/ad-spaces') return answer(page([options.adSpace]));
      if (pathname === '/api/v1/locations') return answer(page([makeLocation()]));
      if (pathname === '/api/v1/playlists') return answer(page([]));
      if (pathname === `/api/v1/ad-spaces/${SPACE}/screenshots`)
        return answer({ items: options.shots ?? [] });
      if (pathname === '/api/v1/device-commands' && method === 'GET')
        return answer({ items: options.commands ?? [] });
      if (pathname === '/api/v1/device-commands' && method === 'POST') {
        const kind = (body as { kind: TDeviceCommand['kind'] }).kind;
        return answer({ items: [command({ kind, state: 'sent' })] }, 201);
      }
      if (pathname === '/api/v1/takeovers' && method === 'GET') return answer({ items: takeovers });
      if (pathname === '/api/v1/takeovers' && method === 'POST') {
        takeovers = [takeover()];
        return answer(takeovers[0], 201);
      }
      if (pathname === `/api/v1/takeovers/${uuid(500)}/end`) {
        takeovers = [takeover({ isActive: false, endedAt: new Date().toISOString() })];
        return answer(takeovers[0]);
      }
      return answer({ error: { code: 'not-found', message: 'Route not found.' } }, 404);
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

const online = () =>
  makeAdSpace({ id: SPACE, name: 'Lobby screen', status: 'online', player: makePlayer() });

async function openScreen(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Lobby screen' }));
  await user.click(await screen.findByRole('menuitem', { name: 'On screen now…' }));
  return screen.findByRole('dialog', { name: 'On screen now: “Lobby screen”' });
}

/** Each test walks a dialog through several requests: more than the default 5 s on a busy machine. */
const SLOW = 20_000;

describe('/advertiser/ad-spaces: running screens from afar', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  }, SLOW);

  it(
    'asks an online TV for a screenshot on opening, shows it, sends Identify and lists the states',
    async () => {
      const calls = stubApi({
        adSpace: online(),
        shots: [
          {
            deviceId: DEVICE,
            deviceName: 'Lobby TV',
            takenAt: TAKEN_AT,
            imageUrl: 'data:image/jpeg;base64,/9j/AA==',
            problem: null,
          },
        ],
        commands: [command()],
      });
      const user = userEvent.setup();
      renderPage();
      const dialog = within(await openScreen(user));
      expect(await dialog.findByRole('img', { name: /What Lobby TV showed/ })).toHaveAttribute(
        'src',
        'data:image/jpeg;base64,/9j/AA==',
      );
      await waitFor(() =>
        expect(calls).toContainEqual(
          expect.objectContaining({
            method: 'POST',
            path: '/api/v1/device-commands',
            body: { kind: 'screenshot', adSpaceIds: [SPACE] },
          }),
        ),
      );
      const list = await dialog.findByRole('list', { name: 'Recent commands' });
      expect(within(list).getByRole('listitem')).toHaveTextContent(
        /Identify.*Lobby TV \(0000\).*Done/,
      );

      await user.click(dialog.getByRole('button', { name: 'Identify' }));
      await waitFor(() =>
        expect(calls).toContainEqual(
          expect.objectContaining({
            method: 'POST',
            body: { kind: 'identify', adSpaceIds: [SPACE] },
          }),
        ),
      );
      await user.click(dialog.getByRole('button', { name: 'Done' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Actions for Lobby screen' })).toHaveFocus(),
      );
    },
    SLOW,
  );

  it(
    'says why a TV could not capture and what should be playing; an offline TV is not asked on opening',
    async () => {
      const calls = stubApi({
        adSpace: makeAdSpace({ id: SPACE, name: 'Lobby screen', status: 'offline' }),
        shots: [
          {
            deviceId: DEVICE,
            deviceName: 'Lobby TV',
            takenAt: TAKEN_AT,
            imageUrl: null,
            problem: 'The video on screen had no frame this TV could draw.',
          },
        ],
      });
      const user = userEvent.setup();
      renderPage();
      const dialog = within(await openScreen(user));
      expect(await dialog.findByText('This TV could not take a screenshot')).toBeVisible();
      expect(
        dialog.getByText('The video on screen had no frame this TV could draw.'),
      ).toBeVisible();
      expect(dialog.getByText(/Should be playing now: Idle/)).toBeVisible();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    },
    SLOW,
  );

  it(
    'starts a takeover on all screens, shows who started it and where it shows, and ends it',
    async () => {
      const calls = stubApi({ adSpace: online() });
      const user = userEvent.setup();
      renderPage();
      const opener = await screen.findByRole('button', { name: 'Emergency takeover' });
      await user.click(opener);
      const dialog = within(await screen.findByRole('dialog', { name: 'Emergency takeover' }));
      await user.click(dialog.getByRole('button', { name: 'Start takeover' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Write the message.');
      await user.type(dialog.getByLabelText('Message'), 'Fire drill');
      await user.click(dialog.getByRole('button', { name: 'Start takeover' }));
      await waitFor(() =>
        expect(calls).toContainEqual(
          expect.objectContaining({
            method: 'POST',
            path: '/api/v1/takeovers',
            body: {
              kind: 'message',
              message: 'Fire drill',
              durationMinutes: 60,
              allAdSpaces: true,
            },
          }),
        ),
      );
      const banner = await screen.findByRole('region', { name: 'Active takeovers' });
      expect(banner).toHaveTextContent('Emergency takeover: “Fire drill”');
      expect(banner).toHaveTextContent('Started by Ada');
      expect(banner).toHaveTextContent('Showing on: Lobby TV.');
      await waitFor(() => expect(opener).toHaveFocus());
      await user.click(within(banner).getByRole('button', { name: 'End now' }));
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Active takeovers' })).not.toBeInTheDocument(),
      );
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: `/api/v1/takeovers/${uuid(500)}/end` }),
      );
    },
    SLOW,
  );
});
