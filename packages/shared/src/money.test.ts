import { describe, expect, it } from 'vitest';
import { microsAsDecimal, millisecondsAsSeconds } from './money';

describe('CSV figures', () => {
  it('writes micros as exact decimals of the currency, negatives included', () => {
    expect(microsAsDecimal(0)).toBe('0.000000');
    expect(microsAsDecimal(7_000)).toBe('0.007000');
    expect(microsAsDecimal(12_500_000)).toBe('12.500000');
    expect(microsAsDecimal(-10_000_001)).toBe('-10.000001');
    // Above 2^53 / 10^6 units a float would round; the integer split does not.
    expect(microsAsDecimal(9_007_199_254_740_991)).toBe('9007199254.740991');
  });

  it('writes milliseconds as exact seconds', () => {
    expect(millisecondsAsSeconds(0)).toBe('0.000');
    expect(millisecondsAsSeconds(15_000)).toBe('15.000');
    expect(millisecondsAsSeconds(1_234_567)).toBe('1234.567');
    expect(millisecondsAsSeconds(-5)).toBe('-0.005');
  });
});
