import { AUTH_PATHS } from '@screenline/shared/api-paths';
import { ApiError, apiRequest } from '@/lib/api-client';

// The schemas and jose load with the first token, which only a signed-in page asks for: they stay
// out of the signed-out pages' JavaScript.
const loadTokenParsing = () =>
  Promise.all([import('jose'), import('@screenline/shared/auth')]).then(
    ([{ decodeJwt }, { ZAuthToken, ZTokenClaims }]) => ({ decodeJwt, ZAuthToken, ZTokenClaims }),
  );

/** SPEC §9: the token is renewed 5 minutes before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
export const NOT_AUTHENTICATED_MESSAGE = 'User is not authenticated';

/** The token's expiry in epoch milliseconds, read from its payload (not verified: the server does). */
export async function tokenExpiresAt(token: string): Promise<number> {
  const { decodeJwt, ZTokenClaims } = await loadTokenParsing();
  const claims = ZTokenClaims.parse(decodeJwt(token));
  return claims.exp * 1000;
}

/** GET /api/auth/token → a short-lived JWT for the storage service and the player. */
export async function fetchAuthToken(): Promise<string> {
  const { ZAuthToken } = await loadTokenParsing();
  try {
    const { token } = await apiRequest(AUTH_PATHS.token, ZAuthToken);
    return token;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new Error(NOT_AUTHENTICATED_MESSAGE, { cause: error });
    }
    throw error;
  }
}

export type TIdTokenCache = { get: () => Promise<string>; clear: () => void };

/**
 * Caches the token and fetches a new one once it is within 5 minutes of expiry. Concurrent callers
 * share one request; `clear()` (on sign-out or a change of user) drops the token and any answer
 * still in flight.
 */
export function createIdTokenCache({
  fetchToken,
  now = Date.now,
}: {
  fetchToken: () => Promise<string>;
  now?: () => number;
}): TIdTokenCache {
  let cached: { token: string; expiresAt: number } | null = null;
  let inflight: Promise<string> | null = null;
  let generation = 0;

  return {
    get() {
      if (cached && now() < cached.expiresAt - TOKEN_REFRESH_MARGIN_MS)
        return Promise.resolve(cached.token);
      if (inflight) return inflight;
      const started = generation;
      const request = fetchToken()
        .then(async (token) => {
          const expiresAt = await tokenExpiresAt(token);
          if (started === generation) cached = { token, expiresAt };
          return token;
        })
        .finally(() => {
          if (inflight === request) inflight = null;
        });
      inflight = request;
      return request;
    },
    clear() {
      generation += 1;
      cached = null;
      inflight = null;
    },
  };
}
