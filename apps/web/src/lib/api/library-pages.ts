import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type TContentKind, ZContentList } from '@screenline/shared/content';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

const PAGE_SIZE = 24;

/**
 * GET /api/v1/content a page at a time, newest first, for the pickers that choose library items
 * (a playlist's items, a campaign's creatives, house ads, a top-up's receipt). Features do not
 * import each other, so they share this instead of the content feature's own list; the key
 * starts with the content feature's `['content']`, so an upload, rename or delete there
 * refreshes every picker. While a new search loads, the last results stay.
 */
export function useLibraryPages(picker: string, filter: { q?: string; kind?: TContentKind } = {}) {
  const { q = '', kind } = filter;
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['content', picker, q, kind ?? 'all'],
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams();
        if (kind) params.set('kind', kind);
        params.set('sort', 'createdAt');
        params.set('order', 'desc');
        params.set('limit', String(PAGE_SIZE));
        if (q) params.set('q', q);
        if (pageParam) params.set('cursor', pageParam);
        return apiRequest(apiPath(API.content, {}, params), ZContentList, { signal });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );
}
