import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ZValidationDetails } from '@screenline/shared/errors';
import { ApiError, errorMessage } from '@/lib/api-client';

/** Whether `path` ("address.city") names a value of the form, so a field can show its error. */
function isFieldPath<T extends FieldValues>(values: T, path: string): path is FieldPath<T> {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = Reflect.get(node, key);
  }
  return true;
}

/**
 * Puts a failed save's message where it belongs: each field a `validation-failed` 400 names
 * (`body.address.city`) gets its message under the field, the first of them focused; anything
 * else (another error, a field the form does not have) becomes the form's root error.
 */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  values: T,
  setError: UseFormSetError<T>,
): void {
  const details =
    error instanceof ApiError && error.code === 'validation-failed'
      ? ZValidationDetails.safeParse(error.details)
      : null;
  if (details?.success) {
    const unplaced: string[] = [];
    let isFirst = true;
    for (const { path, message } of details.data.fields) {
      const field = path.replace(/^body\.?/, '');
      if (field !== '' && isFieldPath(values, field)) {
        setError(field, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      } else {
        unplaced.push(message);
      }
    }
    if (unplaced.length === 0) return;
    setError('root', { type: 'server', message: unplaced.join(' ') });
    return;
  }
  setError('root', { type: 'server', message: errorMessage(error) });
}
