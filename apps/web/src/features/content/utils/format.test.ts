import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDimensions,
  formatDuration,
  formatProgressBytes,
} from '@/features/content/utils/format';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [276_565, '270 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [24 * 1024 * 1024, '24 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [3 * 1024 ** 4, '3 TB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('formats progress', () => {
    expect(formatProgressBytes(512 * 1024, 2 * 1024 * 1024)).toBe('512 KB of 2 MB');
  });
});

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
