/** An inclusive byte range, as HTTP writes it. */
export interface TByteRange {
  start: number;
  end: number;
}

export type TRangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: TByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header for a body of `size` bytes (RFC 9110 §14). One range is served; a header
 * this server does not understand (other units, several ranges, bad syntax) is ignored and the
 * whole body is sent, which the RFC allows.
 */
export function parseRangeHeader(header: string | undefined, size: number): TRangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', range: { start, end } };
}

/** Whether an If-None-Match header matches the entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}
