import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The rows of one statement of a script, as the driver parsed them. */
export type TScriptRows = Array<Record<string, unknown>>;

/** A transaction run as scripts (see TScripts). */
export interface TScriptTransaction {
  /**
   * Sends a script inside the transaction: one round trip, the rows of each of its statements.
   * The first script carries the BEGIN; with `commit`, the COMMIT goes with this one and the
   * transaction ends (otherwise it is committed when the work returns).
   */
  run(script: string, options?: { commit?: boolean }): Promise<TScriptRows[]>;
}

/**
 * A statement a script runs with `execute name(values…)`: prepared once per connection (SQL
 * PREPARE, which a rollback does not undo), so its plan is cached instead of made for every run.
 */
export interface TPreparedStatement {
  /** Unique per text: a changed statement gets a new name. */
  name: string;
  /** The types of $1, $2, … */
  parameters: readonly string[];
  text: string;
}

/**
 * Statements sent as simple-protocol scripts: several statements, their values written into the
 * text with `literal()`, in one round trip. A transaction of two scripts costs two round trips
 * where Drizzle's costs one per statement plus BEGIN and COMMIT. Each statement of a script still
 * takes its own snapshot (READ COMMITTED), so one that runs after a lock taken earlier in the same
 * script sees what the lock's previous holder committed. Only for hot paths (proof-of-play
 * ingest): everything else goes through Drizzle, with bound parameters.
 */
export interface TScripts {
  /** One script on its own (an implicit transaction): the rows of each of its statements. */
  run(script: string): Promise<TScriptRows[]>;
  /**
   * A transaction of scripts on one connection; a throw rolls it back. The `prepared` statements
   * exist on that connection before the work runs (prepared on its first use: one round trip per
   * statement and connection).
   */
  transaction<T>(
    work: (tx: TScriptTransaction) => Promise<T>,
    options?: { prepared?: readonly TPreparedStatement[] },
  ): Promise<T>;
}

const prepareStatement = (statement: TPreparedStatement) =>
  `prepare ${statement.name} (${statement.parameters.join(', ')}) as ${statement.text}`;

/** Which statements each connection has prepared. */
class PreparedOn<TConnection extends object> {
  private readonly names = new WeakMap<TConnection, Set<string>>();

  /** Prepares on `connection` those of `statements` it has not prepared yet. */
  async ensure(
    connection: TConnection,
    statements: readonly TPreparedStatement[],
    send: (sql: string) => Promise<unknown>,
  ): Promise<void> {
    let known = this.names.get(connection);
    if (!known) {
      known = new Set();
      this.names.set(connection, known);
    }
    for (const statement of statements) {
      if (known.has(statement.name)) continue;
      try {
        await send(prepareStatement(statement));
      } catch (error) {
        // 42P05 duplicate_prepared_statement: prepared before this process knew (cannot happen
        // short of a shared connection), which is what was wanted.
        if (!(error instanceof Error && 'code' in error && error.code === '42P05')) throw error;
      }
      known.add(statement.name);
    }
  }
}

/**
 * A value written into a script: strings quoted and escaped as libpq's PQescapeLiteral does (safe
 * whatever `standard_conforming_strings` says), numbers only when finite, dates as ISO 8601.
 * Text with a NUL byte is refused (the shared schemas refuse it first; PostgreSQL could not
 * store it, and a simple query's text ends at one).
 */
export function literal(value: string | number | Date | null): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = value instanceof Date ? value.toISOString() : value;
  if (text.includes('\0')) throw new Error('text with a NUL byte cannot be sent to the database');
  // What pg.escapeLiteral answers, by regular expressions instead of its loop over each character
  // (a batch's JSON is kilobytes): quotes doubled; with a backslash, backslashes doubled in E''.
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A Result, or one per statement when the script had several (node-postgres answers either). */
type TResult = pg.QueryResult<Record<string, unknown>>;
function rowsOfResults(answer: TResult | TResult[]): TScriptRows[] {
  return (Array.isArray(answer) ? answer : [answer]).map((result): TScriptRows => result.rows);
}

/** Scripts on PostgreSQL: a pooled connection per transaction. */
export function postgresScripts(pool: pg.Pool): TScripts {
  // node-postgres types a text query's answer as one Result; a script of several statements
  // answers an array of them.
  const send = async (client: pg.Pool | pg.PoolClient, script: string) =>
    rowsOfResults(await client.query<Record<string, unknown>>(script));
  const prepared = new PreparedOn<pg.PoolClient>();
  return {
    run: (script) => send(pool, script),
    async transaction(work, options = {}) {
      const client = await pool.connect();
      // An object: the work's run() changes it, which narrowing a plain `let` would not see.
      const at: { state: 'idle' | 'open' | 'ended' } = { state: 'idle' };
      let broken: Error | undefined;
      try {
        if (options.prepared)
          await prepared.ensure(client, options.prepared, (sql) => client.query(sql));
        const result = await work({
          async run(script, options = {}) {
            if (at.state === 'ended') throw new Error('the transaction has ended');
            const begins = at.state === 'idle';
            at.state = options.commit ? 'ended' : 'open';
            const rows = await send(
              client,
              `${begins ? 'begin;\n' : ''}${script}${options.commit ? ';\ncommit' : ''}`,
            );
            return rows.slice(begins ? 1 : 0, options.commit ? -1 : undefined);
          },
        });
        if (at.state === 'open') {
          at.state = 'ended';
          await client.query('commit');
        }
        return result;
      } catch (error) {
        // A statement that failed skipped the rest of its script (the COMMIT too): the
        // transaction is aborted and ends here. A connection that cannot even roll back is
        // dropped from the pool, not handed to the next caller mid-transaction.
        if (at.state !== 'idle')
          await client.query('rollback').catch((rollbackError: unknown) => {
            broken =
              rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

/**
 * Scripts on PGlite: one connection in the process, so no round trip to save, but the same
 * statements run; its own transaction() keeps other queries out until it ends.
 */
export function pgliteScripts(client: PGlite): TScripts {
  const rowsOf = (results: Awaited<ReturnType<PGlite['exec']>>) =>
    results.map((result): TScriptRows => result.rows);
  const prepared = new PreparedOn<PGlite>();
  return {
    run: async (script) => rowsOf(await client.exec(script)),
    transaction: async (work, options = {}) => {
      if (options.prepared)
        await prepared.ensure(client, options.prepared, (sql) => client.exec(sql));
      return client.transaction(async (tx) => {
        let ended = false;
        return work({
          async run(script, options = {}) {
            if (ended) throw new Error('the transaction has ended');
            if (options.commit) ended = true;
            // The commit is PGlite's, when the work returns.
            return rowsOf(await tx.exec(script));
          },
        });
      });
    },
  };
}
