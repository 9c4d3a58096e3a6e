/**
 * Whether an If-None-Match header names the version: `"v3-…"`, a list of them, or `*`. Weak
 * validators (`W/"…"`) match too (RFC 9110: If-None-Match uses the weak comparison). The TV's
 * manifest (and its 304 fast path) and the fleet's screenshots answer conditional GETs with it.
 */
export function isNotModified(ifNoneMatch: string | undefined, version: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(`"${version}"`);
}
