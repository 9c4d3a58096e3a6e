import crypto from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { TSessionUser } from '../../lib/actor';
import type { TDb } from '../../db/database';
import type { TProfile } from '../me/profile-directory';
import type { TAuth } from './auth';
import { createAuthRepository } from './auth.repository';

/** What a session cookie resolved to, ready for the session cache. */
export interface TSessionAccount {
  user: TSessionUser;
  profile: TProfile | null;
  token: string;
  sessionExpiresAt: Date;
}

/**
 * The session plugin's cache miss in one read (issue 19 item 4): a request that carries only
 * Better Auth's session cookie is resolved by checking the cookie's signature as Better Auth does
 * (HMAC-SHA-256 with the auth secret, `token.signature`) and reading session, user and profile in
 * one query. Before, Better Auth read the session, then its user, and the profile came third.
 *
 * Better Auth keeps every case where it would do more than read: `undefined` means "ask Better
 * Auth" (no session cookie, a session due for its daily extension, an expired session it deletes,
 * a cookie it may read differently). `null` is a session cookie that cannot be a session: a bad
 * signature, or a token no session has, the answers Better Auth gives too.
 */
export function createSessionLookup(db: TDb, auth: TAuth) {
  const repo = createAuthRepository(db);
  const context = auth.$context;

  return async function findByCookie(
    cookie: string,
    nowMs = Date.now(),
  ): Promise<TSessionAccount | null | undefined> {
    const { secret, authCookies, sessionConfig } = await context;
    const name = authCookies.sessionToken.name;
    // Better Auth's own reader keeps the first of two cookies of one name, this parser the last:
    // with two, or none, Better Auth decides (without a cookie it reads nothing either).
    const first = cookie.indexOf(`${name}=`);
    if (first === -1 || cookie.includes(`${name}=`, first + 1)) return undefined;
    const value = parseCookies(cookie).get(name);
    if (!value) return undefined;
    const token = verifiedToken(value, secret);
    if (token === undefined) return undefined;
    if (token === null) return null;
    const row = await repo.findSessionAccount(token);
    if (!row) return null;
    const expiresAtMs = row.sessionExpiresAt.getTime();
    // Expired (Better Auth deletes it) or due for extension (Better Auth updates it and sets the
    // cookie anew): its path, once a day per session at most.
    const isDueForUpdate =
      expiresAtMs - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= nowMs;
    if (expiresAtMs <= nowMs || isDueForUpdate) return undefined;
    return {
      user: row.user,
      profile: row.profile,
      token,
      sessionExpiresAt: row.sessionExpiresAt,
    };
  };
}

/**
 * The token of a signed cookie value (`token.signature`, the signature 44 characters of base64
 * as better-call writes it): the token when the signature is right, null when it is wrong,
 * undefined when the value is not of that shape (Better Auth decides).
 */
function verifiedToken(value: string, secret: string): string | null | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = crypto.createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}
