import { z } from 'zod';
import { ZId } from './id';

/**
 * Schedule entries (`/api/v1/schedule-entries`) and the "what plays here" answer
 * (`GET /api/v1/ad-spaces/{id}/playing`). The semantics live in docs/schedule.md and are
 * implemented once, in packages/playback (schedule-resolver.ts).
 *
 * Days and times are local wall-clock values in the ad space's location time zone, never instants:
 * "Fridays 22:00–02:00" must stay that when daylight saving time starts or ends.
 */

/** Whether `YYYY-MM-DD` names a real calendar day (rejects 2026-02-30). UTC only checks the calendar. */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A local calendar day, `YYYY-MM-DD`. */
export const ZLocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
  .refine(isCalendarDay, 'Not a day of the calendar.');
export type TLocalDate = z.infer<typeof ZLocalDate>;

/** A local wall-clock time, `HH:mm`, 00:00–23:59. */
export const ZLocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm, from 00:00 to 23:59.');
export type TLocalTime = z.infer<typeof ZLocalTime>;

/** A local date and time, `YYYY-MM-DDTHH:mm` (the "What plays here at…" control, `?at=`). */
export const ZLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Use YYYY-MM-DDTHH:mm.')
  .refine((value) => isCalendarDay(value.slice(0, 10)), 'Not a day of the calendar.');
export type TLocalDateTime = z.infer<typeof ZLocalDateTime>;

/**
 * ISO 8601 weekday numbers: 1 = Monday … 7 = Sunday (Temporal's `dayOfWeek`). Numbers rather
 * than names so the API stays language-neutral; the UI names them with `Intl`.
 */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/**
 * Most schedule entries one ad space may have (issue 19): enough for a week of hourly dayparts
 * and more; resolving them stays linear and bounded for every request that reads the schedule.
 */
export const SCHEDULE_ENTRIES_MAX = 200;

export const ZIsoWeekday = z.number().int().min(1).max(7);
export type TIsoWeekday = z.infer<typeof ZIsoWeekday>;

/** At least one weekday, each once; stored sorted so equal sets compare equal. */
export const ZWeekdays = z
  .array(ZIsoWeekday)
  .min(1, 'Pick at least one weekday.')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'Each weekday once.')
  .transform((days) => [...days].sort((a, b) => a - b));

/**
 * Weekdays as stored and answered: each once, ascending. No transform, unlike `ZWeekdays`: the
 * server encodes its answers with these schemas, and zod cannot encode through a transform.
 */
export const ZSortedWeekdays = z
  .array(ZIsoWeekday)
  .min(1, 'Pick at least one weekday.')
  .max(7)
  .refine(
    (days) => days.every((day, index) => index === 0 || day > (days[index - 1] ?? 0)),
    'Each weekday once, in order.',
  );

export const ZSchedulePriority = z
  .number()
  .int('A whole number, please.')
  .min(0, 'From 0 to 100.')
  .max(100, 'From 0 to 100.');

/** The editable fields of an entry, shared by create, update and the resolver. */
const scheduleFields = {
  playlistId: z.string().min(1),
  firstDay: ZLocalDate,
  /** Inclusive; absent or null: no end. */
  lastDay: ZLocalDate.nullable(),
  weekdays: ZWeekdays,
  /** Inclusive. */
  startTime: ZLocalTime,
  /**
   * Exclusive. At or before `startTime` the window crosses midnight and belongs to the day it
   * starts; equal to `startTime` it lasts a whole day (from startTime to startTime the next day).
   */
  endTime: ZLocalTime,
  priority: ZSchedulePriority,
};

function refineDayOrder(
  value: { firstDay: string; lastDay?: string | null },
  ctx: z.RefinementCtx,
) {
  // YYYY-MM-DD strings compare like the days they name.
  if (value.lastDay != null && value.lastDay < value.firstDay) {
    ctx.addIssue({
      code: 'custom',
      path: ['lastDay'],
      message: 'The last day cannot be before the first day.',
    });
  }
}

/**
 * A stored entry. It targets one ad space or one screen group (issue 23): exactly one of
 * `adSpaceId` and `groupId` is set. A group entry plays on every member, each reading its days
 * and times in its own location's zone.
 */
