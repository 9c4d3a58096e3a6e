import type { TPlaying, TPlayingSource, TScheduleEntry } from '@screenline/shared/schedule';
import { Temporal } from './temporal';

/**
 * The schedule semantics of docs/schedule.md, implemented once for the server, the web preview
 * and the TV player. Every wall-clock ↔ instant conversion goes through Temporal with the
 * "compatible" disambiguation (a skipped local time moves forward by the gap, a repeated one means
 * the earlier); nothing here adds or subtracts offsets by hand.
 *
 * Instants are epoch milliseconds: cheap to compare, and what timers and Date use on the TV.
 */

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

const DEFAULT_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;
/**
 * Local days to look back from the instant's own day. A window starts on its day (or later, when
 * its start falls in a gap) and ends at most a day later plus a gap; three days also covers a
 * zone that skipped a whole day (Pacific/Apia, 2011-12-30).
 */
const DAYS_BACK = 3;
/** And one ahead: a fall-back transition at midnight can show an instant the previous date. */
const DAYS_AHEAD = 1;
const CACHE_LIMIT = 20_000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface CompiledRule {
  rule: TScheduleRule;
  firstDay: Temporal.PlainDate;
  lastDay: Temporal.PlainDate | null;
  weekdays: ReadonlySet<number>;
  startTime: Temporal.PlainTime;
  endTime: Temporal.PlainTime;
  /** End at or before start: the window ends on the next day. */
  isOvernight: boolean;
  updatedAtMs: number;
}

interface ActiveMatch {
  compiled: CompiledRule;
  window: ScheduleWindow;
}

/** The local wall clock of a zone, `YYYY-MM-DDTHH:mm:ss`. */
function formatLocal(dateTime: Temporal.PlainDateTime): string {
  return dateTime.toString({ smallestUnit: 'second' });
}

function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Throws a RangeError naming the zone when it is not an IANA zone the runtime knows. */
function checkTimeZone(timeZone: string): void {
  Temporal.Now.instant().toZonedDateTimeISO(timeZone);
}

/**
 * A local date-time (`YYYY-MM-DDTHH:mm`, seconds allowed) in a zone → the instant, with the
 * compatible rules, and how it was read. For the "What plays here at…" control and `?at=`.
 */
export function resolveLocalDateTime(localDateTime: string, timeZone: string): LocalInstant {
  // Parsing a string refuses days off the calendar (2026-02-30) with a RangeError.
  const wall = Temporal.PlainDateTime.from(localDateTime);
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
  const meant = zoned.toPlainDateTime();
  let adjustment: TLocalAdjustment = 'exact';
  if (!meant.equals(wall)) adjustment = 'moved-forward';
  else if (later.epochMilliseconds !== zoned.epochMilliseconds) adjustment = 'earlier-of-two';
  return {
    epochMs: zoned.epochMilliseconds,
    at: toIso(zoned.epochMilliseconds),
    localTime: formatLocal(meant),
    offset: zoned.offset,
    adjustment,
  };
}

/** Highest priority, then the latest change, then the smaller id (code-unit order, stable everywhere). */
function compareRules(a: CompiledRule, b: CompiledRule): number {
  if (a.rule.priority !== b.rule.priority) return b.rule.priority - a.rule.priority;
  if (a.updatedAtMs !== b.updatedAtMs) return b.updatedAtMs - a.updatedAtMs;
  if (a.rule.id === b.rule.id) return 0;
  return a.rule.id < b.rule.id ? -1 : 1;
}

function lossReason(loser: CompiledRule, winner: CompiledRule): TLossReason {
  if (loser.rule.priority !== winner.rule.priority) return 'lower-priority';
  if (loser.updatedAtMs !== winner.updatedAtMs) return 'older-change';
  return 'tie-break';
}

/**
 * A resolver for one ad space. Entries must be valid (parse them with ZScheduleEntry first); an
 * unknown time zone or a malformed day or time throws a RangeError.
 */
