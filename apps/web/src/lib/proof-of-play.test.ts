import { describe, expect, it } from 'vitest';
import { SETTLE_INTERVAL_MS } from '@screenline/shared/proof-of-play';
import {
  HOLD_GRACE_WORDS,
  SLOT_TOLERANCE_WORDS,
  formatDurationWords,
  refetchWhileSettling,
  settlingSentence,
} from '@/lib/proof-of-play';

describe('proof-of-play words', () => {
  it('says durations as people do', () => {
    expect(formatDurationWords(10_000)).toBe('10 seconds');
    expect(formatDurationWords(1_000)).toBe('1 second');
    expect(formatDurationWords(5 * 60_000)).toBe('5 minutes');
    expect(formatDurationWords(3_600_000)).toBe('1 hour');
    expect(formatDurationWords(72 * 3_600_000 + 60_000)).toBe('72 hours and 1 minute');
    expect(HOLD_GRACE_WORDS).toBe('72 hours and 5 minutes');
    expect(SLOT_TOLERANCE_WORDS).toBe('0.5 seconds');
  });

  it('counts the plays settling', () => {
    expect(settlingSentence({ plays: 1, shownMs: 15_000 })).toBe(
      '1 play is being settled; figures are final within 10 seconds.',
    );
    expect(settlingSentence({ plays: 1_200, shownMs: 0 })).toBe(
      '1,200 plays are being settled; figures are final within 10 seconds.',
    );
  });

  it('asks again while plays settle, and stops once none do or before any answer', () => {
    const interval = refetchWhileSettling(
      (data: { settling: { plays: number; shownMs: number } }) => data.settling,
    );
    expect(interval({ state: { data: { settling: { plays: 3, shownMs: 1 } } } })).toBe(
      SETTLE_INTERVAL_MS,
    );
    expect(interval({ state: { data: { settling: { plays: 0, shownMs: 0 } } } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });
});
