import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { decodeString } from './string-format';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function formatError(run: () => unknown): StorageError {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  throw new Error('expected a StorageError');
}

describe('decodeString', () => {
  it('encodes raw strings as UTF-8', () => {
    const { bytes, contentType } = decodeString('raw', 'héllo ✓');
    expect(Array.from(bytes)).toEqual([0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f, 0x20, 0xe2, 0x9c, 0x93]);
    expect(contentType).toBeNull();
  });

  it('decodes base64, including bytes outside ASCII', () => {
    expect(Array.from(decodeString('base64', '+/8A').bytes)).toEqual([0xfb, 0xff, 0x00]);
    expect(text(decodeString('base64', 'aGVsbG8=').bytes)).toBe('hello');
  });

  it.each(['-', '_'])('rejects %s in base64 as a base64url character', (character) => {
    const error = formatError(() => decodeString('base64', `aGVs${character}G8`));
    expect(error.code).toBe('storage/invalid-format');
    expect(error.message).toContain('Invalid character found');
    expect(error.message).toContain(`'${character}'`);
    expect(error.message).toContain("format 'base64'");
  });

  it('decodes base64url with - and _', () => {
    expect(Array.from(decodeString('base64url', '-_8A').bytes)).toEqual([0xfb, 0xff, 0x00]);
  });

  it.each(['+', '/'])('rejects %s in base64url as a base64 character', (character) => {
    const error = formatError(() => decodeString('base64url', `aGVs${character}G8`));
    expect(error.code).toBe('storage/invalid-format');
    expect(error.message).toContain('Invalid character found');
    expect(error.message).toContain("format 'base64url'");
  });

  it('rejects characters outside the base64 alphabet', () => {
    const error = formatError(() => decodeString('base64', 'aGV*bG8='));
    expect(error.code).toBe('storage/invalid-format');
    expect(error.message).toContain('Invalid character found');
  });

  it('decodes a base64 data URL and reports its media type', () => {
    const decoded = decodeString('data_url', 'data:image/png;base64,iVBORw==');
    expect(Array.from(decoded.bytes)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(decoded.contentType).toBe('image/png');
  });

  it('percent-decodes a data URL without ;base64', () => {
    const decoded = decodeString('data_url', 'data:text/plain;charset=utf-8,h%C3%A9llo%20world');
    expect(text(decoded.bytes)).toBe('héllo world');
    expect(decoded.contentType).toBe('text/plain;charset=utf-8');
  });

  it('gives no media type for data:,', () => {
    const decoded = decodeString('data_url', 'data:,hi');
    expect(text(decoded.bytes)).toBe('hi');
    expect(decoded.contentType).toBeNull();
  });

  it.each([
    ['no data: prefix', 'image/png;base64,iVBORw=='],
    ['no comma', 'data:image/png;base64'],
    ['bad percent escape', 'data:text/plain,%E0%A4%A'],
  ])('refuses a malformed data URL (%s)', (_case, value) => {
    const error = formatError(() => decodeString('data_url', value));
    expect(error.code).toBe('storage/invalid-format');
    expect(error.message).toContain('Malformed data URL.');
  });

  it('applies the base64 rules to a base64 data URL', () => {
    const error = formatError(() => decodeString('data_url', 'data:image/png;base64,ab-c'));
    expect(error.code).toBe('storage/invalid-format');
    expect(error.message).toContain('Invalid character found');
  });
});
