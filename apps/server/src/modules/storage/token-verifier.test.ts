import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTokenVerifier } from './token-verifier';

const ISSUER = 'http://127.0.0.1:3000';

async function makeKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' };
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(privateKey);
  return { jwk, sign };
}

describe('storage token verifier', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the JWKS once, not per request, and again when a token names a new key', async () => {
    const first = await makeKey('key-1');
    const second = await makeKey('key-2');
    let keys = [first.jwk];
    const loadJwks = vi.fn(() => Promise.resolve({ keys }));
    const verify = createTokenVerifier({
      loadJwks,
      publicUrl: ISSUER,
      isSessionActive: () => Promise.resolve(true),
    });
    const token = await first.sign({ sub: 'user-1', sid: 'session-1' });
    for (let i = 0; i < 5; i++) expect(await verify(`Bearer ${token}`)).toBe('user-1');
    expect(loadJwks).toHaveBeenCalledTimes(1);

    // A key made after the last read: the verifier reads the set again (at most every 5 s).
    keys = [first.jwk, second.jwk];
    vi.useFakeTimers({ now: Date.now() + 10_000, toFake: ['Date'] });
    const rotated = await second.sign({ sub: 'user-2', sid: 'session-2' });
    expect(await verify(`Firebase ${rotated}`)).toBe('user-2');
    expect(loadJwks).toHaveBeenCalledTimes(2);
    expect(await verify(`Firebase ${rotated}`)).toBe('user-2');
    expect(loadJwks).toHaveBeenCalledTimes(2);
  });

  it('refuses a token whose session has ended, or that names no session', async () => {
    const key = await makeKey('key-1');
    const active = new Set(['live']);
    const isSessionActive = vi.fn((sessionId: string, userId: string) =>
      Promise.resolve(userId === 'user-1' && active.has(sessionId)),
    );
    const verify = createTokenVerifier({
      loadJwks: () => Promise.resolve({ keys: [key.jwk] }),
      publicUrl: ISSUER,
      isSessionActive,
    });
    expect(await verify(`Bearer ${await key.sign({ sub: 'user-1', sid: 'live' })}`)).toBe('user-1');
    expect(isSessionActive).toHaveBeenCalledWith('live', 'user-1');
    for (const claims of [{ sub: 'user-1', sid: 'ended' }, { sub: 'user-1' }]) {
      await expect(verify(`Bearer ${await key.sign(claims)}`)).rejects.toBeInstanceOf(AppError);
    }
  });
});
