import { MAX_OBJECT_NAME_BYTES } from '@screenline/shared/storage';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why an object name is refused, or null when it is fine. Names are opaque database keys (the
 * bytes live under random keys), so these rules are not what keeps the disk safe; they keep names
 * meaningful to every client: no traversal segments that a path-joining client would resolve, no
 * empty segments, no control characters, at most 1024 bytes of UTF-8 (Firebase's limit).
 */
export function objectNameProblem(name: string): string | null {
  if (name.length === 0) return 'The bucket root is not an object; name a file.';
  if (LONE_SURROGATE.test(name)) return 'The name is not valid Unicode.';
  if (Buffer.byteLength(name, 'utf8') > MAX_OBJECT_NAME_BYTES) {
    return `The name is longer than ${MAX_OBJECT_NAME_BYTES} bytes.`;
  }
  // C0 and C1 control characters, DEL included: finding them is the point of this pattern.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'The name contains control characters.';
  if (name.includes('\\')) return 'The name contains a backslash.';
  if (name.startsWith('/')) return 'The name starts with a slash.';
  for (const segment of name.split('/')) {
    if (segment.length === 0) return 'The name has an empty segment (// or a trailing slash).';
    if (segment === '.' || segment === '..') return 'The name has a . or .. segment.';
  }
  return null;
}

/** The user whose prefix (`users/{uid}/…`) holds the object, or null for names outside it. */
export function ownerOfObjectName(name: string): string | null {
  const match = /^users\/([^/]+)\/./.exec(name);
  return match?.[1] ?? null;
}
