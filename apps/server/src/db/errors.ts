/**
 * PostgreSQL error codes a repository turns into an answer (the same on PGlite and node-postgres).
 * Drizzle wraps the driver's error, so the code may sit on any error of the `cause` chain.
 */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A row still referenced by, or referring to a missing, row of another table (23503). */
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';

/** The constraint a violation names (node-postgres and PGlite both carry it), if any. */
function constraintOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ('constraint' in current && typeof current.constraint === 'string')
      return current.constraint;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A CHECK constraint refused the row (23514), optionally a named one. */
export const isCheckViolation = (error: unknown, constraint?: string) =>
  sqlStateOf(error) === '23514' && (constraint === undefined || constraintOf(error) === constraint);

/** A unique index refused the row (23505), optionally a named one. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  sqlStateOf(error) === '23505' && (constraint === undefined || constraintOf(error) === constraint);

/** Socket errors of a database connection that is refused, cut or timed out. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * The database cannot be reached right now (it is restarting, stopped, or the network to it is
 * cut), as opposed to a query it refused: the answer is then 503, and the next request may
 * succeed. SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, cannot connect
 * now), the socket errors node-postgres passes on, and its own "connection terminated" and
 * connection-timeout errors, which carry no code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    if ('code' in current && typeof current.code === 'string') {
      const code = current.code;
      if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
      if (CONNECTION_ERRNOS.has(code)) return true;
    }
    // AggregateError: node-postgres tries every address of localhost.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
    if (
      current instanceof Error &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        current.message,
      )
    )
      return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
