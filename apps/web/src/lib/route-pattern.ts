/** A path segment as the router compares it (decoded); as it is when it does not decode. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The router's pattern a pathname matched, rebuilt from the params of the deepest match:
 * `/advertiser/playlists/edit/4f…` with `{ playlistId: '4f…' }` is
 * `/advertiser/playlists/edit/:playlistId`; a splat (`*`) ends it (`/help/tv/*`), and the
 * catch-all of a path no page matches gives `/*` (PAGE_VIEW_UNKNOWN_ROUTE). Page views count
 * by it (issue 21), so one page is one route, not one per id. Each param names the last
 * segment holding its value, where the router puts params (after the static part).
 */
export function routePatternOf(
  pathname: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  const segments = pathname.split('/').filter(Boolean);
  const splat = params['*'];
  const splatLength = splat === undefined ? 0 : splat.split('/').filter(Boolean).length;
  const fixed = segments.slice(0, segments.length - splatLength);
  const pattern = [...fixed];
  for (const [name, value] of Object.entries(params)) {
    if (name === '*' || value === undefined || value === '') continue;
    const at = fixed.findLastIndex(
      (segment, index) => pattern[index] === segment && decodeSegment(segment) === value,
    );
    if (at >= 0) pattern[at] = `:${name}`;
  }
  if (splat !== undefined) pattern.push('*');
  return `/${pattern.join('/')}`;
}
