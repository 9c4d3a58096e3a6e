import type { TPlaying, TPlayingSource, TScheduleEntry } from '@screenline/shared/schedule';

// The shared schedule resolver's contract (schedule-resolver.ts): what it takes, what it answers,
// and how it explains an answer. Re-exported by schedule-resolver.ts, where callers import them.

/** What the resolver needs of an entry (a stored TScheduleEntry fits). */
export type TScheduleRule = Pick<
  TScheduleEntry,
  | 'id'
  | 'playlistId'
  | 'firstDay'
  | 'lastDay'
  | 'weekdays'
  | 'startTime'
  | 'endTime'
  | 'priority'
  | 'updatedAt'
>;

export interface ScheduleInput {
  /** The location's IANA time zone, e.g. `Europe/London`. */
  timeZone: string;
  entries: readonly TScheduleRule[];
  /** The ad space's default playlist, played when no entry is active. */
  defaultPlaylistId: string | null;
}

/** One day's window of an entry, as instants: [startMs, endMs). Empty when endMs ≤ startMs. */
export interface ScheduleWindow {
  /** The local day the window belongs to (the day it starts), `YYYY-MM-DD`. */
  day: string;
  startMs: number;
  endMs: number;
}

/** Why an active entry lost to the winner. */
export type TLossReason = 'lower-priority' | 'older-change' | 'tie-break';
/** Why an entry is not active at the instant (judged on the instant's local day). */
export type TInactiveReason = 'outside-dates' | 'weekday-not-listed' | 'outside-window';

export interface ActiveEntryExplanation {
  entryId: string;
  playlistId: string;
  priority: number;
  updatedAt: string;
  window: { day: string; start: string; end: string };
  outcome: 'won' | TLossReason;
}

export interface InactiveEntryExplanation {
  entryId: string;
  playlistId: string;
  reason: TInactiveReason;
}

export interface PlayingExplanation extends TPlaying {
  /** The location's UTC offset at the instant, e.g. `-04:00`. */
  offset: string;
  /** Active entries, the winner first, then in the order they lost. */
  active: ActiveEntryExplanation[];
  inactive: InactiveEntryExplanation[];
  /** One English sentence for people, e.g. "Morning loop wins: highest priority (80) of 2 active entries." */
  summary: string;
}

/** How a local date-time was read: as is, moved forward over a gap, or the earlier of two. */
export type TLocalAdjustment = 'exact' | 'moved-forward' | 'earlier-of-two';

export interface LocalInstant {
  epochMs: number;
  /** UTC, ISO 8601. */
  at: string;
  /** The wall-clock time actually meant, `YYYY-MM-DDTHH:mm:ss` (differs from the input in a gap). */
  localTime: string;
  offset: string;
  adjustment: TLocalAdjustment;
}

export interface NextChangeOptions {
  /** How far ahead to look; default 8 days (a week's schedule plus a day of margin). */
  horizonMs?: number;
}

/** A stretch of time with one answer: [startMs, endMs). */
export interface TimelineSegment {
  startMs: number;
  endMs: number;
  source: TPlayingSource;
  playlistId: string | null;
  scheduleEntryId: string | null;
}

export interface ScheduleResolver {
  /** What plays at the instant. */
  playingAt(epochMs: number): TPlaying;
  /** The answer with the reasons: which entries were active, which lost and why. */
  explainAt(epochMs: number): PlayingExplanation;
  /**
   * The first instant after `epochMs` at which the answer (source, playlist or entry) differs, or
   * null when it does not change within the horizon (ask again then).
   */
  nextChange(epochMs: number, options?: NextChangeOptions): number | null;
  /**
   * What plays from `fromMs` to `toMs`, as back-to-back segments of instants. Computed where the
   * time-zone data is current (the server) it lets a player follow the schedule by comparing
   * instants only: TV browsers carry years-old zone rules (Chromium 69 still has Chile's 2018
   * DST dates) and slow CPUs.
   */
  timeline(fromMs: number, toMs: number): TimelineSegment[];
  /** The entry's windows on the local days from `firstDay` to `lastDay` inclusive. */
  windowsOf(entryId: string, firstDay: string, lastDay: string): ScheduleWindow[];
}
