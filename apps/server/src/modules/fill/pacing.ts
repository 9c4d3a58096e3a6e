/**
 * Pacing (docs/marketplace.md "Pacing"): a campaign spends its budget evenly over the eligible
 * hours of its flight (its dates and dayparts, in the space's zone), not in its first hours.
 *
 * Each local day the money left is spread over the eligible time left: today's target is
 * (what was left at 00:00) × (today's eligible time ÷ the eligible time left from 00:00 to the
 * flight's end), at most the daily cap. The even line rises from 0 to that target through
 * today's eligible time. A campaign whose spend today is above the line by more than
 * PACING_MARGIN_SHARE of today's target is held back (left out of the fill); otherwise its weight
 * is its bid times a factor that rises while it is behind the line and falls while it is ahead.
 *
 * Re-planning every day from what is left (not from the budget) lets a campaign that could not
 * spend yesterday (no supply, paused) spread the rest over the days left, and one that overshot
 * spend less tomorrow. The factor moves in quarter steps from 1/4 to 2: the manifest carries the
 * weights, and a weight that changed with every impression would change the manifest (and make
 * every TV download it again) all day long.
 */

import {
  PACING_MARGIN_PERCENT,
  PACING_MAX_FACTOR,
  PACING_MIN_FACTOR,
  type TPacingStatus,
} from '@screenline/shared/campaign';

/** The factor's steps: weight = bid × steps / PACING_STEPS_PER_UNIT. */
export const PACING_STEPS_PER_UNIT = 4;
export const PACING_MIN_STEPS = PACING_MIN_FACTOR * PACING_STEPS_PER_UNIT;
export const PACING_MAX_STEPS = PACING_MAX_FACTOR * PACING_STEPS_PER_UNIT;
/**
 * How far above its even line today's spend may go before the campaign is held back, as a share
 * of today's target. It is also the slack of the factor's ratio, so that the first minutes of a
 * day, with the line and the spend both near 0, do not swing the factor to its ends.
 */
export const PACING_MARGIN_SHARE = PACING_MARGIN_PERCENT / 100;

export interface TPacingInput {
  /** What the hold has left now. */
  remainingMicros: number;
  /** Billed for plays on today's local day at the screen (the day daily caps count). */
  billedTodayMicros: number;
  dailyCapMicros: number | null;
  /** Eligible time from 00:00 today (local) to the flight's end. */
  eligibleLeftMs: number;
  /** Eligible time within today. */
  eligibleTodayMs: number;
  /** Eligible time from 00:00 today to now. */
  eligibleElapsedTodayMs: number;
}

export interface TPacing {
  /** What the campaign should spend today. */
  todayTargetMicros: number;
  /** The even line now: the share of today's target its eligible time so far calls for. */
  lineMicros: number;
  /** Ahead of the line by more than the margin: left out of the fill for now. */
  isHeldBack: boolean;
  /** The weight factor in steps of 1/PACING_STEPS_PER_UNIT (from MIN to MAX steps). */
  steps: number;
}

/** Today's target and even line of a campaign in one zone, and what the fill does with it. */
export function paceOf(input: TPacingInput): TPacing {
  const { remainingMicros, billedTodayMicros, dailyCapMicros } = input;
  const leftAtDayStart = Math.max(0, remainingMicros) + Math.max(0, billedTodayMicros);
  const evenShare =
    input.eligibleLeftMs > 0
      ? (leftAtDayStart * Math.min(input.eligibleTodayMs, input.eligibleLeftMs)) /
        input.eligibleLeftMs
      : 0;
  const todayTargetMicros = Math.floor(
    dailyCapMicros === null ? evenShare : Math.min(evenShare, dailyCapMicros),
  );
  const elapsed =
    input.eligibleTodayMs > 0
      ? Math.min(1, Math.max(0, input.eligibleElapsedTodayMs / input.eligibleTodayMs))
      : 0;
  const lineMicros = Math.floor(todayTargetMicros * elapsed);
  const margin = todayTargetMicros * PACING_MARGIN_SHARE;
  const isHeldBack = billedTodayMicros > lineMicros + margin;
  // The margin is the slack too: with no target today (nothing eligible), the factor is 1.
  const ratio = margin > 0 ? (lineMicros + margin) / (billedTodayMicros + margin) : 1;
  const steps = Math.min(
    PACING_MAX_STEPS,
    Math.max(PACING_MIN_STEPS, Math.round(ratio * PACING_STEPS_PER_UNIT)),
  );
  return { todayTargetMicros, lineMicros, isHeldBack, steps };
}

/** A campaign's weight in the rotation: bid × pacing factor, an integer of at least 1. */
export function pacedWeight(bidMicrosPerSecond: number, steps: number): number {
  return Math.max(1, Math.round((bidMicrosPerSecond * steps) / PACING_STEPS_PER_UNIT));
}

/**
 * Ahead or behind when spend differs from the flight's even line by more than half a day's even
 * share (budget ÷ days of the flight); on track within it. Half a day: a campaign the
 * fill holds within its margin each day never reads as ahead, one a day short reads as behind.
 */
export function pacingStatusOf(input: {
  spentMicros: number;
  evenLineMicros: number;
  dayShareMicros: number;
}): TPacingStatus {
  const tolerance = input.dayShareMicros / 2;
  if (input.spentMicros > input.evenLineMicros + tolerance) return 'ahead';
  if (input.spentMicros < input.evenLineMicros - tolerance) return 'behind';
  return 'on-track';
}
