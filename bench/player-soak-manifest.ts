// bench/player-soak's manifests: built from what the owner set up as the server builds them (the
// shared resolver's timeline, hashed into a version, parsed with ZPlayerManifest), handed to the
// playback controller as the content sync would, and pushed when a new version arrives.
import crypto from 'node:crypto';
import type { ContentSource, ReadyManifest } from '../apps/player/src/features/playback/contracts';
import { createScheduleResolver } from '../packages/playback/src/schedule-resolver';
import {
  MANIFEST_TIMELINE_DAYS,
  ZPlayerManifest,
  type TManifestMedia,
  type TPlayerManifest,
} from '../packages/shared/src/player';
import {
  DAY,
  DEFAULT_PLAYLIST_ID,
  LIBRARY,
  srcOf,
  TIME_ZONE,
  type TContent,
} from './player-soak-world';

/** The manifest as the server builds it (apps/server/src/modules/player/manifest.ts), as JSON. */
export function buildManifest(content: TContent, nowMs: number): TPlayerManifest {
  const fromMs = Math.floor(nowMs / DAY) * DAY;
  const toMs = fromMs + MANIFEST_TIMELINE_DAYS * DAY;
  const defaultPlaylistId = DEFAULT_PLAYLIST_ID;
  const timeline = createScheduleResolver({
    timeZone: TIME_ZONE,
    entries: content.entries,
    defaultPlaylistId,
  }).timeline(fromMs, toMs);
  const contentIds = new Set(
    content.playlists.flatMap((playlist) =>
      playlist.items.flatMap((item) => (item.type === 'content' ? [item.contentId] : [])),
    ),
  );
  const media: TManifestMedia[] = [...contentIds].sort().map((contentId) => {
    const item = LIBRARY[contentId]!;
    return {
      contentId,
      kind: item.kind,
      contentType: item.kind === 'image' ? 'image/jpeg' : 'video/mp4',
      url: `/storage/${contentId}?token=${content.token}`,
      sizeBytes: item.kind === 'image' ? 400_000 : 12_000_000,
      md5: crypto.createHash('md5').update(contentId).digest('base64'),
      durationMs: item.lengthMs ?? null,
    };
  });
  const body = {
    adSpace: {
      id: '0b6c1f9e-7d0a-4a3c-9a57-1d5f2b8e4c11',
      name: 'Harbour café window',
      orientation: 'landscape' as const,
      location: { id: 'l-harbour', name: 'Harbour café', city: 'London', timeZone: TIME_ZONE },
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      contentVersion: content.contentVersion,
    },
    timeZone: TIME_ZONE,
    timelineFromMs: fromMs,
    timelineToMs: toMs,
    timeline,
    schedule: { entries: content.entries, defaultPlaylistId },
    playlists: content.playlists,
    media,
    adFill: null,
    settings: {
      pollIntervalSeconds: 60,
      impressionSyncIntervalSeconds: 60,
      cacheCleanupIntervalSeconds: 3600,
    },
  };
  const hash = crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  const version = `v${content.contentVersion}-${hash}`;
  // What reaches the TV: JSON, parsed against the shared schema.
  return ZPlayerManifest.parse(
    JSON.parse(JSON.stringify({ version, generatedAt: new Date(nowMs).toISOString(), ...body })),
  );
}

/** A ready manifest as the sync hands it over: every file cached, served by content id. */
export function readyOf(manifest: TPlayerManifest): ReadyManifest {
  const cached = new Set(manifest.media.map((media) => media.contentId));
  return {
    manifest,
    mediaUrlOf: (contentId) => (cached.has(contentId) ? srcOf(contentId) : null),
  };
}

export function createSource(first: ReadyManifest) {
  let current = first;
  const listeners = new Set<(ready: ReadyManifest) => void>();
  const source: ContentSource & { push(ready: ReadyManifest): void; listeners(): number } = {
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
    listeners: () => listeners.size,
  };
  return source;
}
