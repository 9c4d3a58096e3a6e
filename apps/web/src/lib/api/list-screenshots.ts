import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SCREENSHOT_AUTO_REFRESH_MS,
  ZAdSpaceScreenshotList,
  type TAdSpaceScreenshot,
} from '@screenline/shared/fleet';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * The thumbnails of "on screen now" (issue 23 item 3) that the ad spaces page and the owner's
 * dashboard both show: one list of the newest screenshot of each space, without image bytes
 * (each image is its own cacheable URL). Both pages read it under this key.
 */
export const SCREENSHOTS_QUERY_KEY = ['screenshots'] as const;
/** How often the list is asked again while TVs are taking the screenshots just asked for. */
export const SCREENSHOTS_WAITING_POLL_MS = 3_000;

/** GET /api/v1/screenshots, by ad space id. */
export const latestScreenshotsQueryOptions = queryOptions({
  queryKey: [...SCREENSHOTS_QUERY_KEY, 'latest'],
  queryFn: ({ signal }) => apiRequest(API.screenshots, ZAdSpaceScreenshotList, { signal }),
  select: (list): ReadonlyMap<string, TAdSpaceScreenshot> =>
    new Map(list.items.map((shot) => [shot.adSpaceId, shot])),
});

/**
 * The newest screenshot of each space, asked again every few minutes while the page is open
 * (and in the foreground), or every few seconds while `isWaiting` for TVs to answer.
 */
export function useLatestScreenshots({ isWaiting = false }: { isWaiting?: boolean } = {}) {
  return useQuery({
    ...latestScreenshotsQueryOptions,
    refetchInterval: isWaiting ? SCREENSHOTS_WAITING_POLL_MS : SCREENSHOT_AUTO_REFRESH_MS,
  });
}
