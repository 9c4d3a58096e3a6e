import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

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
});
