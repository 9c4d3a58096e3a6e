import { apiRequest, type TResponseSchema } from '@/lib/api-client';

/** Enough for any owner's screens and playlists; a cursor that never ends stops here. */
const MAX_PAGES = 50;

/**
 * Every item of a cursor-paginated list (`{ items, nextCursor }`): pages are fetched one after
 * the other until the server says there is no next one. For the pages that need a whole
 * collection at once (a picker, the dashboard's counts); `path` may already carry a query.
 */
export async function fetchAllPages<TItem>(
  path: string,
  schema: TResponseSchema<{ items: TItem[]; nextCursor: string | null }>,
  signal?: AbortSignal,
): Promise<TItem[]> {
  const items: TItem[] = [];
  const separator = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url: string =
      cursor === null ? path : `${path}${separator}cursor=${encodeURIComponent(cursor)}`;
    const answer = await apiRequest(url, schema, { signal });
    items.push(...answer.items);
    if (answer.nextCursor === null || answer.nextCursor === cursor) break;
    cursor = answer.nextCursor;
  }
  return items;
}
