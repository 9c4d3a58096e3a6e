import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLocationList } from '@screenline/shared/location';
import { ZPlaylistList } from '@screenline/shared/playlist';
import type { TNamedRef } from '@screenline/shared/ad-space';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/** A select needs every choice: pages are followed to the end (an owner has tens, not thousands). */
async function listAll<TItem>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: TItem[]; nextCursor: string | null }>,
): Promise<TItem[]> {
  const items: TItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

function pageQuery(path: typeof API.locations | typeof API.playlists, cursor: string | undefined) {
  return apiPath(path, {}, { limit: 100, cursor });
}

/** GET /api/v1/locations, every page: the ad-space form's location choices. */
export const locationOptionsQueryOptions = queryOptions({
  queryKey: [...LOCATIONS_QUERY_KEY, 'options'],
  queryFn: ({ signal }) =>
    listAll((cursor) => apiRequest(pageQuery(API.locations, cursor), ZLocationList, { signal })),
  select: (locations): TNamedRef[] =>
    locations.map(({ id, name, address }) => ({ id, name: `${name} (${address.city})` })),
});

export function useLocationOptions() {
  return useQuery(locationOptionsQueryOptions);
}

/** GET /api/v1/playlists, every page: the default-playlist choices. */
export const playlistOptionsQueryOptions = queryOptions({
  queryKey: ['playlists', 'options'],
  queryFn: ({ signal }) =>
    listAll((cursor) => apiRequest(pageQuery(API.playlists, cursor), ZPlaylistList, { signal })),
  select: (playlists): TNamedRef[] => playlists.map(({ id, name }) => ({ id, name })),
});

export function usePlaylistOptions() {
  return useQuery(playlistOptionsQueryOptions);
}
