// What the schedule resolver's tests (schedule-resolver*.test.ts) share: time units, an entry
// with defaults, and a local wall-clock time read as an instant.
import {
  createScheduleResolver,
  resolveLocalDateTime,
  type ScheduleInput,
  type TScheduleRule,
} from '../schedule-resolver';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

export function rule(overrides: Partial<TScheduleRule> & Pick<TScheduleRule, 'id'>): TScheduleRule {
  return {
    playlistId: `playlist-${overrides.id}`,
    firstDay: '2026-01-01',
    lastDay: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '00:00',
    endTime: '00:00',
    priority: 50,
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The instant of a local wall-clock time, read with the compatible rules. */
export function at(local: string, timeZone: string): number {
  return resolveLocalDateTime(local, timeZone).epochMs;
}

export function playlistAt(input: ScheduleInput, local: string): string | null {
  return createScheduleResolver(input).playingAt(at(local, input.timeZone)).playlistId;
}
