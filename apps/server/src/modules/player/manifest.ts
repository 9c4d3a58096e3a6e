import crypto from 'node:crypto';
import {
  MANIFEST_TIMELINE_DAYS,
  type TManifestMedia,
  type TManifestPlaylist,
  type TPlayerManifest,
  type TPlayerSettings,
} from '@screenline/shared/player';
import type { TServedFill } from '@screenline/shared/proof-of-play';
import { createScheduleResolver } from '@screenline/playback/schedule-resolver';
import { onWindows } from '@screenline/playback/power-schedule';
import type { TDeviceActor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { TContentDirectory } from '../content/content-directory';
import type { TAdFillSource } from '../fill/ad-fill';
import { servedFillOf } from '../proof-of-play/served-fills';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import type { TManifestTakeover } from '@screenline/shared/fleet';
import type { TPlayerChangeBus } from '../../lib/player-changes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a cached manifest is trusted without a change message: a safety net for a change no
 * message announced (Redis away, a download token revoked through the storage API). A rebuild of
 * unchanged content has the same version, so the TVs still get 304.
 */
export const MANIFEST_CACHE_MAX_AGE_MS = 5 * 60 * 1000;

/** A manifest ready to send: its version (the ETag without quotes) and its JSON. */
export interface TBuiltManifest {
  version: string;
  body: string;
  /** What billing keeps of its ad fill (null: no fill): recorded for each device it is sent to. */
  servedFill: TServedFill | null;
}

interface TCacheEntry extends TBuiltManifest {
  /** The UTC day its timeline starts on (epoch ms of 00:00 UTC). */
  dayStartMs: number;
  builtAtMs: number;
}

/** The start of the UTC day of `nowMs`. */
export const utcDayStart = (nowMs: number) => Math.floor(nowMs / DAY_MS) * DAY_MS;

/**
 * The TV's manifest (issue 8 item 5), built from the screens and content modules' facades and
 * kept in memory per ad space, so that a fleet's polls (If-None-Match) are answered without the
 * database. Every change message for a space (lib/player-changes.ts) and the UTC day rolling over
 * drop its entry; a generation counter per space keeps a build that raced a change from being
 * stored.
 */
export function createManifestService(options: {
  adSpaces: TAdSpaceDirectory;
  content: TContentDirectory;
  /** The TVs' settings now (the platform settings' `player`, saved by super-users). */
  settings: () => Promise<TPlayerSettings>;
  /** The marketplace's fill of the space's ad slots (modules/fill). */
  adFill: Pick<TAdFillSource, 'fillFor'>;
  changes: TPlayerChangeBus;
  /** The space's emergency takeover active now (modules/fleet), or null. */
  takeovers?: { activeFor(adSpaceId: string, nowMs: number): Promise<TManifestTakeover | null> };
  now?: () => number;
}) {
  const { adSpaces, content, adFill, settings, changes, takeovers } = options;
  // Read at each call (not `Date.now` kept): the tests move the clock with fake timers.
  const now = options.now ?? (() => Date.now());
  const cache = new Map<string, TCacheEntry>();
  const generations = new Map<string, number>();

  const invalidate = (adSpaceIds: readonly string[] | undefined) => {
    for (const id of adSpaceIds ?? []) {
      cache.delete(id);
      generations.set(id, (generations.get(id) ?? 0) + 1);
    }
  };
  // Bumped by a reset: a build that started before it is not kept, whatever its space.
  let resets = 0;
  const unsubscribe = changes.subscribe((change) => {
    if (change.kind === 'command') return;
    if (change.kind === 'reset') {
      resets += 1;
      cache.clear();
      return;
    }
    invalidate(change.adSpaceIds);
    // A deleted account's spaces are gone with it; their entries would only take room.
    if (change.kind === 'revoke' && change.ownerIds?.length) cache.clear();
  });

  /** The cached manifest of the space while it is current, without touching the database. */
  function peek(adSpaceId: string): TBuiltManifest | null {
    const entry = cache.get(adSpaceId);
    if (!entry) return null;
    const nowMs = now();
    if (
      entry.dayStartMs !== utcDayStart(nowMs) ||
      nowMs - entry.builtAtMs > MANIFEST_CACHE_MAX_AGE_MS
    ) {
      cache.delete(adSpaceId);
      return null;
    }
    return entry;
  }

  /** The device's manifest: from the cache, or built and cached. */
  async function manifestFor(device: TDeviceActor): Promise<TBuiltManifest> {
    const cached = peek(device.adSpaceId);
    if (cached) return cached;
    const generation = generations.get(device.adSpaceId) ?? 0;
    const resetsBefore = resets;
    const nowMs = now();
    const built = await build(device, nowMs);
    // A change that arrived while this was read may not be in it: then it is not kept.
    if ((generations.get(device.adSpaceId) ?? 0) === generation && resets === resetsBefore) {
      cache.set(device.adSpaceId, {
        ...built,
        dayStartMs: utcDayStart(nowMs),
        builtAtMs: nowMs,
      });
    }
    return built;
  }

  async function build(device: TDeviceActor, nowMs: number): Promise<TBuiltManifest> {
    const found = await adSpaces.findForManifest(device.ownerId, device.adSpaceId);
    if (!found) throw notFound('That ad space');
    const { adSpace, entries } = found;
    const { timeZone } = adSpace.location;

    const fromMs = utcDayStart(nowMs);
    const toMs = fromMs + MANIFEST_TIMELINE_DAYS * DAY_MS;
    const timeline = createScheduleResolver({
      timeZone,
      entries,
      defaultPlaylistId: adSpace.defaultPlaylistId,
    }).timeline(fromMs, toMs);

    const playlists: TManifestPlaylist[] = found.playlists.map((playlist) => ({
      id: playlist.id,
      name: playlist.name,
      version: playlist.version,
      items: playlist.items,
    }));
    // An emergency takeover brings its playlist or image along (the TV caches them first).
    const takeover = takeovers ? await takeovers.activeFor(device.adSpaceId, nowMs) : null;
    if (takeover?.playlistId && !playlists.some((p) => p.id === takeover.playlistId)) {
      playlists.push(...(await adSpaces.findPlaylists(device.ownerId, [takeover.playlistId])));
    }
    const contentIds = playlists.flatMap((playlist) =>
      playlist.items.flatMap((item) => (item.type === 'content' ? [item.contentId] : [])),
    );
    if (takeover?.contentId) contentIds.push(takeover.contentId);
    // The fill changes with campaigns, spend and pacing: the cache's age bounds how stale it
    // gets, and its weights move in steps, so a rebuild usually finds the same fill (same hash).
    const fill = await adFill.fillFor(device.adSpaceId, { fromMs, toMs, nowMs });
    // Ready items with a download link only: what the TV cannot fetch, it skips.
    const playlistMedia: TManifestMedia[] = (
      await content.findForPlaylist(device.ownerId, contentIds)
    ).flatMap((item) =>
      item.processingState === 'ready' && item.mediaUrl
        ? [
            {
              contentId: item.id,
              kind: item.kind,
              contentType: item.contentType,
              url: item.mediaUrl,
              sizeBytes: item.sizeBytes,
              md5: item.md5,
              durationMs: item.durationMs,
            },
          ]
        : [],
    );
    // Each file once: a creative may also be in the owner's playlists.
    const media = [
      ...new Map([...playlistMedia, ...fill.media].map((file) => [file.contentId, file])).values(),
    ].sort((a, b) => (a.contentId < b.contentId ? -1 : a.contentId > b.contentId ? 1 : 0));

    const { defaultPlaylistId, powerSchedule, ...space } = adSpace;
    const power = powerSchedule
      ? { schedule: powerSchedule, onWindows: onWindows(powerSchedule, timeZone, fromMs, toMs) }
      : null;
    // Everything but the version and the time it was made: identical content, identical hash.
    const content_ = {
      adSpace: space,
      timeZone,
      timelineFromMs: fromMs,
      timelineToMs: toMs,
      timeline,
      schedule: { entries, defaultPlaylistId },
      playlists,
      media,
      adFill: fill.adFill,
      settings: await settings(),
      power,
      // Only when there is one: manifests without a takeover keep the versions they had.
      ...(takeover ? { takeover } : {}),
    } satisfies Omit<TPlayerManifest, 'version' | 'generatedAt'>;
    const hash = crypto
      .createHash('sha256')
      .update(JSON.stringify(content_))
      .digest('hex')
      .slice(0, 16);
    const version = `v${adSpace.contentVersion}-${hash}`;
    const manifest: TPlayerManifest = {
      version,
      generatedAt: new Date(nowMs).toISOString(),
      ...content_,
    };
    return {
      version,
      body: JSON.stringify(manifest),
      servedFill: servedFillOf(fill.adFill, playlists),
    };
  }

  return { peek, manifestFor, close: unsubscribe };
}

export type TManifestService = ReturnType<typeof createManifestService>;
