import { describe, expect, it } from 'vitest';
import { PACING_MAX_STEPS, PACING_MIN_STEPS, pacedWeight, pacingSteps } from './pacing';

const flight = { flightStartMs: 0, flightEndMs: 1_000_000, budgetMicros: 10_000_000 };

describe('pacing', () => {
  it('is 1 (4 steps) on schedule, rises behind it and falls ahead of it, within its bounds', () => {
    expect(pacingSteps({ ...flight, nowMs: 500_000, spentMicros: 5_000_000 })).toBe(4);
    expect(pacingSteps({ ...flight, nowMs: 500_000, spentMicros: 3_000_000 })).toBeGreaterThan(4);
    expect(pacingSteps({ ...flight, nowMs: 500_000, spentMicros: 8_000_000 })).toBeLessThan(4);
    expect(pacingSteps({ ...flight, nowMs: 900_000, spentMicros: 0 })).toBe(PACING_MAX_STEPS);
    // Far ahead, a campaign still plays: the factor never reaches 0.
    expect(pacingSteps({ ...flight, nowMs: 1, spentMicros: 9_000_000 })).toBe(PACING_MIN_STEPS);
  });

  it('does not move on small changes of spend: weights stay put between impressions', () => {
    const steps = (spentMicros: number) => pacingSteps({ ...flight, nowMs: 500_000, spentMicros });
    expect(steps(5_000_000)).toBe(steps(5_100_000));
    expect(steps(5_000_000)).toBe(steps(4_900_000));
  });

  it('weighs bid × factor as an integer of at least 1', () => {
    expect(pacedWeight(10_000, 4)).toBe(10_000);
    expect(pacedWeight(10_000, 1)).toBe(2_500);
    expect(pacedWeight(1, 1)).toBe(1);
  });
});
