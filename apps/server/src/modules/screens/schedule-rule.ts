import type { TScheduleRule } from '@screenline/playback/schedule-resolver';
import type { TEntryWithName } from './ad-spaces.repository';

/** A stored schedule entry as the shared resolver (and the TV's manifest) reads it. */
export function toScheduleRule({ entry }: Pick<TEntryWithName, 'entry'>): TScheduleRule {
  return {
    id: entry.id,
    playlistId: entry.playlistId,
    firstDay: entry.firstDay,
    lastDay: entry.lastDay,
    weekdays: entry.weekdays,
    startTime: entry.startTime,
    endTime: entry.endTime,
    priority: entry.priority,
    updatedAt: entry.updatedAt.toISOString(),
  };
}
