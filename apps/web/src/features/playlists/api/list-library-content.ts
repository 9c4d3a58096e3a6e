import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZContentList } from '@screenline/shared/content';
import { apiRequest } from '@/lib/api-client';

const PAGE_SIZE = 24;

/**
 * GET /api/v1/content for the editor's picker: the library, newest first, filtered by name.
 * Features do not import each other (lint), so this calls the content API itself with the same
 * shared schema; its key starts with the content feature's `['content']`, so an upload, rename
 * or delete there refreshes the picker too.
 */
export function listLibraryContent(q: string, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({
    sort: 'createdAt',
    order: 'desc',
    limit: String(PAGE_SIZE),
  });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/v1/content?${params.toString()}`, ZContentList, { signal });
}

export function useLibraryContent(q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['content', 'playlist-picker', q],
      queryFn: ({ pageParam, signal }) => listLibraryContent(q, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While a new search loads, the last results stay (no spinner flash on every keystroke).
      placeholderData: keepPreviousData,
    }),
  );
}
