import type { TAdSpace, TAdSpacePlayer } from '@screenline/shared/ad-space';
import type { TLocation } from '@screenline/shared/location';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TScheduleEntryView } from '@screenline/shared/schedule';

/** Fixtures for the screen owner's pages, shaped as the /api/v1 lists answer them. */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeLocation(overrides: Partial<TLocation> = {}): TLocation {
  return {
    id: uuid(100),
    name: 'Corner Café',
    address: {
      line: '1 Main St',
      city: 'New York',
      region: 'NY',
      postalCode: '10001',
      country: 'US',
    },
    latitude: null,
    longitude: null,
    timeZone: 'America/New_York',
    venueType: 'food-and-drink',
    audience: { weeklyFootfall: null, ageBands: {}, genderSplit: null },
    adSpaceCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeAdSpace(overrides: Partial<TAdSpace> = {}): TAdSpace {
  return {
    id: uuid(200),
    name: 'Window screen',
    location: {
      id: uuid(100),
      name: 'Corner Café',
      timeZone: 'America/New_York',
      city: 'New York',
    },
    orientation: 'landscape',
    resolutionWidth: 1920,
    resolutionHeight: 1080,
    defaultPlaylist: null,
    tags: [],
    status: 'never-connected',
    lastSeenAt: null,
    contentVersion: 1,
    playing: {
      at: '2026-03-02T14:30:00.000Z',
      localTime: '2026-03-02T09:30:00',
      timeZone: 'America/New_York',
      source: 'idle',
      playlistId: null,
      scheduleEntryId: null,
      playlistName: null,
    },
    scheduleEntryCount: 0,
    player: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The last heartbeat of a TV that has everything and shows "Summer sale.mp4". */
export function makePlayer(overrides: Partial<TAdSpacePlayer> = {}): TAdSpacePlayer {
  return {
    deviceId: uuid(500),
    deviceName: 'Lobby TV',
    appVersion: '1.4.0',
    lastSeenAt: '2026-03-02T14:29:00.000Z',
    manifestVersion: 'v-12',
    isUpToDate: true,
    cache: {
      filesReady: 12,
      filesNeeded: 12,
      bytesReady: 120 * 1024 * 1024,
      bytesNeeded: 120 * 1024 * 1024,
      problem: null,
    },
    storage: { usedBytes: 1610612736, quotaBytes: 8589934592, persisted: true },
    nowPlaying: {
      playlistId: uuid(300),
      contentId: uuid(600),
      contentName: 'Summer sale.mp4',
      ad: null,
      startedAt: '2026-03-02T14:28:50.000Z',
    },
    ...overrides,
  };
}

export function makePlaylist(overrides: Partial<TPlaylistSummary> = {}): TPlaylistSummary {
  return {
    id: uuid(300),
    name: 'Breakfast',
    version: 1,
    itemCount: 2,
    durationSeconds: 40,
    adSlotSeconds: 0,
    usage: { defaultFor: [], scheduledOn: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<TScheduleEntryView> = {}): TScheduleEntryView {
  return {
    id: uuid(400),
    adSpaceId: uuid(200),
    groupId: null,
    groupName: null,
    playlistId: uuid(300),
    playlistName: 'Breakfast',
    firstDay: '2026-01-01',
    lastDay: null,
    weekdays: [1, 2, 3, 4, 5],
    startTime: '08:00',
    endTime: '12:00',
    priority: 10,
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A one-page list answer. */
export const page = <T>(items: T[]) => ({ items, nextCursor: null });
