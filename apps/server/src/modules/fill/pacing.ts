/**
 * Pacing (docs/marketplace.md "Pacing"): a campaign should spend its budget evenly over its
 * flight, not in its first hours. Its weight in a space's rotation is its bid times a pacing
 * factor that rises while it is behind its even-spend target and falls while it is ahead.
 *
 * The factor moves in quarter steps from 1/4 (never 0: a campaign ahead of schedule still plays,
 * only less) to 2: the manifest carries the weights, and a weight that changed with every
 * impression would change the manifest (and make every TV download it again) all day long.
 */

/** The factor's steps: weight = bid × steps / PACING_STEPS_PER_UNIT. */
export const PACING_STEPS_PER_UNIT = 4;
export const PACING_MIN_STEPS = 1;
export const PACING_MAX_STEPS = 8;
/**
 * Added to both the target and the actual spend (a share of the budget) so that the first
 * minutes of a flight, with both near 0, do not swing the factor to its ends.
 */
const SLACK_SHARE = 0.01;

export interface TPacingInput {
  budgetMicros: number;
  /** Charged so far (the budget less what the hold still has). */
  spentMicros: number;
  /** The flight: from the start of its first local day to the end of its last. */
  flightStartMs: number;
  flightEndMs: number;
  nowMs: number;
}

/** The pacing factor in steps of 1/PACING_STEPS_PER_UNIT, from PACING_MIN_STEPS to PACING_MAX_STEPS. */
export function pacingSteps(input: TPacingInput): number {
  const { budgetMicros, spentMicros, flightStartMs, flightEndMs, nowMs } = input;
  const length = Math.max(1, flightEndMs - flightStartMs);
  const elapsed = Math.min(1, Math.max(0, (nowMs - flightStartMs) / length));
  const slack = budgetMicros * SLACK_SHARE;
  const ratio = (budgetMicros * elapsed + slack) / (spentMicros + slack);
  const steps = Math.round(ratio * PACING_STEPS_PER_UNIT);
  return Math.min(PACING_MAX_STEPS, Math.max(PACING_MIN_STEPS, steps));
}

/** A campaign's weight in the rotation: bid × pacing factor, an integer of at least 1. */
export function pacedWeight(bidMicrosPerSecond: number, steps: number): number {
  return Math.max(1, Math.round((bidMicrosPerSecond * steps) / PACING_STEPS_PER_UNIT));
}
