import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { pgliteScripts, postgresScripts, type TScripts } from './scripts';

export type TSchema = typeof schema;
/** PGlite and node-postgres databases share this type: the rest of the code sees one. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** The same database for scripts of several statements (hot paths only: scripts.ts). */
  scripts: TScripts;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;

/**
 * PGlite's shared buffers (PostgreSQL's default is 128MB): its data files sit in the operating
 * system's page cache anyway, and the buffers it fills live in its WebAssembly memory, which never
 * shrinks. At 128MB an idle server held about 120 MiB more (docs/performance.md, "Memory").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** The embedded database: PGlite in `dir`, or in memory when `dir` is undefined (tests). */
export async function openPglite(
  dir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<TDatabase & { pglite: PGlite }> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, {
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  refuseQueriesAroundOpenTransactions(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    pglite: client,
    kind: 'pglite',
    scripts: pgliteScripts(client),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Thrown by a query that would wait on PGlite for the transaction its own caller holds. */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query was sent outside the open transaction it runs in: on PGlite it would wait for that transaction forever. Send it through the transaction.',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/**
 * PGlite is one connection: while a transaction runs, every other query waits for it. Code inside
 * a transaction that queries through the database instead of the transaction (a cache's miss, a
 * service that reads with its own handle) therefore waits for itself, and the server hangs with
 * no error: a top-up approved once the settings cache had expired did (issue 22's receipts).
 * On PostgreSQL the same query takes another pooled connection and works. Here it is refused at
 * once, in every mode: the request fails with a 500 that names the mistake instead of hanging
 * every request after it. Work the transaction started and left running (not awaited) is not
 * inside it once it ends.
 */
function refuseQueriesAroundOpenTransactions(client: PGlite): void {
  const inside = new AsyncLocalStorage<{ open: boolean }>();
  const refuse = () => {
    if (inside.getStore()?.open) throw new QueryOutsideTransactionError();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuse();
    return query(...args);
  }) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    refuse();
    return exec(...args);
  };
  client.transaction = <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    refuse();
    return transaction(async (tx) => {
      const scope = { open: true };
      try {
        return (await inside.run(scope, () => callback(tx))) as T;
      } finally {
        scope.open = false;
      }
    });
  };
}

/** PostgreSQL at `url`. Migrations run under an advisory lock so several instances can start together. */
export async function openPostgres(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): Promise<TDatabase> {
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query(`SELECT pg_advisory_lock(hashtext('screenline:migrations'))`);
    await migratePg(drizzlePg(migrationClient, { schema, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_DIR,
    });
  } finally {
    await migrationClient
      .query(`SELECT pg_advisory_unlock(hashtext('screenline:migrations'))`)
      .catch(() => undefined);
    await migrationClient.end();
  }
  // A database that does not answer (stopped, or the network to it cut) fails a request after
  // 10 s (waiting for a free connection included) instead of holding it open until the client
  // gives up.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client whose connection the server ends (a PostgreSQL restart, a dropped database)
  // emits 'error' on the pool; without a listener that would crash the process. The pool drops
  // that client and the next query connects anew, so requests fail cleanly and then recover.
  pool.on('error', (error) => options.onIdleError?.(error));
  // A client checked out of the pool (a transaction between two statements) has no listener of
  // the pool's: PostgreSQL ending its connection ("terminating connection due to administrator
  // command" on a restart) would be an unhandled 'error' event and crash the server. Its query,
  // or the next one, fails instead (a 503, db/errors.ts), and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    scripts: postgresScripts(pool),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: TDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
