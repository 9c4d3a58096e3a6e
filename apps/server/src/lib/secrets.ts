import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in DATA_DIR/secrets/<name>, made with 32 random bytes on first use. Better
 * Auth's built-in development default is never used: an embedded install is still safe.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    // 'wx' so that two processes starting together agree on one secret.
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
