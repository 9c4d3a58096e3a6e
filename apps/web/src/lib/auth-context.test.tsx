import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '@/test/fixtures';
import { AuthProvider, PROFILE_RETRIES, useAuth } from '@/lib/auth-context';
import type * as SessionModule from '@/lib/session';
import { announceSessionChange } from '@/lib/session';

type TFakeSession = {
  user: { id: string; email: string; emailVerified: boolean; name: string; createdAt: string };
} | null;

const fake = vi.hoisted(() => ({ session: null as TFakeSession }));

vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSession: () => Promise.resolve(fake.session),
}));
vi.mock('@/lib/auth-client', () => ({
  authClient: { signOut: () => Promise.resolve({ data: { success: true }, error: null }) },
}));

const account = {
  id: 'user-1',
  email: 'ada@example.com',
  emailVerified: false,
  name: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    // Retries without the backoff's wait: the number of attempts is what these tests check.
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } })}
    >
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('useAuth', () => {
  beforeEach(() => {
    fake.session = { user: account };
  });

  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      new Error('useAuth must be used within AuthProvider'),
    );
  });

  it('merges the auth account with GET /api/v1/me', async () => {
    const me = makeUser({ uid: 'user-1', email: 'ada@example.com', role: 'publisher', isSU: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(me))),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(me);
  });

  it('retries a failing profile read and waits meanwhile, instead of using the bare user', async () => {
    const me = makeUser({ uid: 'user-1', email: 'ada@example.com', role: 'advertiser' });
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, 500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(jsonResponse(me));
    vi.stubGlobal('fetch', fetchMock);
    const seen: { loading: boolean; role: string | null | undefined }[] = [];
    const { result } = renderHook(
      () => {
        const auth = useAuth();
        seen.push({ loading: auth.loading, role: auth.user?.role });
        return auth;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(me);
    expect(result.current.hasProfileError).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Never a moment where the owner looked like a user without a role.
    expect(
      seen.filter((state) => !state.loading).every((state) => state.role === 'advertiser'),
    ).toBe(true);
  });

  it('after the retries fail, logs it, uses the bare auth user and says the profile is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(() =>
      Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, 500)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(1 + PROFILE_RETRIES);
    expect(result.current.hasProfileError).toBe(true);
    expect(result.current.user).toEqual({
      uid: 'user-1',
      email: 'ada@example.com',
      emailVerified: false,
      role: null,
      isSU: false,
      name: 'ada',
      company: '',
      phone: '',
      createdAt: '2026-01-01T00:00:00.000Z',
      twoFactorEnabled: false,
    });
    expect(logged).toHaveBeenCalled();

    // "Try again" reads it once more; a success clears the error.
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(makeUser({ role: 'publisher' }))),
    );
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.hasProfileError).toBe(false));
    expect(result.current.user?.role).toBe('publisher');
  });

  it('does not retry a 4xx answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(() =>
      Promise.resolve(jsonResponse({ error: { code: 'unauthenticated', message: 'No.' } }, 401)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.hasProfileError).toBe(true);
  });

  it('update() merges fields locally and refresh() reads the profile again', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(makeUser({ name: 'Ada' }))));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.name).toBe('Ada'));

    act(() => result.current.update({ company: 'Engines Ltd' }));
    await waitFor(() => expect(result.current.user?.company).toBe('Engines Ltd'));
    expect(result.current.user?.name).toBe('Ada');

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(makeUser({ name: 'Ada L.' }))));
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.user?.name).toBe('Ada L.'));
  });

  it('getIdToken rejects with "User is not authenticated" when signed out', async () => {
    fake.session = null;
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    await expect(result.current.getIdToken()).rejects.toThrow(
      new Error('User is not authenticated'),
    );
  });

  it('reads the session again when the auth client reports a change (a sign-in)', async () => {
    fake.session = null;
    const me = makeUser({ uid: 'user-1', email: 'ada@example.com', role: 'publisher' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(me))),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();

    fake.session = { user: account };
    act(() => announceSessionChange());
    await waitFor(() => expect(result.current.user).toEqual(me));
  });
});
