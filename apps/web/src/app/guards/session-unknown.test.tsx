import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/app/guards/require-auth';
import {
  AuthProvider,
  SESSION_BUSY_MESSAGE,
  SESSION_UNREACHABLE_MESSAGE,
  sessionRetryDelay,
} from '@/lib/auth-context';
import { jsonResponse, makeUser } from '@/test/fixtures';
// The API client loads the error schemas on its first failed call; loaded here, that import is
// already settled when the fake clock moves.
import '@screenline/shared/errors';

/**
 * Issue 18 item 3: a busy server (429) or one that fails (5xx, no answer) says nothing about the
 * session. The app used to read a failed GET /api/auth/get-session as "signed out", bounce to
 * /signin and lose the user's place; now it shows a message, keeps waiting and reads again.
 */
const toasts = vi.hoisted(() => ({ warning: [] as string[] }));
vi.mock('@/lib/toast', () => ({
  toast: {
    warning: (message: string) => toasts.warning.push(message),
    error: () => undefined,
    success: () => undefined,
    info: () => undefined,
  },
}));

const account = {
  id: 'user-1',
  email: 'ada@example.com',
  emailVerified: true,
  name: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Answers get-session with each of `sessionAnswers` in turn (the last one for ever after). */
function stubApi(sessionAnswers: (() => Response | Promise<Response>)[]) {
  let reads = 0;
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/auth/get-session')) {
      const answer = sessionAnswers[Math.min(reads, sessionAnswers.length - 1)]!;
      reads += 1;
      return Promise.resolve(answer());
    }
    if (url.startsWith('/api/v1/me')) return Promise.resolve(jsonResponse(makeUser()));
    return Promise.resolve(jsonResponse({}, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sessionReads: () => reads };
}

function renderProtectedPage() {
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/advertiser/dashboard', element: <h1>Owner dashboard</h1> }],
      },
      { path: '/signin', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/advertiser/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const busy = () => jsonResponse({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }, 429);
const signedIn = () => jsonResponse({ user: account, session: { id: 's-1' } });

/** Lets the retry wait pass on the fake clock and the answers settle. */
async function waitOutRetry(failures: number) {
  await act(() => vi.advanceTimersByTimeAsync(sessionRetryDelay(failures) + 10));
}

describe('a session read that says nothing about the session', () => {
  beforeEach(() => {
    toasts.warning = [];
    vi.useFakeTimers();
  });

  it('on 429 keeps the user where they are, says so, and reads again until it answers', async () => {
    const api = stubApi([busy, busy, signedIn]);
    const router = renderProtectedPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/advertiser/dashboard');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(toasts.warning).toContain(SESSION_BUSY_MESSAGE);

    await waitOutRetry(1);
    expect(router.state.location.pathname).toBe('/advertiser/dashboard');
    await waitOutRetry(2);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.sessionReads()).toBe(3);
    // The profile is read next; then the page shows.
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Owner dashboard' })).toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/advertiser/dashboard');
  });

  it('on a server error or no answer says the server cannot be reached, and never signs out', async () => {
    const api = stubApi([
      () => jsonResponse({ message: 'Boom' }, 503),
      () => Promise.reject(new TypeError('Failed to fetch')),
      signedIn,
    ]);
    const router = renderProtectedPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(toasts.warning).toContain(SESSION_UNREACHABLE_MESSAGE);
    await waitOutRetry(1);
    await waitOutRetry(2);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.sessionReads()).toBe(3);
    // The profile is read next; then the page shows.
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Owner dashboard' })).toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/advertiser/dashboard');
  });

  it('still signs out when the session read says so (no session)', async () => {
    stubApi([() => jsonResponse(null)]);
    const router = renderProtectedPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/signin');
    expect(toasts.warning).toEqual([]);
  });

  it('waits 1, 2, 4, 8, 16 s between reads, then every 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(sessionRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
