import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { decodeCursor, encodeCursor, ZCursorBigint, ZCursorTimestamp } from './cursor';

const ZPosition = z.object({ at: ZCursorTimestamp, size: ZCursorBigint, id: z.uuid() });
const id = '00000000-0000-4000-8000-000000000000';
const encode = (text: string) => Buffer.from(text).toString('base64url');

describe('cursor', () => {
  it('round-trips a position', () => {
    const position = { at: '2026-11-22 15:31:41.123+00', size: '1024', id };
    expect(decodeCursor(ZPosition, encodeCursor(ZPosition, position))).toEqual(position);
  });

  it.each([
    ['empty', ''],
    ['not base64', '!!!'],
    ['NUL character', 'ab\u0000'],
    ['not JSON', encode('{nope')],
    ['wrong shape', encode('[1]')],
    ['missing field', encode(JSON.stringify({ at: '2026-01-01 00:00:00+00', id }))],
    ['NUL inside JSON', encode(JSON.stringify({ at: '2026-01-01\u0000', size: '1', id }))],
    [
      'a day that does not exist',
      encode(JSON.stringify({ at: '2026-02-30 00:00:00+00', size: '1', id })),
    ],
    [
      'a bigint too big',
      encode(JSON.stringify({ at: '2026-01-01 00:00:00Z', size: '9223372036854775808', id })),
    ],
    ['too long', 'a'.repeat(3000)],
  ])('refuses %s with a 400', (_what, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(ZPosition, cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 400, code: 'bad-request' });
  });
});
