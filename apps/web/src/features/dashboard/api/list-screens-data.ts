import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdSpaceList } from '@screenline/shared/ad-space';
import { ZLocationList } from '@screenline/shared/location';
import { ZPlaylistList } from '@screenline/shared/playlist';
import { ZScheduleEntryList } from '@screenline/shared/schedule';
import { ZScreenGroupList } from '@screenline/shared/screen-group';
import { apiRequest } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/list-all';

/*
 * The screen owner's collections, whole, for the dashboard's counts, checklist and today's
 * hours. Each lives under its resource's key (['locations'], ['ad-spaces'], …), so a change made
 * on any page that invalidates that key refreshes the dashboard too.
 */

/** GET /api/v1/locations, every page. */
export const allLocationsQueryOptions = queryOptions({
  queryKey: ['locations', 'all'],
  queryFn: ({ signal }) => fetchAllPages('/api/v1/locations?limit=100', ZLocationList, signal),
});

/** GET /api/v1/ad-spaces, every page (each with what it plays now). */
export const allAdSpacesQueryOptions = queryOptions({
  queryKey: ['ad-spaces', 'all'],
  queryFn: ({ signal }) => fetchAllPages('/api/v1/ad-spaces?limit=100', ZAdSpaceList, signal),
});

/** GET /api/v1/playlists, every page. */
export const allPlaylistsQueryOptions = queryOptions({
  queryKey: ['playlists', 'all'],
  queryFn: ({ signal }) => fetchAllPages('/api/v1/playlists?limit=100', ZPlaylistList, signal),
});

/** GET /api/v1/schedule-entries, every entry of every ad space of the owner. */
export const allScheduleEntriesQueryOptions = queryOptions({
  queryKey: ['schedule-entries', 'all'],
  queryFn: ({ signal }) =>
    fetchAllPages('/api/v1/schedule-entries?limit=500', ZScheduleEntryList, signal),
});

/** GET /api/v1/screen-groups: a group entry plays on each of its members (issue 23). */
export const screenGroupsQueryOptions = queryOptions({
  queryKey: ['screen-groups', 'all'],
  queryFn: ({ signal }) => apiRequest('/api/v1/screen-groups', ZScreenGroupList, { signal }),
  select: (list) => list.items,
});

export const useAllLocations = () => useQuery(allLocationsQueryOptions);
export const useScreenGroups = () => useQuery(screenGroupsQueryOptions);
export const useAllAdSpaces = () => useQuery(allAdSpacesQueryOptions);
export const useAllPlaylists = () => useQuery(allPlaylistsQueryOptions);
export const useAllScheduleEntries = () => useQuery(allScheduleEntriesQueryOptions);
