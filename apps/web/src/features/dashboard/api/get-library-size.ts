import { useQuery } from '@tanstack/react-query';
import { ZContentList } from '@screenline/shared/content';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * Whether the signed-in user's content library holds anything: GET /api/v1/content with one item
 * is enough, and ticks off the getting-started step that asks for an upload.
 */
export function useHasLibraryContent() {
  return useQuery({
    // Under the content feature's key, so its uploads and deletions refresh this too.
    queryKey: ['content', 'dashboard-has-any'],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.content, {}, { limit: 1 }), ZContentList, { signal }),
    select: (page) => page.items.length > 0,
  });
}
