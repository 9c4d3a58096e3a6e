import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZContentList } from '@screenline/shared/content';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/v1/content?kind=image: the user's images, newest first, for a top-up's receipt.
 * Features do not import each other, so this calls the content API with its shared schema; the
 * key starts with the content feature's `['content']`, so an upload there refreshes it.
 */
export function useReceiptImages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['content', 'receipt-picker'],
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({
          kind: 'image',
          sort: 'createdAt',
          order: 'desc',
          limit: '24',
        });
        if (pageParam) params.set('cursor', pageParam);
        return apiRequest(`/api/v1/content?${params.toString()}`, ZContentList, { signal });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}
