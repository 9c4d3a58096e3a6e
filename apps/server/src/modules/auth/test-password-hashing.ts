import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';

/**
 * Password hashing for the test suite only (config `PASSWORD_HASHING=fast-for-tests`, which the
 * config refuses outside NODE_ENV=test). Better Auth's scrypt (N=16384, r=16: 32 MB and about
 * 200 ms of CPU a hash on this machine) ran twice for every account a test signs up and signs in:
 * the API tests spent minutes of a CI run on it. This is the same scheme at N=1024, r=8, and a
 * prefix marks its hashes; a hash without the prefix (made at full cost) is still verified by
 * Better Auth's own function, so a fixture hashed either way signs in.
 */
const PREFIX = 'test-scrypt$';
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

const keyOf = (password: string, salt: string) =>
  scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST);

export const testPasswordHashing = {
  hash: async (password: string): Promise<string> => {
    const salt = crypto.randomBytes(16).toString('hex');
    return `${PREFIX}${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await keyOf(password, salt);
    return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  },
};
