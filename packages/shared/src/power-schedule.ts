import { z } from 'zod';
import { ZLocalTime, ZSortedWeekdays, ZWeekdays } from './schedule';

/**
 * Power schedules (issue 23 item 5): the weekly hours an ad space's screen should be on, as local
 * wall-clock times in its location's zone. Outside them the TV shows black (backlight off where
 * the platform allows it), plays and records nothing, is not counted as offline, and ad plays
 * dated then are not billed. No schedule (null): always on.
 *
 * A range reads like a schedule entry's window (docs/schedule.md): `startTime`–`endTime` on each
 * listed weekday, an end at or before the start ending on the next day, so `00:00`–`00:00` is
 * the whole day and `22:00`–`06:00` runs overnight.
 */

/** Most ranges one schedule may hold (a different range for every day and several per day). */
export const POWER_RANGES_MAX = 28;

const rangeFields = { startTime: ZLocalTime, endTime: ZLocalTime };

export const ZPowerRange = z.strictObject({ weekdays: ZWeekdays, ...rangeFields });
export type TPowerRangeInput = z.input<typeof ZPowerRange>;

/** As stored and answered (no transform: answers are encoded with it). */
export const ZStoredPowerRange = z.object({ weekdays: ZSortedWeekdays, ...rangeFields });
export type TPowerRange = z.infer<typeof ZStoredPowerRange>;

export const ZPowerSchedule = z.strictObject({
  ranges: z
    .array(ZPowerRange)
    .min(1, 'Add the hours the screen is on, or remove the schedule to keep it always on.')
    .max(POWER_RANGES_MAX, `At most ${POWER_RANGES_MAX} ranges.`),
});
export type TPowerScheduleInput = z.input<typeof ZPowerSchedule>;

export const ZStoredPowerSchedule = z.object({ ranges: z.array(ZStoredPowerRange).min(1) });
export type TPowerSchedule = z.infer<typeof ZStoredPowerSchedule>;

/** PUT /api/v1/ad-spaces/{id}/power-schedule: null removes it (always on). */
export const ZSavePowerSchedule = z.strictObject({ powerSchedule: ZPowerSchedule.nullable() });
export type TSavePowerSchedule = z.input<typeof ZSavePowerSchedule>;

/** `[startMs, endMs)`, epoch milliseconds. */
export const ZPowerWindow = z.object({ startMs: z.number().int(), endMs: z.number().int() });
export type TPowerWindow = z.infer<typeof ZPowerWindow>;

/** GET and PUT /api/v1/ad-spaces/{id}/power-schedule. */
export const ZPowerScheduleView = z.object({
  adSpaceId: z.string(),
  timeZone: z.string(),
  powerSchedule: ZStoredPowerSchedule.nullable(),
  /** Whether the screen should be on now. */
  onNow: z.boolean(),
  /** The on hours of the coming 7 days from the start of today (UTC), as instants. */
  onWindows: z.array(ZPowerWindow),
  windowsFromMs: z.number().int(),
  windowsToMs: z.number().int(),
});
export type TPowerScheduleView = z.infer<typeof ZPowerScheduleView>;
