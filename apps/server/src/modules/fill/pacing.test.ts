import { describe, expect, it } from 'vitest';
import {
  PACING_MARGIN_SHARE,
  PACING_MAX_STEPS,
  PACING_MIN_STEPS,
  paceOf,
  pacedWeight,
  pacingStatusOf,
} from './pacing';

const HOUR = 3_600_000;
/** Ten eligible hours left from today's 00:00, two of them today; €1 left at 00:00. */
const day = {
  remainingMicros: 1_000_000,
  billedTodayMicros: 0,
  dailyCapMicros: null,
  eligibleLeftMs: 10 * HOUR,
  eligibleTodayMs: 2 * HOUR,
  eligibleElapsedTodayMs: HOUR,
};

describe('pacing', () => {
  it('spreads what was left at 00:00 over the eligible time left; the line rises through today’s', () => {
    // 800,000 left and 200,000 billed today: 1,000,000 at 00:00, 2 of 10 hours today.
    const pace = paceOf({ ...day, remainingMicros: 800_000, billedTodayMicros: 200_000 });
    expect(pace.todayTargetMicros).toBe(200_000);
    expect(pace.lineMicros).toBe(100_000);
  });

  it('holds a campaign back past its line plus the margin, and only then', () => {
    const margin = 200_000 * PACING_MARGIN_SHARE;
    const at = (billed: number) =>
      paceOf({ ...day, remainingMicros: 1_000_000 - billed, billedTodayMicros: billed });
    expect(at(100_000 + margin).isHeldBack).toBe(false);
    expect(at(100_000 + margin + 1).isHeldBack).toBe(true);
  });

  it('is 1 (4 steps) on the line, rises behind it up to 2 and falls ahead of it', () => {
    const at = (billed: number) =>
      paceOf({ ...day, remainingMicros: 1_000_000 - billed, billedTodayMicros: billed }).steps;
    expect(at(100_000)).toBe(4);
    expect(at(0)).toBe(PACING_MAX_STEPS);
    expect(at(119_000)).toBeLessThan(4);
    expect(at(119_000)).toBeGreaterThanOrEqual(PACING_MIN_STEPS);
    // Small changes of spend leave it alone: weights stay put between impressions.
    expect(at(101_000)).toBe(at(99_000));
  });

  it('takes the daily cap as today’s target when it is lower', () => {
    const pace = paceOf({ ...day, dailyCapMicros: 50_000 });
    expect(pace.todayTargetMicros).toBe(50_000);
    expect(pace.lineMicros).toBe(25_000);
  });

  it('with no eligible time today has no target and holds back what was billed today', () => {
    expect(paceOf({ ...day, eligibleTodayMs: 0, eligibleElapsedTodayMs: 0 })).toMatchObject({
      todayTargetMicros: 0,
      isHeldBack: false,
      steps: 4,
    });
    expect(
      paceOf({ ...day, eligibleTodayMs: 0, eligibleElapsedTodayMs: 0, billedTodayMicros: 1 })
        .isHeldBack,
    ).toBe(true);
  });

  it('weighs bid × factor as an integer of at least 1', () => {
    expect(pacedWeight(10_000, 4)).toBe(10_000);
    expect(pacedWeight(10_000, 1)).toBe(2_500);
    expect(pacedWeight(1, 1)).toBe(1);
  });

  it('reads ahead or behind beyond half a day’s even share of the line', () => {
    const line = { evenLineMicros: 500_000, dayShareMicros: 100_000 };
    expect(pacingStatusOf({ ...line, spentMicros: 549_000 })).toBe('on-track');
    expect(pacingStatusOf({ ...line, spentMicros: 551_000 })).toBe('ahead');
    expect(pacingStatusOf({ ...line, spentMicros: 449_000 })).toBe('behind');
  });
});
