import type { TContentItem } from '@screenline/shared/content';
import type { TAuthContextValue, TAuthUser } from '@/lib/auth-context';

/** A user; a super-user has two-factor sign-in on unless told otherwise, as the server requires. */
export function makeUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    emailVerified: true,
    role: 'advertiser',
    isSU: false,
    twoFactorEnabled: overrides.isSU === true,
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

/** A library item as GET /api/v1/content answers it. */
export function makeContentItem(overrides: Partial<TContentItem> = {}): TContentItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Item 1',
    kind: 'image',
    objectPath: 'users/user-1/content/x-1.png',
    contentType: 'image/png',
    sizeBytes: 1536,
    md5: 'md5',
    width: 1920,
    height: 1080,
    durationMs: null,
    posterPath: null,
    processingState: 'ready',
    mediaUrl: null,
    posterUrl: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}
