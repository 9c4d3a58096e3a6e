import type {
  TImpression,
  TManifestMedia,
  TPlayerCacheStatus,
  TPlayerHeartbeat,
  TPlayerManifest,
} from '@screenline/shared/player';

/**
 * The seams between the player's parts (issue 8 items 5–9), so each can be built and tested on
 * its own: the media cache (features/cache), the manifest sync (features/sync), playback
 * (features/playback) and proof of play (features/proof-of-play).
 */

/** The TV's media files: Cache Storage, one entry per content hash, served by the service worker. */
export interface MediaCache {
  /**
   * Downloads every file not cached yet to a temporary entry, checks its MD5 while it arrives
   * and only then promotes it; retries failures with backoff until `signal` aborts. Resolves
   * `ok` when every file is ready, or with the problem (for the owner) when they cannot all be,
   * e.g. they do not fit: then nothing of this manifest is played.
   */
  prepare(
    media: readonly TManifestMedia[],
    options?: { signal?: AbortSignal; onProgress?: (status: TPlayerCacheStatus) => void },
  ): Promise<{ ok: true } | { ok: false; problem: string }>;
  /** Where to play a cached file from (a same-origin URL the service worker answers), or null. */
  urlOf(media: TManifestMedia): string | null;
  /** Removes every cached file that none of `keep` names; answers how many went. */
  cleanup(keep: readonly TManifestMedia[]): Promise<number>;
  /** Storage used and available, and whether persistence was granted (heartbeat). */
  storage(): Promise<TPlayerHeartbeat['storage']>;
}

/** A manifest whose every file is in the cache and checked. */
export interface ReadyManifest {
  manifest: TPlayerManifest;
  /** The cached file's URL for a content id of this manifest; null when it has none. */
  mediaUrlOf(contentId: string): string | null;
}

/** What playback sees of the sync: the newest ready manifest, and news of the next one. */
export interface ContentSource {
  /** Null until one is ready (a first start offline with nothing cached). */
  current(): ReadyManifest | null;
  /** Called each time a newer manifest is ready; answers the unsubscribe. */
  subscribe(listener: (ready: ReadyManifest) => void): () => void;
}

/** A play as playback knows it when it starts (the recorder adds id, sequence and ad space). */
export type TPlayStart = Pick<
  TImpression,
  'playlistId' | 'playlistVersion' | 'itemId' | 'contentId' | 'campaignId' | 'creativeId'
> & { startedAtMs: number };

/** Proof of play on the TV: IndexedDB first, sent in batches, deleted only once accepted. */
export interface PlayRecorder {
  /** Writes the record at once (a crash keeps it, later sent as `interrupted`); answers its id. */
  started(play: TPlayStart): string;
  /** Completes the record. */
  ended(id: string, end: { shownMs: number; endReason: TImpression['endReason'] }): void;
}

/** What the heartbeat says is on screen; playback keeps it current. */
export type TNowPlaying = TPlayerHeartbeat['nowPlaying'];