export function createScheduleResolver(input: ScheduleInput): ScheduleResolver {
  const { timeZone, defaultPlaylistId } = input;
  checkTimeZone(timeZone);
  const compiled: CompiledRule[] = input.entries.map((rule) => {
    const startTime = Temporal.PlainTime.from(rule.startTime);
    const endTime = Temporal.PlainTime.from(rule.endTime);
    return {
      rule,
      firstDay: Temporal.PlainDate.from(rule.firstDay),
      lastDay: rule.lastDay == null ? null : Temporal.PlainDate.from(rule.lastDay),
      weekdays: new Set(rule.weekdays),
      startTime,
      endTime,
      isOvernight: Temporal.PlainTime.compare(endTime, startTime) <= 0,
      updatedAtMs: Temporal.Instant.from(rule.updatedAt).epochMilliseconds,
    };
  });
  const byId = new Map(compiled.map((entry) => [entry.rule.id, entry]));

  // Local (day, time) → instant, shared by every entry with the same times: the conversions are
  // the slow part, and nextChange and the week views ask for the same days again and again.
  const instantCache = new Map<string, number>();
  // Most local days have one offset from midnight to midnight: their instants are the day's
  // start plus the time of day, with no conversion (a week of one-minute entries asked for
  // thousands). A day whose length is not 24 hours, or whose offset differs at its start, noon
  // and end, is converted time by time as before.
  const plainDays = new Map<string, number | null>();
  const dayKeys = new WeakMap<Temporal.PlainDate, string>();
  function plainDayStart(day: Temporal.PlainDate): number | null {
    let key = dayKeys.get(day);
    if (key === undefined) {
      key = day.toString();
      dayKeys.set(day, key);
    }
    const known = plainDays.get(key);
    if (known !== undefined) return known;
    const start = day.toZonedDateTime({ timeZone });
    const end = day.add({ days: 1 }).toZonedDateTime({ timeZone });
    const noon = start.add({ hours: 12 });
    const plain =
      end.epochMilliseconds - start.epochMilliseconds === DAY_MS &&
      start.offsetNanoseconds === noon.offsetNanoseconds &&
      noon.offsetNanoseconds === end.offsetNanoseconds &&
      start.hour === 0 &&
      start.minute === 0
        ? start.epochMilliseconds
        : null;
    if (plainDays.size >= CACHE_LIMIT) plainDays.clear();
    plainDays.set(key, plain);
    return plain;
  }
  function instantOf(day: Temporal.PlainDate, time: Temporal.PlainTime): number {
    const dayStart = plainDayStart(day);
    if (dayStart !== null)
      return (
        dayStart +
        time.hour * 3_600_000 +
        time.minute * 60_000 +
        time.second * 1000 +
        time.millisecond
      );
    const key = `${day.toString()}T${time.toString()}`;
    const cached = instantCache.get(key);
    if (cached !== undefined) return cached;
    const epochMs = day
      .toPlainDateTime(time)
      .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
    if (instantCache.size >= CACHE_LIMIT) instantCache.clear();
    instantCache.set(key, epochMs);
    return epochMs;
  }

  function isDayListed(entry: CompiledRule, day: Temporal.PlainDate): boolean {
    if (Temporal.PlainDate.compare(day, entry.firstDay) < 0) return false;
    if (entry.lastDay !== null && Temporal.PlainDate.compare(day, entry.lastDay) > 0) return false;
    return entry.weekdays.has(day.dayOfWeek);
  }

  function windowOn(entry: CompiledRule, day: Temporal.PlainDate): ScheduleWindow {
    const endDay = entry.isOvernight ? day.add({ days: 1 }) : day;
    return {
      day: day.toString(),
      startMs: instantOf(day, entry.startTime),
      endMs: instantOf(endDay, entry.endTime),
    };
  }

  function localDayOf(epochMs: number): Temporal.PlainDate {
    return zonedAt(epochMs).toPlainDate();
  }

  /** The active entries at the instant (whose local day is `today`), winner first. */
  function activeAt(epochMs: number, today: Temporal.PlainDate): ActiveMatch[] {
    const matches: ActiveMatch[] = [];
    for (const entry of compiled) {
      // Latest day first: if two days' windows both cover the instant, report the later one.
      for (let back = -DAYS_AHEAD; back <= DAYS_BACK; back += 1) {
        const day = today.subtract({ days: back });
        if (!isDayListed(entry, day)) continue;
        const window = windowOn(entry, day);
        if (window.startMs <= epochMs && epochMs < window.endMs) {
          matches.push({ compiled: entry, window });
          break;
        }
      }
    }
    return matches.sort((a, b) => compareRules(a.compiled, b.compiled));
  }

  function zonedAt(epochMs: number): Temporal.ZonedDateTime {
    return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
  }

  function answer(
    epochMs: number,
    local: Temporal.PlainDateTime,
    winner: CompiledRule | undefined,
  ): TPlaying {
    let source: TPlayingSource = 'idle';
    if (winner) source = 'schedule';
    else if (defaultPlaylistId !== null) source = 'default';
    return {
      at: toIso(epochMs),
      localTime: formatLocal(local),
      timeZone,
      source,
      playlistId: winner ? winner.rule.playlistId : defaultPlaylistId,
      scheduleEntryId: winner ? winner.rule.id : null,
    };
  }

  function playingAt(epochMs: number): TPlaying {
    const local = zonedAt(epochMs).toPlainDateTime();
    const first = activeAt(epochMs, local.toPlainDate())[0];
    return answer(epochMs, local, first ? first.compiled : undefined);
  }

  function inactiveReason(entry: CompiledRule, today: Temporal.PlainDate): TInactiveReason {
    if (Temporal.PlainDate.compare(today, entry.firstDay) < 0) return 'outside-dates';
    if (entry.lastDay !== null && Temporal.PlainDate.compare(today, entry.lastDay) > 0) {
      return 'outside-dates';
    }
    if (!entry.weekdays.has(today.dayOfWeek)) return 'weekday-not-listed';
    return 'outside-window';
  }

  function explainAt(epochMs: number): PlayingExplanation {
    const zoned = zonedAt(epochMs);
    const today = zoned.toPlainDate();
    const matches = activeAt(epochMs, today);
    const winner = matches[0];
    const base = answer(epochMs, zoned.toPlainDateTime(), winner ? winner.compiled : undefined);
    const activeIds = new Set(matches.map((match) => match.compiled.rule.id));
    const active = matches.map((match): ActiveEntryExplanation => {
      const { rule } = match.compiled;
      return {
        entryId: rule.id,
        playlistId: rule.playlistId,
        priority: rule.priority,
        updatedAt: rule.updatedAt,
        window: {
          day: match.window.day,
          start: toIso(match.window.startMs),
          end: toIso(match.window.endMs),
        },
        outcome:
          winner === undefined || match === winner
            ? 'won'
            : lossReason(match.compiled, winner.compiled),
      };
    });
    const inactive = compiled
      .filter((entry) => !activeIds.has(entry.rule.id))
      .map((entry) => ({
        entryId: entry.rule.id,
        playlistId: entry.rule.playlistId,
        reason: inactiveReason(entry, today),
      }));
    return { ...base, offset: zoned.offset, active, inactive, summary: summarize(matches) };
  }

  function summarize(matches: ActiveMatch[]): string {
    const winner = matches[0];
    if (!winner) {
      return defaultPlaylistId !== null
        ? 'No entry is active: the ad space plays its default playlist.'
        : 'No entry is active and the ad space has no default playlist: it shows the idle screen.';
    }
    const { rule } = winner.compiled;
    if (matches.length === 1) return `Entry ${rule.id} is the only active entry.`;
    const runnerUp = matches[1];
    const why = runnerUp ? lossReason(runnerUp.compiled, winner.compiled) : 'lower-priority';
    const of = `of ${matches.length} active entries`;
    switch (why) {
      case 'lower-priority':
        return `Entry ${rule.id} wins: highest priority (${rule.priority}) ${of}.`;
      case 'older-change':
        return `Entry ${rule.id} wins: same priority (${rule.priority}), changed most recently ${of}.`;
      case 'tie-break':
        return `Entry ${rule.id} wins: same priority and change time, smallest id ${of}.`;
    }
  }

  function nextChange(epochMs: number, options: NextChangeOptions = {}): number | null {
    const horizonEnd = epochMs + (options.horizonMs ?? DEFAULT_HORIZON_MS);
    const firstDay = localDayOf(epochMs).subtract({ days: DAYS_BACK });
    const lastDay = localDayOf(horizonEnd).add({ days: DAYS_AHEAD });
    // The answer can only change where some window starts or ends. With every window of the
    // period at hand, the winner at a boundary is found by comparing numbers: no conversions,
    // which matters on a TV (an answer that converts costs 3–4 ms in Chromium 69).
    const boundaries = new Set<number>();
    const windowed: Array<{ entry: CompiledRule; windows: ScheduleWindow[] }> = [];
    for (const entry of compiled) {
      const windows: ScheduleWindow[] = [];
      windowed.push({ entry, windows });
      for (
        let day = firstDay;
        Temporal.PlainDate.compare(day, lastDay) <= 0;
        day = day.add({ days: 1 })
      ) {
        if (!isDayListed(entry, day)) continue;
        const window = windowOn(entry, day);
        if (window.endMs <= window.startMs) continue;
        windows.push(window);
        for (const boundary of [window.startMs, window.endMs]) {
          if (boundary > epochMs && boundary <= horizonEnd) boundaries.add(boundary);
        }
      }
    }
    // The winner decides the whole answer (source, playlist, entry); none means default or idle.
    const winnerIdAt = (at: number): string | null => {
      let best: CompiledRule | null = null;
      for (const { entry, windows } of windowed) {
        const isActive = windows.some((window) => window.startMs <= at && at < window.endMs);
        if (isActive && (best === null || compareRules(entry, best) < 0)) best = entry;
      }
      return best === null ? null : best.rule.id;
    };
    const current = winnerIdAt(epochMs);
    const ordered = Array.from(boundaries).sort((a, b) => a - b);
    for (const boundary of ordered) {
      if (winnerIdAt(boundary) !== current) return boundary;
    }
    return null;
  }

  function windowsOf(entryId: string, firstDay: string, lastDay: string): ScheduleWindow[] {
    const entry = byId.get(entryId);
    if (!entry) return [];
    const end = Temporal.PlainDate.from(lastDay);
    const windows: ScheduleWindow[] = [];
    for (
      let day = Temporal.PlainDate.from(firstDay);
      Temporal.PlainDate.compare(day, end) <= 0;
      day = day.add({ days: 1 })
    ) {
      if (isDayListed(entry, day)) windows.push(windowOn(entry, day));
    }
    return windows;
  }

  /**
   * One sweep over every window of the period (issue 19: linear in entries and days, where
   * asking `playingAt` and `nextChange` segment by segment grew with their cube): each window's
   * start and end are events in time order; the active entries are counted, and the winner is
   * the best-ranked active one (compareRules), found with a heap of ranks. A segment ends where
   * the winner changes. The same answer as `playingAt` over `nextChange` (schedule-resolver.test.ts
   * checks it against that reference).
   */
  function timeline(fromMs: number, toMs: number): TimelineSegment[] {
    if (!(fromMs < toMs)) return [];
    const firstDay = localDayOf(fromMs).subtract({ days: DAYS_BACK });
    const lastDay = localDayOf(toMs).add({ days: DAYS_AHEAD });
    const ranked = [...compiled].sort(compareRules);
    // The period's days once (one past the last, for overnight windows), so the loop over
    // entries × days compares strings and adds numbers instead of calling Temporal.
    const days: Array<{ day: Temporal.PlainDate; key: string; weekday: number }> = [];
    for (
      let day = firstDay;
      Temporal.PlainDate.compare(day, lastDay) <= 0;
      day = day.add({ days: 1 })
    ) {
      days.push({ day, key: day.toString(), weekday: day.dayOfWeek });
    }
    const afterLast = lastDay.add({ days: 1 });
    const dayAt = (index: number) => days[index]?.day ?? afterLast;
    const events: Array<{ at: number; rank: number; delta: number }> = [];
    ranked.forEach((entry, rank) => {
      const first = entry.firstDay.toString();
      const last = entry.lastDay === null ? null : entry.lastDay.toString();
      days.forEach(({ key, weekday }, index) => {
        // YYYY-MM-DD strings compare like the days they name.
        if (key < first || (last !== null && key > last) || !entry.weekdays.has(weekday)) return;
        const startMs = instantOf(dayAt(index), entry.startTime);
        const endMs = instantOf(dayAt(entry.isOvernight ? index + 1 : index), entry.endTime);
        if (endMs <= startMs || endMs <= fromMs || startMs >= toMs) return;
        events.push({ at: startMs, rank, delta: 1 }, { at: endMs, rank, delta: -1 });
      });
    });
    events.sort((a, b) => a.at - b.at);

    const active = new Array<number>(ranked.length).fill(0);
    const heap: number[] = [];
    const push = (rank: number) => {
      heap.push(rank);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! <= heap[i]!) break;
        [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
        i = parent;
      }
    };
    const pop = () => {
      const last = heap.pop()!;
      if (heap.length === 0) return;
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && heap[left]! < heap[least]!) least = left;
        if (right < heap.length && heap[right]! < heap[least]!) least = right;
        if (least === i) return;
        [heap[least], heap[i]] = [heap[i]!, heap[least]!];
        i = least;
      }
    };
    const winner = (): CompiledRule | undefined => {
      // Ranks whose windows all ended leave the heap when they reach its top.
      while (heap.length > 0 && active[heap[0]!] === 0) pop();
      return heap.length > 0 ? ranked[heap[0]!] : undefined;
    };
    const apply = (event: { rank: number; delta: number }) => {
      const before = active[event.rank]!;
      active[event.rank] = before + event.delta;
      if (before === 0 && event.delta > 0) push(event.rank);
    };

    let next = 0;
    while (next < events.length && events[next]!.at <= fromMs) apply(events[next++]!);
    const segments: TimelineSegment[] = [];
    const segmentOf = (startMs: number, endMs: number, entry: CompiledRule | undefined) => {
      const source: TPlayingSource = entry
        ? 'schedule'
        : defaultPlaylistId !== null
          ? 'default'
          : 'idle';
      return {
        startMs,
        endMs,
        source,
        playlistId: entry ? entry.rule.playlistId : defaultPlaylistId,
        scheduleEntryId: entry ? entry.rule.id : null,
      };
    };
    let current = winner();
    let startMs = fromMs;
    while (next < events.length && events[next]!.at < toMs) {
      const at = events[next]!.at;
      while (next < events.length && events[next]!.at === at) apply(events[next++]!);
      const now = winner();
      if (now === current) continue;
      segments.push(segmentOf(startMs, at, current));
      startMs = at;
      current = now;
    }
    segments.push(segmentOf(startMs, toMs, current));
    return segments;
  }

  return { playingAt, explainAt, nextChange, timeline, windowsOf };
}
