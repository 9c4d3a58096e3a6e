import { describe, expect, it } from 'vitest';
import { matchesEntityTag, parseRangeHeader } from './http-range';

describe('Range header', () => {
  it('reads single ranges, open ends and suffixes', () => {
    expect(parseRangeHeader(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('bytes=0-9', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 9 },
    });
    expect(parseRangeHeader('bytes=90-', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(parseRangeHeader('bytes=90-1000', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(parseRangeHeader('bytes=-1000', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 99 },
    });
  });

  it('refuses ranges past the end and ignores what it does not serve', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('bytes=5-2', 100)).toEqual({ kind: 'whole' });
  });

  it('matches entity tags weakly, in lists and with *', () => {
    expect(matchesEntityTag('"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('*', '"abc"')).toBe(true);
    expect(matchesEntityTag('"abd"', '"abc"')).toBe(false);
    expect(matchesEntityTag(undefined, '"abc"')).toBe(false);
  });
});
