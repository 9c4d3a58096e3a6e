import { z } from 'zod';

import { hasNul, NUL_MESSAGE } from './nul';

export { hasNul, NUL_MESSAGE };

/**
 * The string schema every other schema in this package starts from: a string without U+0000.
 * PostgreSQL refuses NUL in text columns, so without this a NUL in any field reached the
 * database and answered 500; here it is a 400 that names the field.
 */
export function text() {
  return z.string().refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true });
}
