// bench/player-soak's world: the ad space's clock and zone, its library with how each medium
// misbehaves, what the owner set up (playlists and a schedule crossing the spring-forward night),
// and the edits each new manifest brings.
// eslint-disable-next-line no-restricted-imports -- a bench is a test harness: the simulated stage's media.
import type { MediaBehaviour } from '../packages/playback/src/test/simulated-stage';
import type { TManifestPlaylist, TPlayerManifest } from '../packages/shared/src/player';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Saturday 27 March 2027, 12:00 in London (GMT); BST begins at 01:00 UTC the next night. */
export const START_MS = Date.UTC(2027, 2, 27, 12);
export const TIME_ZONE = 'Europe/London';
/** The library: each content item's kind and, for videos, its length. */
export const LIBRARY: Record<string, { kind: 'image' | 'video'; lengthMs?: number }> = {
  'c-welcome': { kind: 'image' },
  'c-promo-a': { kind: 'video', lengthMs: 15 * SECOND },
  'c-menu': { kind: 'image' },
  'c-promo-b': { kind: 'video', lengthMs: 30 * SECOND },
  'c-broken': { kind: 'image' },
  'c-offers': { kind: 'image' },
  'c-stutter': { kind: 'video', lengthMs: 20 * SECOND },
  'c-coffee': { kind: 'image' },
  'c-pastry': { kind: 'image' },
  'c-morning': { kind: 'video', lengthMs: 12 * SECOND },
  'c-lunch-deal': { kind: 'image' },
  'c-kitchen': { kind: 'video', lengthMs: 25 * SECOND },
  'c-night': { kind: 'video', lengthMs: 45 * SECOND },
};

export const DEFAULT_PLAYLIST_ID = 'p-default';

export const srcOf = (contentId: string) => `/media/${contentId}`;

/**
 * How each medium behaves, for one run. A getter answers per load: the stage reads it at every
 * prepare, so a medium can misbehave on some loads only.
 */
export function mediaBehaviours(): Record<string, MediaBehaviour> {
  const behaviours: Record<string, MediaBehaviour> = {
    [srcOf('c-broken')]: { failOnLoad: true },
  };
  const varying = (contentId: string, behaviourAt: (load: number) => MediaBehaviour) => {
    let loads = 0;
    Object.defineProperty(behaviours, srcOf(contentId), {
      enumerable: true,
      configurable: true,
      get: () => behaviourAt((loads += 1)),
    });
  };
  for (const [contentId, item] of Object.entries(LIBRARY)) {
    if (item.kind === 'video' && item.lengthMs !== undefined) {
      const videoLengthMs = item.lengthMs;
      varying(contentId, () => ({ videoLengthMs }));
    }
  }
  varying('c-stutter', (load) => ({
    videoLengthMs: 20 * SECOND,
    ...(load % 4 === 0 ? { stallAfterMs: 7 * SECOND } : {}),
  }));
  varying('c-promo-b', (load) => ({
    videoLengthMs: 30 * SECOND,
    readyAfterMs: 2500,
    // The engine gives an item 15 s to start once presented.
    startAfterMs: load % 6 === 0 ? 20 * SECOND : 1500,
  }));
  // A lone video loops without loading again: it stalls on its first load of the night, and the
  // engine loads it again after its retry delay.
  varying('c-night', (load) => ({
    videoLengthMs: 45 * SECOND,
    ...(load % 2 === 1 ? { stallAfterMs: 30 * SECOND } : {}),
  }));
  return behaviours;
}

export type TItem = TManifestPlaylist['items'][number];

function image(playlistId: string, contentId: string, durationSeconds: number): TItem {
  return {
    id: `${playlistId}:${contentId}`,
    type: 'content',
    contentId,
    kind: 'image',
    durationSeconds,
  };
}
function video(playlistId: string, contentId: string): TItem {
  return { id: `${playlistId}:${contentId}`, type: 'content', contentId, kind: 'video' };
}

/** What the owner has set up; the pushes edit it. */
export interface TContent {
  contentVersion: number;
  playlists: TManifestPlaylist[];
  entries: TPlayerManifest['schedule']['entries'];
  /** Changes the media URLs (a renewed download token) without changing what plays. */
  token: number;
}

export function initialContent(): TContent {
  return {
    contentVersion: 1,
    token: 1,
    playlists: [
      {
        id: 'p-default',
        name: 'Every day',
        version: 1,
        items: [
          image('p-default', 'c-welcome', 10),
          video('p-default', 'c-promo-a'),
          image('p-default', 'c-menu', 8),
          video('p-default', 'c-promo-b'),
          image('p-default', 'c-broken', 10),
          image('p-default', 'c-offers', 12),
          video('p-default', 'c-stutter'),
        ],
      },
      {
        id: 'p-breakfast',
        name: 'Breakfast',
        version: 1,
        items: [
          image('p-breakfast', 'c-coffee', 8),
          image('p-breakfast', 'c-pastry', 8),
          video('p-breakfast', 'c-morning'),
        ],
      },
      {
        id: 'p-lunch',
        name: 'Lunch',
        version: 1,
        items: [
          image('p-lunch', 'c-lunch-deal', 15),
          video('p-lunch', 'c-kitchen'),
          video('p-lunch', 'c-promo-a'),
        ],
      },
      { id: 'p-night', name: 'Night', version: 1, items: [video('p-night', 'c-night')] },
    ],
    entries: [
      entry('e-breakfast', 'p-breakfast', [1, 2, 3, 4, 5, 6, 7], '07:00', '10:00'),
      entry('e-lunch', 'p-lunch', [1, 2, 3, 4, 5, 6], '12:00', '14:00'),
      entry('e-night', 'p-night', [1, 2, 3, 4, 5, 6, 7], '22:00', '06:00'),
    ],
  };
}

function entry(
  id: string,
  playlistId: string,
  weekdays: number[],
  startTime: string,
  endTime: string,
): TPlayerManifest['schedule']['entries'][number] {
  return {
    id,
    playlistId,
    firstDay: '2027-01-01',
    lastDay: null,
    weekdays,
    startTime,
    endTime,
    priority: 10,
    updatedAt: '2027-01-01T00:00:00.000Z',
  };
}

/** Push number `push` (from 1): what the owner changed since the last manifest. */
export function edit(content: TContent, push: number, nowMs: number): string {
  const playlist = (id: string) => content.playlists.find((candidate) => candidate.id === id)!;
  const edited = (id: string, items: TItem[]) => {
    const found = playlist(id);
    found.version += 1;
    found.items = items;
    content.contentVersion += 1;
  };
  switch (push % 6) {
    case 2: {
      const { items } = playlist('p-default');
      edited('p-default', [...items.slice(1), items[0]!]);
      return 'default playlist reordered';
    }
    case 4: {
      const lunch = content.entries.find((candidate) => candidate.id === 'e-lunch')!;
      const isEarly = lunch.startTime === '12:00';
      lunch.startTime = isEarly ? '12:30' : '12:00';
      lunch.endTime = isEarly ? '14:30' : '14:00';
      lunch.updatedAt = new Date(nowMs).toISOString();
      content.contentVersion += 1;
      return `lunch moved to ${lunch.startTime}–${lunch.endTime}`;
    }
    case 0: {
      const items = playlist('p-breakfast').items.map((item) =>
        item.type === 'content' && item.kind === 'image'
          ? { ...item, durationSeconds: item.durationSeconds === 8 ? 10 : 8 }
          : item,
      );
      edited('p-breakfast', items);
      return 'breakfast images retimed';
    }
    default:
      content.token += 1;
      return 'same playlists, new download token';
  }
}
