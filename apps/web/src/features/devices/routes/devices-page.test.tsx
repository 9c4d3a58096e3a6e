import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOwnerDevice } from '@screenline/shared/player';
import { makeAuth, makeUser } from '@/test/fixtures';
import { stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { jsonResponse } from '@/test/fixtures';
import { DevicesPage } from '@/features/devices/routes/devices-page';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const LOBBY_TV: TOwnerDevice = {
  id: '00000000-0000-4000-8000-000000000001',
  name: null,
  platform: 'Chrome 69 on Linux',
  adSpace: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Lobby' },
  lastSeenAt: minutesAgo(3),
  signInMethod: 'pairing',
  isSignedIn: true,
  tokenExpiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
};
const BAR_TV: TOwnerDevice = {
  ...LOBBY_TV,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Bar TV',
  platform: 'Tizen on Tizen 6.0 TV',
  adSpace: { id: '00000000-0000-4000-8000-0000000000a2', name: 'Bar' },
  signInMethod: 'password',
};

function renderDevices(devices: TOwnerDevice[]) {
  let listed = devices;
  const calls = stubApi((call) => {
    if (call.method === 'DELETE') {
      listed = listed.map((device) =>
        call.path.endsWith(device.id) ? { ...device, isSignedIn: false } : device,
      );
      return new Response(null, { status: 204 });
    }
    if (call.path === '/api/v1/devices') return jsonResponse({ items: listed });
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/advertiser/tvs', Component: DevicesPage }], {
    initialEntries: ['/advertiser/tvs'],
  });
  renderWithAuth(router, makeAuth(makeUser({ role: 'advertiser' })));
  return calls;
}

describe('DevicesPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each TV with what it runs on, what it plays, when it was seen and how it signed in', async () => {
    renderDevices([LOBBY_TV, BAR_TV]);
    const list = await screen.findByRole('list', { name: 'Your TVs' });
    const [lobby, bar] = within(list).getAllByRole('listitem');
    expect(lobby).toHaveTextContent('Chrome 69 on Linux');
    expect(lobby).toHaveTextContent('Lobby');
    expect(lobby).toHaveTextContent('3 minutes ago');
    expect(lobby).toHaveTextContent('QR code from a phone');
    expect(lobby).toHaveTextContent('Signed in');
    expect(bar).toHaveTextContent('Bar TV');
    expect(bar).toHaveTextContent('Email and password');
  });

  it('signs a TV out after a confirmation, and shows it signed out', async () => {
    const calls = renderDevices([LOBBY_TV, BAR_TV]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out Chrome 69 on Linux' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign out “Chrome 69 on Linux”?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(
      calls.some(
        (call) => call.method === 'DELETE' && call.path === `/api/v1/devices/${LOBBY_TV.id}`,
      ),
    ).toBe(true);
    expect(await screen.findByRole('button', { name: 'Sign out Bar TV' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Sign out Chrome 69 on Linux' })).toBeNull();
    });
    const [lobby] = within(screen.getByRole('list', { name: 'Your TVs' })).getAllByRole('listitem');
    expect(lobby).toHaveTextContent('Signed out');
  });

  it('says when there are no TVs yet', async () => {
    renderDevices([]);
    expect(await screen.findByRole('heading', { name: 'No TVs yet' })).toBeInTheDocument();
  });
});
