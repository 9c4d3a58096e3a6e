import { z } from 'zod';

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** Whether a string holds U+0000, which PostgreSQL cannot store in text and no person types. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * The string schema every other schema in this package starts from: a string without U+0000.
 * PostgreSQL refuses NUL in text columns, so without this a NUL in any field reached the
 * database and answered 500; here it is a 400 that names the field.
 */
export function text() {
  return z.string().refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true });
}
