import type { TReference } from '@screenline/shared/errors';
import { AppError } from '../../lib/app-error';

/**
 * The sentence of an `in-use` refusal: what still uses the resource, named, and what to do.
 * `details.references` carries the full list; the sentence names the first three.
 */
export function inUseMessage(
  name: string,
  references: readonly TReference[],
  words: {
    what: readonly [singular: string, plural: string];
    then: readonly [singular: string, plural: string];
  },
): string {
  const count = references.length;
  const named = references
    .slice(0, 3)
    .map((reference) => `“${reference.name}”`)
    .join(', ');
  const more = count > 3 ? ` and ${count - 3} more` : '';
  const [what, then] =
    count === 1 ? [words.what[0], words.then[0]] : [words.what[1], words.then[1]];
  return `“${name}” has ${count} ${what}: ${named}${more}. ${then}`;
}

/**
 * A 400 in the shape the schema validation answers (plugins/errors.ts), for rules that need the
 * stored row (a PATCH that sends half of a pair).
 */
export function validationFailed(path: string, message: string): AppError {
  return new AppError('validation-failed', `The request is not valid (${path}: ${message}).`, {
    fields: [{ path, message }],
  });
}
