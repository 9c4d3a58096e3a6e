import { describe, expect, it } from 'vitest';
import {
  formatDimensions,
  formatDuration,
  formatProgressBytes,
} from '@/features/content/utils/format';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [400, '0:01'],
    [2094, '0:02'],
    [59_600, '1:00'],
    [65_000, '1:05'],
    [3_723_000, '1:02:03'],
    [36_000_000, '10:00:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatDimensions', () => {
  it('writes width × height', () => {
    expect(formatDimensions(1920, 1080)).toBe('1920 × 1080');
  });
});

describe('formatProgressBytes', () => {
  it('formats progress', () => {
    expect(formatProgressBytes(512 * 1024, 2 * 1024 * 1024)).toBe('512 KB of 2 MB');
  });
});