export const ZScheduleEntry = z.object({
  id: z.string().min(1),
  adSpaceId: z.string().min(1).nullable(),
  groupId: z.string().min(1).nullable(),
  ...scheduleFields,
  weekdays: ZSortedWeekdays,
  /** When the entry last changed (ISO 8601 with offset): the second tie-break. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TScheduleEntry = z.infer<typeof ZScheduleEntry>;

const ONE_TARGET = 'Pick an ad space or a group.';

/** POST /api/v1/schedule-entries: on one ad space (`adSpaceId`) or one group (`groupId`). */
export const ZCreateScheduleEntry = z
  .strictObject({
    adSpaceId: z.string().min(1).optional(),
    groupId: z.string().min(1).optional(),
    ...scheduleFields,
    lastDay: ZLocalDate.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if ((value.adSpaceId === undefined) === (value.groupId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['adSpaceId'], message: ONE_TARGET });
    }
    refineDayOrder(value, ctx);
  });
export type TCreateScheduleEntry = z.input<typeof ZCreateScheduleEntry>;

/**
 * PATCH /api/v1/schedule-entries/{id}. The day order can only be checked against the stored
 * entry when one of the two days is absent: the service does that after merging.
 */
export const ZUpdateScheduleEntry = z
  .strictObject({
    playlistId: scheduleFields.playlistId,
    firstDay: scheduleFields.firstDay,
    lastDay: scheduleFields.lastDay,
    weekdays: scheduleFields.weekdays,
    startTime: scheduleFields.startTime,
    endTime: scheduleFields.endTime,
    priority: scheduleFields.priority,
  })
  .partial()
  .superRefine((value, ctx) => {
    if (value.firstDay !== undefined) refineDayOrder({ ...value, firstDay: value.firstDay }, ctx);
  });
export type TUpdateScheduleEntry = z.input<typeof ZUpdateScheduleEntry>;

export const PLAYING_SOURCES = ['schedule', 'default', 'idle'] as const;
export const ZPlayingSource = z.enum(PLAYING_SOURCES);
export type TPlayingSource = z.infer<typeof ZPlayingSource>;

/** GET /api/v1/ad-spaces/{id}/playing?at=YYYY-MM-DDTHH:mm (local time; without `at`, now). */
export const ZPlayingQuery = z.object({ at: ZLocalDateTime.optional() });
export type TPlayingQuery = z.infer<typeof ZPlayingQuery>;

/** How a local `?at=` was read (Temporal's "compatible" rules, docs/schedule.md). */
export const LOCAL_ADJUSTMENTS = ['exact', 'moved-forward', 'earlier-of-two'] as const;
/** Why an active entry lost to the winner. */
export const LOSS_REASONS = ['lower-priority', 'older-change', 'tie-break'] as const;
/** Why an entry is not active (judged on the instant's local day). */
export const INACTIVE_REASONS = ['outside-dates', 'weekday-not-listed', 'outside-window'] as const;

/**
 * Why the answer is what it is: the resolver's `explainAt` (packages/playback) with the names
 * people know. `GET /api/v1/ad-spaces/{id}/playing` always fills it; the schedule page shows
 * "the entry that won and why" from it.
 */
export const ZPlayingExplanation = z.object({
  /** One English sentence naming the playlist and the rule that chose it. */
  summary: z.string(),
  /** The location's UTC offset at the instant, e.g. `-04:00`. */
  offset: z.string(),
  /**
   * The local time asked for (`?at=`) and how it was read: a time in the spring-forward gap moves
   * forward by the gap (then `localTime` above differs from it), a repeated one means the
   * earlier. Null when no time was asked for (now).
   */
  requested: z
    .object({ localDateTime: z.string(), adjustment: z.enum(LOCAL_ADJUSTMENTS) })
    .nullable(),
  /** Entries active at the instant, the winner first, then in the order they lost. */
  active: z.array(
    z.object({
      scheduleEntryId: z.string(),
      /** A readable name: `<playlist>, <weekdays> <start>–<end>` (schedule-label.ts). */
      name: z.string(),
      playlistId: z.string(),
      playlistName: z.string(),
      priority: z.number().int(),
      updatedAt: z.string(),
      /** The window that covers the instant: its local day and its ends as UTC instants. */
      window: z.object({ day: z.string(), start: z.string(), end: z.string() }),
      outcome: z.enum(['won', ...LOSS_REASONS]),
    }),
  ),
  /** The space's other entries and why each is not active. */
  inactive: z.array(
    z.object({
      scheduleEntryId: z.string(),
      name: z.string(),
      playlistId: z.string(),
      playlistName: z.string(),
      reason: z.enum(INACTIVE_REASONS),
    }),
  ),
});
export type TPlayingExplanation = z.infer<typeof ZPlayingExplanation>;

/**
 * What an ad space plays at an instant; the resolver's answer and the route's response. The
 * resolver fills the first six fields; `GET /api/v1/ad-spaces/{id}/playing` adds the playlist's
 * name and the explanation (optional here so the resolver's answer parses too).
 */
export const ZPlaying = z.object({
  /** The instant, UTC, ISO 8601. */
  at: z.iso.datetime(),
  /** The same instant on the location's wall clock, `YYYY-MM-DDTHH:mm:ss`. */
  localTime: z.string(),
  timeZone: z.string(),
  source: ZPlayingSource,
  playlistId: z.string().nullable(),
  scheduleEntryId: z.string().nullable(),
  /** The name of `playlistId`; null when idle. */
  playlistName: z.string().nullable().optional(),
  explanation: ZPlayingExplanation.optional(),
});
export type TPlaying = z.infer<typeof ZPlaying>;

/**
 * GET /api/v1/schedule-entries?adSpaceId=&groupId=&cursor=&limit= (the schedule page lists one
 * space). `adSpaceId` lists every entry that plays there: its own and its groups'.
 */
export const ZScheduleEntryListQuery = z.object({
  adSpaceId: ZId.optional(),
  groupId: ZId.optional(),
  playlistId: ZId.optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TScheduleEntryListQuery = z.input<typeof ZScheduleEntryListQuery>;

/** An entry as the API answers: the stored fields, the playlist's name and the group's. */
export const ZScheduleEntryView = ZScheduleEntry.extend({
  playlistName: z.string(),
  groupName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TScheduleEntryView = z.infer<typeof ZScheduleEntryView>;

export const ZScheduleEntryList = z.object({
  items: z.array(ZScheduleEntryView),
  nextCursor: z.string().nullable(),
});
export type TScheduleEntryList = z.infer<typeof ZScheduleEntryList>;
