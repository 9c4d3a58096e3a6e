import type { TAuthContextValue, TAuthUser } from '@/lib/auth-context';

export function makeUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    emailVerified: true,
    role: 'advertiser',
    isSU: false,
    name: 'Ada Lovelace',
    company: 'Analytical Engines',
    phone: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeAuth(
  user: TAuthUser | null,
  overrides: Partial<TAuthContextValue> = {},
): TAuthContextValue {
  return {
    user,
    loading: false,
    hasProfileError: false,
    hasSignedOut: false,
    logout: () => Promise.resolve(),
    refresh: () => Promise.resolve(),
    update: () => undefined,
    getIdToken: () => Promise.resolve('token'),
    ...overrides,
  };
}

/** A fetch that answers every request with the given status and JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
