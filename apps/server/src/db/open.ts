import fs from 'node:fs/promises';
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
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(config.dataDir, {
      lockfilePath: path.join(config.dataDir, 'screenline.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED')
      throw new DataDirInUseError(config.dataDir);
    throw error;
  }
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
