// bench/ingest-server's statement timing: node-postgres's Client.query wrapped, once, when this
// module is imported (before the app opens its pool), so that each statement's time can be
// recorded between a `startTiming` and a `stopTiming`.
import pg from 'pg';

/**
 * Each statement's time as the server waits for it (sent → answered, queueing in PostgreSQL
 * included), by its text with the values left out: which statement dominates. node-postgres only
 * (PGlite answers in-process); recorded from the 'statements' reset on.
 */
const statements = new Map<string, { count: number; ms: number }>();
let timing = false;

// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client as `this`
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : first?.text;
  if (!timing || !text) return query.apply(this, args);
  // Values written into a script (ingest's, db/scripts.ts) are left out too: one key per statement.
  const key = text
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .trim()
    .slice(0, 160);
  const start = performance.now();
  const record = () => {
    const entry = statements.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - start;
    statements.set(key, entry);
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...answer: unknown[]) => {
      record();
      return (callback as (...a: unknown[]) => unknown)(...answer);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) result.then(record, record);
  return result;
} as typeof pg.Client.prototype.query;

/** Starts recording from an empty table. */
export function startTiming() {
  statements.clear();
  timing = true;
}

/** Stops recording; the `top` statements by time waited for them. */
export function stopTiming(top: number) {
  timing = false;
  return [...statements]
    .map(([text, entry]) => ({ text, ...entry }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}
