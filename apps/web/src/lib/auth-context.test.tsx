import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '@/test/fixtures';
import { AuthProvider, useAuth } from '@/lib/auth-context';

type TFakeSession = {
  data: {
    user: { id: string; email: string; emailVerified: boolean; name: string; createdAt: Date };
  } | null;
  isPending: boolean;
  refetch: () => Promise<void>;
};

const fake = vi.hoisted(() => ({ session: null as unknown as TFakeSession }));

vi.mock('@/lib/auth-client', () => ({
  authClient: {
    useSession: () => fake.session,
    signOut: () => Promise.resolve({ data: { success: true }, error: null }),
  },
}));

const account = {
  id: 'user-1',
  email: 'ada@example.com',
  emailVerified: false,
  name: 'ada',
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('useAuth', () => {
  beforeEach(() => {
    fake.session = { data: { user: account }, isPending: false, refetch: () => Promise.resolve() };
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

  it('logs a failed profile read and uses the bare auth user', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, 500)),
      ),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
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
    });
    expect(logged).toHaveBeenCalled();
  });

  it('update() merges fields locally and refresh() reads the profile again', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(makeUser({ name: 'Ada' }))));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.name).toBe('Ada'));

    act(() => result.current.update({ company: 'Engines Ltd' }));
    expect(result.current.user?.company).toBe('Engines Ltd');
    expect(result.current.user?.name).toBe('Ada');

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(makeUser({ name: 'Ada L.' }))));
    await act(() => result.current.refresh());
    expect(result.current.user?.name).toBe('Ada L.');
  });

  it('getIdToken rejects with "User is not authenticated" when signed out', async () => {
    fake.session = { data: null, isPending: false, refetch: () => Promise.resolve() };
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(result.current.loading).toBe(false);
    await expect(result.current.getIdToken()).rejects.toThrow(
      new Error('User is not authenticated'),
    );
  });
});
