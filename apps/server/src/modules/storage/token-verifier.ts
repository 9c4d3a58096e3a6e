import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import { unauthenticated } from '../../lib/app-error';

const ZJwks = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })),
});

// A token naming a key we do not know may come from a key made after our last read; look again,
// but not more often than this, so random key ids cannot make us query the database per request.
const REFETCH_INTERVAL_MS = 5_000;

export interface TTokenVerifierOptions {
  /** Better Auth's public keys (`auth.api.getJwks()`, the same as GET /api/auth/jwks). */
  loadJwks: () => Promise<unknown>;
  /** Issuer and audience of the tokens: the server's public URL. */
  publicUrl: string;
  /**
   * Whether the token's session (its `sid` claim) is still active for its user. A token outlives
   * neither its session nor its 15 minutes: sign-out, a password change or reset and account
   * deletion end the session, and with it every token issued under it.
   */
  isSessionActive: (sessionId: string, userId: string) => Promise<boolean>;
}

/**
 * Verifies the storage service's bearer tokens: the EdDSA JWTs of GET /api/auth/token, sent as
 * `Authorization: Bearer <jwt>` or, as Firebase clients do, `Authorization: Firebase <jwt>`.
 * Resolves to the user id, or null when there is no Authorization header; throws 401 for a
 * header that does not hold a valid token.
 */
export function createTokenVerifier({
  loadJwks,
  publicUrl,
  isSessionActive,
}: TTokenVerifierOptions) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  function refresh(): Promise<void> {
    loading ??= (async () => {
      try {
        const jwks: JSONWebKeySet = ZJwks.parse(await loadJwks());
        keySet = createLocalJWKSet(jwks);
        loadedAt = Date.now();
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function verifyWith(token: string): Promise<{ userId: string; sessionId: string }> {
    if (!keySet) await refresh();
    const verify = async () => {
      if (!keySet) throw unauthenticated();
      const { payload } = await jwtVerify(token, keySet, {
        issuer: publicUrl,
        audience: publicUrl,
        algorithms: ['EdDSA'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw unauthenticated();
      // Tokens without a session id (signed before tokens carried one) are refused outright.
      if (typeof payload.sid !== 'string' || payload.sid.length === 0) throw unauthenticated();
      return { userId: payload.sub, sessionId: payload.sid };
    };
    try {
      return await verify();
    } catch (error) {
      if (
        error instanceof joseErrors.JWKSNoMatchingKey &&
        Date.now() - loadedAt > REFETCH_INTERVAL_MS
      ) {
        await refresh();
        return verify();
      }
      throw error;
    }
  }

  return async function verifyAuthorization(header: string | undefined): Promise<string | null> {
    if (header === undefined || header.trim() === '') return null;
    const match = /^(?:Bearer|Firebase)\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthenticated();
    let claims: { userId: string; sessionId: string };
    try {
      claims = await verifyWith(match[1]);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw unauthenticated();
      }
      throw error;
    }
    if (!(await isSessionActive(claims.sessionId, claims.userId))) throw unauthenticated();
    return claims.userId;
  };
}

export type TVerifyAuthorization = ReturnType<typeof createTokenVerifier>;
