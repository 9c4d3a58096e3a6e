import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { TConfig } from '../config';
import { openPglite, openPostgres, type TDatabase } from './database';

export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `Another Screenline process is using ${dir}. Stop it first, or give this one its own DATA_DIR ` +
        '(the embedded database cannot be shared between processes; use DATABASE_URL for several instances).',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Opens the database the config names: PostgreSQL at DATABASE_URL, or the embedded PGlite in
 * DATA_DIR/db. PGlite has no lock between processes and a second one would corrupt it, so the
 * data directory is locked for as long as it is open.
 */
export async function openConfiguredDatabase(
  config: TConfig,
  onIdleError?: (error: Error) => void,
): Promise<TDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onIdleError });
  await fs.mkdir(config.dataDir, { recursive: true });
  const release = await lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'db'));
    return {
      ...database,
      close: async () => {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The lock's owner, beside the lock directory (proper-lockfile removes that with rmdir). */
const OWNER_FILE = 'screenline.pid';

/** The lock files this process holds: its own pid in an owner file is then no previous life. */
const held = new Set<string>();

/**
 * Locks DATA_DIR for this process. A lock left by a process that is gone (kill -9, a power cut)
 * does not stop the restart: its owner's pid, written beside the lock, names no live process on
 * this host (or names this very process: a container restarted with the same pid), so the lock is
 * taken over at once instead of after proper-lockfile's 15 s of staleness. A lock whose owner
 * cannot be judged (no owner file, another host on a shared volume) still refuses.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockfilePath = path.join(dir, 'screenline.lock');
  const ownerPath = path.join(dir, OWNER_FILE);
  const take = () => lockfile.lock(dir, { lockfilePath, stale: 15_000, update: 5_000, retries: 0 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if (!isLocked(error)) throw error;
    if (held.has(lockfilePath) || !(await ownerIsGone(ownerPath))) throw new DataDirInUseError(dir);
    await fs.rm(lockfilePath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (retryError) {
      // Another process took it over first.
      if (isLocked(retryError)) throw new DataDirInUseError(dir);
      throw retryError;
    }
  }
  held.add(lockfilePath);
  await fs.writeFile(ownerPath, JSON.stringify({ pid: process.pid, host: os.hostname() }));
  return async () => {
    await fs.rm(ownerPath, { force: true });
    held.delete(lockfilePath);
    await release();
  };
}

const isLocked = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ELOCKED';

/** Whether the process the owner file names is gone: true only when that is certain. */
async function ownerIsGone(ownerPath: string): Promise<boolean> {
  let owner: unknown;
  try {
    owner = JSON.parse(await fs.readFile(ownerPath, 'utf8'));
  } catch {
    return false;
  }
  if (typeof owner !== 'object' || owner === null) return false;
  const { pid, host } = owner as { pid?: unknown; host?: unknown };
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  if (host !== os.hostname()) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, someone else's.
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
}
