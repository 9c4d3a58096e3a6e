import {
  createScheduleResolver,
  type TimelineSegment,
} from '@screenline/playback/schedule-resolver';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { localDayRange, todayIn } from '@/lib/local-time';

export interface TodaySchedule {
  /** Today on the space's clock, `YYYY-MM-DD`. */
  day: string;
  startMs: number;
  endMs: number;
  /** Time covered by schedule entries today (a 23- or 25-hour day counts as it is). */
  scheduledMs: number;
  /** Today cut into stretches with one answer each (the resolver's timeline). */
  segments: TimelineSegment[];
}

/**
 * What a space plays over today's local day in its own zone, from the resolver: the same
 * semantics as the server and the TV, so overnight windows and clock changes count right.
 */
export function todaySchedule(
  adSpace: TAdSpace,
  entries: readonly TScheduleEntryView[],
  nowMs = Date.now(),
): TodaySchedule {
  const timeZone = adSpace.location.timeZone;
  const day = todayIn(timeZone, nowMs);
  const { startMs, endMs } = localDayRange(day, timeZone);
  const resolver = createScheduleResolver({
    timeZone,
    entries,
    defaultPlaylistId: adSpace.defaultPlaylist?.id ?? null,
  });
  const segments = resolver.timeline(startMs, endMs);
  const scheduledMs = segments
    .filter((segment) => segment.source === 'schedule')
    .reduce((sum, segment) => sum + segment.endMs - segment.startMs, 0);
  return { day, startMs, endMs, scheduledMs, segments };
}
