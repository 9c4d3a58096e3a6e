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
