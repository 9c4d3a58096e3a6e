import type {
  ScheduleWindow,
  TInactiveReason,
  TLossReason,
  TScheduleRule,
} from './schedule-resolver-types';
import { Temporal } from './temporal';

// A schedule entry as the resolver works with it: its days and times parsed once, which local
// days it lists, its window on a day, and how two entries rank when both are active.

export interface CompiledRule {
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

/** Parses an entry's days, times and change time once (a malformed one throws a RangeError). */
export function compileRule(rule: TScheduleRule): CompiledRule {
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
}

/** Highest priority, then the latest change, then the smaller id (code-unit order, stable everywhere). */
export function compareRules(a: CompiledRule, b: CompiledRule): number {
  if (a.rule.priority !== b.rule.priority) return b.rule.priority - a.rule.priority;
  if (a.updatedAtMs !== b.updatedAtMs) return b.updatedAtMs - a.updatedAtMs;
  if (a.rule.id === b.rule.id) return 0;
  return a.rule.id < b.rule.id ? -1 : 1;
}

export function lossReason(loser: CompiledRule, winner: CompiledRule): TLossReason {
  if (loser.rule.priority !== winner.rule.priority) return 'lower-priority';
  if (loser.updatedAtMs !== winner.updatedAtMs) return 'older-change';
  return 'tie-break';
}

export function isDayListed(entry: CompiledRule, day: Temporal.PlainDate): boolean {
  if (Temporal.PlainDate.compare(day, entry.firstDay) < 0) return false;
  if (entry.lastDay !== null && Temporal.PlainDate.compare(day, entry.lastDay) > 0) return false;
  return entry.weekdays.has(day.dayOfWeek);
}

/** Why an entry is not active on `today` (judged on the instant's local day). */
export function inactiveReason(entry: CompiledRule, today: Temporal.PlainDate): TInactiveReason {
  if (Temporal.PlainDate.compare(today, entry.firstDay) < 0) return 'outside-dates';
  if (entry.lastDay !== null && Temporal.PlainDate.compare(today, entry.lastDay) > 0) {
    return 'outside-dates';
  }
  if (!entry.weekdays.has(today.dayOfWeek)) return 'weekday-not-listed';
  return 'outside-window';
}

/** The entry's window on the local `day`, as instants (`instantOf` converts). */
export function windowOn(
  entry: CompiledRule,
  day: Temporal.PlainDate,
  instantOf: (day: Temporal.PlainDate, time: Temporal.PlainTime) => number,
): ScheduleWindow {
  const endDay = entry.isOvernight ? day.add({ days: 1 }) : day;
  return {
    day: day.toString(),
    startMs: instantOf(day, entry.startTime),
    endMs: instantOf(endDay, entry.endTime),
  };
}
