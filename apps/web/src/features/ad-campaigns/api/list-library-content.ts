import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZContentList } from '@screenline/shared/content';
import { apiRequest } from '@/lib/api-client';

const PAGE_SIZE = 24;

/**
 * GET /api/v1/content for the creative picker: the buyer's library, newest first, filtered by
 * name. Features do not import each other, so this calls the content API itself; its key starts
 * with the content feature's `['content']`, so an upload there refreshes the picker too.
 */
export function useLibraryContent(q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['content', 'campaign-picker', q],
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({
          sort: 'createdAt',
          order: 'desc',
          limit: String(PAGE_SIZE),
        });
        if (q) params.set('q', q);
        if (pageParam) params.set('cursor', pageParam);
        return apiRequest(`/api/v1/content?${params.toString()}`, ZContentList, { signal });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );
}
