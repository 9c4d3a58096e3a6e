/**
 * The rows of a `db.execute` result. PGlite and node-postgres both answer `{ rows }`, but the
 * shared database type does not say so; the caller names the row's shape (every column as the
 * driver gives it: bigint and numeric arrive as strings).
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
