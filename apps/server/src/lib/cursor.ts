import { z } from 'zod';
import { AppError } from './app-error';

// An opaque pagination cursor: JSON in base64url. Clients pass it back as it came; the server
// parses it with a schema like any other input, so a cursor that was tampered with, truncated
// or made up answers 400 and never reaches SQL.

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const invalid = () =>
  new AppError('bad-request', 'The cursor is not valid; start from the first page.');

export function encodeCursor<T>(schema: z.ZodType<T>, position: T): string {
  return Buffer.from(JSON.stringify(schema.parse(position))).toString('base64url');
}

/** The position a cursor holds, or a 400 for anything `encodeCursor` could not have written. */
export function decodeCursor<T>(schema: z.ZodType<T>, cursor: string): T {
  if (cursor.length > 2000 || !BASE64URL.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // PostgreSQL text cannot hold NUL: refuse it here rather than as a database error.
  if (text.includes('\u0000') || text.includes('\\u0000')) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** A timestamp as PostgreSQL prints it (or ISO 8601), with a day that exists. */
export const ZCursorTimestamp = z
  .string()
  .max(40)
  .refine((value) => {
    const match = TIMESTAMP.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });

const BIGINT_MAX = 9223372036854775807n;

/** A bigint as PostgreSQL prints it. */
export const ZCursorBigint = z.string().refine(
  // One check, so BigInt() never sees text that is not digits.
  (value) =>
    /^-?\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX && BigInt(value) >= -BIGINT_MAX - 1n,
);
