import { describe, expect, it } from 'vitest';
import { formatClock, formatSeconds, inUnit, naturalUnit, toSeconds } from './durations';

describe('playlist durations', () => {
  it('says lengths in words, leaving zero parts out', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(45)).toBe('45 s');
    expect(formatSeconds(150)).toBe('2 min 30 s');
    expect(formatSeconds(3600 + 300)).toBe('1 h 5 min');
    expect(formatSeconds(86_400)).toBe('24 h');
    expect(formatSeconds(12.4)).toBe('12 s');
  });

  it('shows video lengths as a clock', () => {
    expect(formatClock(12_000)).toBe('0:12');
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(200)).toBe('0:01');
  });

  it('picks the largest unit that keeps a whole number', () => {
    expect(naturalUnit(10, ['s', 'min', 'h'])).toBe('s');
    expect(naturalUnit(120, ['s', 'min', 'h'])).toBe('min');
    expect(naturalUnit(7200, ['s', 'min', 'h'])).toBe('h');
    expect(naturalUnit(7200, ['s', 'min'])).toBe('min');
    expect(naturalUnit(Number.NaN, ['s', 'min'])).toBe('s');
  });

  it('reads typed numbers in a unit, and refuses what is no number', () => {
    expect(toSeconds('1.5', 'min')).toBe(90);
    expect(toSeconds('0,1', 'h')).toBe(360);
    expect(toSeconds('', 's')).toBeNaN();
    expect(toSeconds('ten', 's')).toBeNaN();
    expect(inUnit(90, 'min')).toBe('1.5');
    expect(inUnit(Number.NaN, 's')).toBe('');
  });
});
