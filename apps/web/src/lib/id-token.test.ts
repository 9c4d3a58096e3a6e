import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import {
  createIdTokenCache,
  fetchAuthToken,
  tokenExpiresAt,
  TOKEN_REFRESH_MARGIN_MS,
} from '@/lib/id-token';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned JWT-shaped token with the given expiry (seconds since the epoch). */
const makeToken = (exp: number, sub = 'user-1') =>
  `${base64url({ alg: 'EdDSA' })}.${base64url({ sub, exp })}.signature`;

describe('id token cache', () => {
  it('reads exp from the payload', async () => {
    await expect(tokenExpiresAt(makeToken(1_700_000_000))).resolves.toBe(1_700_000_000_000);
  });

  it('reuses the token until 5 minutes before it expires, then fetches a new one', async () => {
    let now = 1_000_000_000_000;
    const exp = now / 1000 + 15 * 60; // a 15-minute token
    const tokens = [makeToken(exp), makeToken(exp + 15 * 60)];
    const fetchToken = vi.fn(() =>
      Promise.resolve(tokens[fetchToken.mock.calls.length - 1] ?? 'unexpected'),
    );
    const cache = createIdTokenCache({ fetchToken, now: () => now });

    expect(await cache.get()).toBe(tokens[0]);
    now += 9 * 60 * 1000; // 6 minutes left
    expect(await cache.get()).toBe(tokens[0]);
    expect(fetchToken).toHaveBeenCalledTimes(1);

    now = exp * 1000 - TOKEN_REFRESH_MARGIN_MS; // exactly 5 minutes left
    expect(await cache.get()).toBe(tokens[1]);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers', async () => {
    const fetchToken = vi.fn(() => Promise.resolve(makeToken(Date.now() / 1000 + 900)));
    const cache = createIdTokenCache({ fetchToken });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('forgets the token on clear (sign-out, another user)', async () => {
    const fetchToken = vi.fn(() =>
      Promise.resolve(makeToken(Date.now() / 1000 + 900, `u${fetchToken.mock.calls.length}`)),
    );
    const cache = createIdTokenCache({ fetchToken });
    const first = await cache.get();
    cache.clear();
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('fetchAuthToken turns a 401 into "User is not authenticated"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ message: 'Unauthorized' }, 401))),
    );
    await expect(fetchAuthToken()).rejects.toThrow(new Error('User is not authenticated'));
  });

  it('fetchAuthToken returns the token of GET /api/auth/token', async () => {
    const token = makeToken(Date.now() / 1000 + 900);
    const fetchMock = vi.fn((_url: string) => Promise.resolve(jsonResponse({ token })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchAuthToken()).toBe(token);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/token');
  });
});
