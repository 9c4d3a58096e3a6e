import type {
  TManifestPlaylist,
  TManifestSegment,
  TPlayerManifest,
} from '@screenline/shared/player';
import type { ContentSource, PlayRecorder, ReadyManifest, TPlayStart } from '../contracts';

/** Test doubles for playback: manifests, a content source the test pushes to, a recorder. */

export const AD_SPACE_ID = '0b6c1f9e-7d0a-4a3c-9a57-1d5f2b8e4c11';

export function imagePlaylist(
  id: string,
  version: number,
  contentIds: string[],
): TManifestPlaylist {
  return {
    id,
    name: `Playlist ${id}`,
    version,
    items: contentIds.map((contentId, index) => ({
      id: `${id}-item-${index}`,
      type: 'content' as const,
      contentId,
      kind: 'image' as const,
      durationSeconds: 10,
    })),
  };
}

export function segment(
  startMs: number,
  endMs: number,
  playlistId: string | null,
  source: TManifestSegment['source'] = playlistId === null ? 'idle' : 'schedule',
): TManifestSegment {
  return { startMs, endMs, source, playlistId, scheduleEntryId: null };
}

export function manifestOf(overrides: Partial<TPlayerManifest> = {}): TPlayerManifest {
  const timeline = overrides.timeline ?? [];
  return {
    version: 'v1',
    generatedAt: '2026-11-22T00:00:00.000Z',
    adSpace: {
      id: AD_SPACE_ID,
      name: 'Window',
      orientation: 'landscape',
      location: { id: 'l1', name: 'Harbour', city: 'Springfield', timeZone: 'UTC' },
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      contentVersion: 1,
    },
    timeZone: 'UTC',
    timelineFromMs: timeline.length > 0 ? timeline[0]!.startMs : 0,
    timelineToMs: timeline.length > 0 ? timeline[timeline.length - 1]!.endMs : 0,
    schedule: { entries: [], defaultPlaylistId: null },
    playlists: [],
    media: [],
    adFill: null,
    settings: {
      pollIntervalSeconds: 60,
      impressionSyncIntervalSeconds: 60,
      cacheCleanupIntervalSeconds: 3600,
    },
    ...overrides,
    timeline,
  };
}

/** Every content id is cached at `/media/<id>`. */
export function readyOf(manifest: TPlayerManifest): ReadyManifest {
  return { manifest, mediaUrlOf: (contentId) => `/media/${contentId}` };
}

export interface TestSource extends ContentSource {
  push(ready: ReadyManifest): void;
  listenerCount(): number;
}

export function createTestSource(initial: ReadyManifest | null): TestSource {
  let current = initial;
  const listeners = new Set<(ready: ReadyManifest) => void>();
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    push(ready) {
      current = ready;
      listeners.forEach((listener) => listener(ready));
    },
    listenerCount: () => listeners.size,
  };
}

export interface TestRecorder extends PlayRecorder {
  starts: Array<TPlayStart & { id: string }>;
  ends: Array<{ id: string; shownMs: number; endReason: string }>;
  /** Plays started and not ended. */
  open(): string[];
}

export function createTestRecorder(): TestRecorder {
  let sequence = 0;
  const recorder: TestRecorder = {
    starts: [],
    ends: [],
    started(play) {
      sequence += 1;
      const id = `play-${sequence}`;
      recorder.starts.push({ ...play, id });
      return id;
    },
    ended(id, end) {
      recorder.ends.push({ id, ...end });
    },
    open: () =>
      recorder.starts
        .map((start) => start.id)
        .filter((id) => !recorder.ends.some((end) => end.id === id)),
  };
  return recorder;
}
