import {
  createScheduleResolver,
  type ScheduleResolver,
} from '@screenline/playback/schedule-resolver';
import type { TManifestSegment, TPlayerManifest } from '@screenline/shared/player';

/**
 * What the TV plays at an instant, from its manifest. The server computed the coming days as
 * back-to-back segments of epoch milliseconds (where the time-zone data is current), so inside
 * the timeline the TV only compares instants: no time-zone rules, no Temporal, offline too.
 * Outside it (a TV offline for more than a week, or a clock behind the manifest) the TV resolves
 * the manifest's schedule itself with the shared resolver, the fallback that costs more and uses
 * the TV's own (possibly old) zone data.
 */
export interface TPlayingNow {
  source: TManifestSegment['source'];
  playlistId: string | null;
  scheduleEntryId: string | null;
  /** The instant this answer holds from (inclusive), or null when not known. */
  fromMs: number | null;
  /** The instant the answer may change (exclusive); null: not within the resolver's horizon. */
  untilMs: number | null;
  /** Where the answer came from: the server's timeline, or the TV's own resolver. */
  via: 'timeline' | 'resolver';
}

/** The segment holding `nowMs` (start inclusive, end exclusive), by binary search, or null. */
export function segmentAt(
  timeline: readonly TManifestSegment[],
  nowMs: number,
): TManifestSegment | null {
  let low = 0;
  let high = timeline.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = timeline[middle]!;
    if (nowMs < segment.startMs) high = middle - 1;
    else if (nowMs >= segment.endMs) low = middle + 1;
    else return segment;
  }
  return null;
}

/** How far the resolver looks for the next change (its default: a week and a day). */
const RESOLVER_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * Answers for one manifest. The resolver is made only when first needed (it converts local
 * times with Temporal, slow on a TV) and its last answer is kept until the instant it may change.
 */
export function createPlayingNow(manifest: TPlayerManifest): (nowMs: number) => TPlayingNow {
  let resolver: ScheduleResolver | null = null;
  let resolverFailed = false;
  let lastResolved: TPlayingNow | null = null;

  function resolve(nowMs: number): TPlayingNow {
    if (
      lastResolved &&
      lastResolved.fromMs !== null &&
      lastResolved.fromMs <= nowMs &&
      (lastResolved.untilMs === null || nowMs < lastResolved.untilMs)
    ) {
      return lastResolved;
    }
    if (!resolver && !resolverFailed) {
      try {
        resolver = createScheduleResolver({
          timeZone: manifest.timeZone,
          entries: manifest.schedule.entries,
          defaultPlaylistId: manifest.schedule.defaultPlaylistId,
        });
      } catch (error) {
        // The TV's browser does not know the zone: the default playlist is the best it can do.
        resolverFailed = true;
        console.warn('The schedule cannot be resolved on this TV:', error);
      }
    }
    if (!resolver) {
      const defaultPlaylistId = manifest.schedule.defaultPlaylistId;
      return {
        source: defaultPlaylistId === null ? 'idle' : 'default',
        playlistId: defaultPlaylistId,
        scheduleEntryId: null,
        fromMs: null,
        untilMs: null,
        via: 'resolver',
      };
    }
    const playing = resolver.playingAt(nowMs);
    let next = resolver.nextChange(nowMs, { horizonMs: RESOLVER_HORIZON_MS });
    // A clock behind the manifest: the server's timeline takes over once it begins.
    if (nowMs < manifest.timelineFromMs && (next === null || next > manifest.timelineFromMs)) {
      next = manifest.timelineFromMs;
    }
    lastResolved = {
      source: playing.source,
      playlistId: playing.playlistId,
      scheduleEntryId: playing.scheduleEntryId,
      fromMs: nowMs,
      // Nothing changes within the horizon: ask again at its end.
      untilMs: next === null ? nowMs + RESOLVER_HORIZON_MS : next,
      via: 'resolver',
    };
    return lastResolved;
  }

  return (nowMs) => {
    const segment =
      nowMs >= manifest.timelineFromMs && nowMs < manifest.timelineToMs
        ? segmentAt(manifest.timeline, nowMs)
        : null;
    if (segment) {
      return {
        source: segment.source,
        playlistId: segment.source === 'idle' ? null : segment.playlistId,
        scheduleEntryId: segment.scheduleEntryId,
        fromMs: segment.startMs,
        untilMs: segment.endMs,
        via: 'timeline',
      };
    }
    return resolve(nowMs);
  };
}
