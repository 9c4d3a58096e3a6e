import { storageErrors } from './errors';

/** Where an object lives. An empty path is the bucket root. */
export interface Location {
  readonly bucket: string;
  readonly path: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const GS_URL = /^gs:\/\/([A-Za-z0-9._-]+)(?:\/(.*))?$/i;
/** The JSON API path of an object, or of the bucket root when the object part is absent. */
const HTTP_OBJECT_PATH = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/;

/** Drops empty segments, so `/a//b/` and `a/b` name the same object, as in Firebase's child(). */
export function normalizePath(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment.length > 0)
    .join('/');
}

export function childPath(parent: string, child: string): string {
  const canonicalChild = normalizePath(child);
  if (parent.length === 0) return canonicalChild;
  if (canonicalChild.length === 0) return parent;
  return `${parent}/${canonicalChild}`;
}

/** The parent path, or null for the root. */
export function parentPath(path: string): string | null {
  if (path.length === 0) return null;
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

export function lastComponent(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? path : path.slice(index + 1);
}

/** Accepts `gs://bucket` as well as a bare bucket name in the options. */
export function normalizeBucket(bucket: string): string {
  return bucket.replace(/^gs:\/\//i, '').replace(/\/+$/, '');
}

/**
 * Parses what callers may pass as a location (SPEC §5): a `gs://bucket/path` address, an
 * http(s) storage address `…/v0/b/{bucket}/o/{encoded name}` (as getDownloadURL returns; the
 * query is ignored), or a plain path inside the default bucket.
 */
export function parseLocation(input: string, defaultBucket: string | null): Location {
  if (!SCHEME.test(input)) {
    if (!defaultBucket) throw storageErrors.noDefaultBucket();
    return { bucket: defaultBucket, path: normalizePath(input) };
  }

  const gs = GS_URL.exec(input);
  if (gs) return { bucket: gs[1] ?? '', path: normalizePath(gs[2] ?? '') };

  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw invalidUrl(input);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidUrl(input);
  const match = HTTP_OBJECT_PATH.exec(url.pathname);
  if (!match) throw invalidUrl(input);
  try {
    return {
      bucket: decodeURIComponent(match[1] ?? ''),
      path: normalizePath(decodeURIComponent(match[2] ?? '')),
    };
  } catch {
    throw invalidUrl(input);
  }
}

function invalidUrl(input: string) {
  return storageErrors.invalidArgument(
    `Invalid storage URL '${input}'. Use a gs://bucket/path address or an http(s) address of the form …/v0/b/{bucket}/o/{path}.`,
  );
}
