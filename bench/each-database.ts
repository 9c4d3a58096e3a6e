// The benches' outer loop over databases (bench/ingest.ts, bench/fleet.ts, bench/api.ts,
// bench/manifest.ts): one measurement on each database BENCH_DATABASES names (default
// `postgres,pglite`), in order, each in its own DATA_DIR of a temporary folder; PostgreSQL on a
// throwaway database, skipped when unreachable. Prints the summary lines each measurement
// returned once all have run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminUrl, createPostgresDatabase } from './postgres-database';

export const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');

export interface TMeasureOn {
  /** The PostgreSQL run: its env (DATA_DIR, DATABASE_URL) and the database's URL. */
  postgres(env: Record<string, string>, databaseUrl: string): Promise<string[]>;
  /** The PGlite run in `dataDir`. */
  pglite(dataDir: string): Promise<string[]>;
}

/**
 * Runs `measure` on every database of BENCH_DATABASES, then prints every summary line, under
 * `heading` when given (it is read at the end: a load average then is the end's).
 */
export async function measureOnEachDatabase(
  bench: string,
  measure: TMeasureOn,
  heading?: () => string,
): Promise<void> {
  const summary: string[] = [];
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `screenline-bench-${bench}-`));
  try {
    for (const name of DATABASES) {
      if (name === 'postgres') {
        const database = await createPostgresDatabase();
        if (!database) {
          summary.push(`PostgreSQL at ${adminUrl} is not reachable: skipped`);
          continue;
        }
        try {
          const env = { DATA_DIR: path.join(workDir, 'postgres'), DATABASE_URL: database.url };
          summary.push(...(await measure.postgres(env, database.url)));
        } finally {
          await database.drop();
        }
      } else if (name === 'pglite') {
        summary.push(...(await measure.pglite(path.join(workDir, 'pglite'))));
      } else {
        throw new Error(`BENCH_DATABASES: unknown database ${name} (postgres, pglite)`);
      }
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  console.log('');
  if (heading) console.log(heading());
  for (const line of summary) console.log(line);
}
