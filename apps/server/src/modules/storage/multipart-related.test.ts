import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { parseMultipartRelated } from './multipart-related';

const TYPE = 'multipart/related; boundary=b0undary';

function body(...pieces: (string | Buffer)[]): Buffer {
  return Buffer.concat(
    pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)),
  );
}

describe('multipart/related', () => {
  it('splits metadata and binary data, byte for byte', () => {
    // Every byte value, CR LF pairs, a near-miss boundary and the boundary not after a line break.
    const data = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from('\r\n--b0undar\r\nx--b0undary\n--b0undary'),
      Buffer.from([0x0d, 0x0a, 0x0d, 0x0a]),
    ]);
    const parts = parseMultipartRelated(
      body(
        '--b0undary\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"a"}\r\n',
        '--b0undary\r\nContent-Type: image/png\r\n\r\n',
        data,
        '\r\n--b0undary--',
      ),
      TYPE,
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(parts[0]!.content.toString()).toBe('{"name":"a"}');
    expect(parts[1]!.headers['content-type']).toBe('image/png');
    expect(parts[1]!.content.equals(data)).toBe(true);
  });

  it('takes a quoted boundary, a preamble, an epilogue, padding and an empty part', () => {
    const parts = parseMultipartRelated(
      body(
        'preamble text\r\n--b0undary  \r\nContent-Type: application/json\r\n\r\n{}\r\n',
        '--b0undary\r\n\r\n\r\n--b0undary--\r\nepilogue',
      ),
      'Multipart/Related; type="application/json"; boundary="b0undary"',
    );
    expect(parts.map((part) => part.content.toString())).toEqual(['{}', '']);
    expect(parts[1]!.headers).toEqual({});
  });

  it('refuses what is not a complete multipart/related body', () => {
    const good = body('--b0undary\r\n\r\nx\r\n--b0undary--');
    expect(() => parseMultipartRelated(good, 'multipart/form-data; boundary=b0undary')).toThrow(
      AppError,
    );
    expect(() => parseMultipartRelated(good, 'multipart/related')).toThrow(/boundary/);
    expect(() => parseMultipartRelated(good, undefined)).toThrow(AppError);
    for (const bad of [
      '',
      'no boundary here',
      '--b0undary\r\nContent-Type: x\r\n\r\nunterminated',
      '--b0undary\r\nBroken header line\r\n\r\nx\r\n--b0undary--',
      '--b0undary--',
      '--b0undaryX\r\n\r\nx\r\n--b0undary--',
    ]) {
      expect(() => parseMultipartRelated(Buffer.from(bad), TYPE), bad).toThrow(AppError);
    }
  });
});
