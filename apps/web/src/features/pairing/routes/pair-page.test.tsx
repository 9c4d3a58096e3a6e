import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TV_CLIENT_ID } from '@screenline/shared/pairing';
import { RequireAuth } from '@/app/guards/require-auth';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { PairPage } from '@/features/pairing/routes/pair-page';

type TCall = { method: string; url: string; body: unknown };

/** Answers GET /api/auth/device with `verify`, and the decisions with `decide` (or success). */
function stubDeviceApi(verify: () => Response, decide?: () => Response) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (url.startsWith('/api/auth/device?')) return Promise.resolve(verify());
      if (url.startsWith('/api/v1/pairing/requests/')) return Promise.resolve(jsonResponse(TV));
      return Promise.resolve(decide ? decide() : jsonResponse({ success: true }));
    }),
  );
  return calls;
}

/** What asked for the code, as the server recorded it (issue 18 item 1). */
const TV = {
  userCode: 'ABCDEFGH',
  name: 'Screenline TV player',
  platform: 'Chrome 69 on Linux',
  ipAddress: '198.51.100.23',
  requestedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 8 * 60_000).toISOString(),
};

const pending = () =>
  jsonResponse({ user_code: 'ABCDEFGH', status: 'pending', client_id: TV_CLIENT_ID, scope: null });
const deviceError = (error: string, description: string) =>
  jsonResponse({ error, error_description: description }, 400);

function SignInProbe() {
  const location = useLocation();
  return <p>sign-in at {location.pathname + location.search}</p>;
}

function renderAt(entry: string, isSignedIn = true) {
  const router = createMemoryRouter(
    [
      { path: '/signin', Component: SignInProbe },
      { Component: RequireAuth, children: [{ path: '/pair', Component: PairPage }] },
    ],
    { initialEntries: [entry] },
  );
  renderWithAuth(router, makeAuth(isSignedIn ? makeUser() : null));
  return router;
}

describe('PairPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the code and the TV, and links it with "Link this TV"', async () => {
    const calls = stubDeviceApi(pending);
    renderAt('/pair?code=abcd-efgh');
    expect(await screen.findByText('ABCD-EFGH')).toBeInTheDocument();
    expect(screen.getByText('Screenline TV player')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/auth/device?user_code=ABCDEFGH');

    await userEvent.click(screen.getByRole('button', { name: 'Link this TV' }));
    expect(await screen.findByText('TV linked')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/auth/device/approve',
      body: { userCode: 'ABCDEFGH' },
    });
  });

  it('shows what asked for the code, where from and when, and warns to link only a TV in front of you', async () => {
    const calls = stubDeviceApi(pending);
    renderAt('/pair?code=ABCDEFGH');
    const details = await screen.findByLabelText('The TV asking to link');
    expect(await screen.findByText('Chrome 69 on Linux')).toBeInTheDocument();
    expect(details).toHaveTextContent('198.51.100.23');
    expect(details).toHaveTextContent(/2 minutes ago/);
    expect(screen.getByText('Only link a TV that is in front of you')).toBeInTheDocument();
    expect(
      screen.getByText(/If someone sent you this link or code, do not link it/),
    ).toBeInTheDocument();
    // Asked only after the code was claimed for this account.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/device?user_code=ABCDEFGH',
      '/api/v1/pairing/requests/ABCDEFGH',
    ]);
  });

  it('refuses the TV with "Cancel"', async () => {
    const calls = stubDeviceApi(pending);
    renderAt('/pair?user_code=ABCDEFGH');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/auth/device/deny');
  });

  it('says when the code has expired', async () => {
    stubDeviceApi(() => deviceError('expired_token', 'User code has expired'));
    renderAt('/pair?code=ABCDEFGH');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired');
    expect(screen.queryByRole('button', { name: 'Link this TV' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter another code' })).toHaveAttribute(
      'href',
      '/pair',
    );
  });

  it('says when no TV shows the code', async () => {
    stubDeviceApi(() => deviceError('invalid_request', 'Invalid user code'));
    renderAt('/pair?code=ZZZZZZZZ');
    expect(await screen.findByRole('alert')).toHaveTextContent('No TV is showing this code');
  });

  it('says when the code was used already, on opening and on a late approval', async () => {
    stubDeviceApi(() =>
      jsonResponse({ user_code: 'ABCDEFGH', status: 'approved', client_id: TV_CLIENT_ID }),
    );
    renderAt('/pair?code=ABCDEFGH');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code was used already');
  });

  it('says so when the approval finds the code decided meanwhile', async () => {
    stubDeviceApi(pending, () => deviceError('invalid_request', 'Device code already processed'));
    renderAt('/pair?code=ABCDEFGH');
    await userEvent.click(await screen.findByRole('button', { name: 'Link this TV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code was used already');
  });

  it('says when another account opened the code first', async () => {
    stubDeviceApi(() => jsonResponse({ user_code: 'ABCDEFGH', status: 'pending' }));
    renderAt('/pair?code=ABCDEFGH');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another account is linking this TV',
    );
  });

  it('asks for the code when opened without one', async () => {
    const calls = stubDeviceApi(pending);
    renderAt('/pair');
    const field = screen.getByLabelText('Code shown on the TV');
    await userEvent.type(field, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Type the 8 letters and digits/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'abcd efgh');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('ABCD-EFGH')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/auth/device?user_code=ABCDEFGH');
  });

  it('sends an anonymous phone to sign in and back to the same code', () => {
    stubDeviceApi(pending);
    renderAt('/pair?code=ABCDEFGH', false);
    expect(screen.getByText(/sign-in at/)).toHaveTextContent(
      'sign-in at /signin?redirectTo=%2Fpair%3Fcode%3DABCDEFGH',
    );
  });
});
