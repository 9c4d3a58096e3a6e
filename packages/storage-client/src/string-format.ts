import { storageErrors } from './errors';

export const STRING_FORMATS = ['raw', 'base64', 'base64url', 'data_url'] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

export interface DecodedString {
  bytes: Uint8Array<ArrayBuffer>;
  /** The media type a data URL declares, if any. */
  contentType: string | null;
}

const DATA_URL = /^data:([^,]*),/;
const BASE64_MARKER = ';base64';

/** Turns uploadString's input into bytes, following SPEC §5's rules per format. */
export function decodeString(format: StringFormat, value: string): DecodedString {
  switch (format) {
    case 'raw':
      return { bytes: new TextEncoder().encode(value), contentType: null };
    case 'base64':
    case 'base64url':
      return { bytes: decodeBase64(format, value), contentType: null };
    case 'data_url':
      return decodeDataUrl(value);
    default:
      throw storageErrors.invalidArgument(
        `Invalid string format '${String(format)}'; expected one of ${STRING_FORMATS.join(', ')}.`,
      );
  }
}

export function isStringFormat(value: unknown): value is StringFormat {
  return STRING_FORMATS.some((format) => format === value);
}

function decodeBase64(format: 'base64' | 'base64url', value: string): Uint8Array<ArrayBuffer> {
  // Each alphabet's characters are refused in the other so a mixed-up format is reported,
  // rather than silently decoded into different bytes.
  const foreign = format === 'base64' ? ['-', '_'] : ['+', '/'];
  const found = foreign.find((character) => value.includes(character));
  if (found !== undefined) {
    const hint = format === 'base64' ? 'is it base64url encoded?' : 'is it base64 encoded?';
    throw storageErrors.invalidFormat(format, `Invalid character found: '${found}' (${hint})`);
  }
  const standard = format === 'base64url' ? value.replace(/-/g, '+').replace(/_/g, '/') : value;
  let binary: string;
  try {
    binary = atob(standard);
  } catch {
    throw storageErrors.invalidFormat(format, 'Invalid character found');
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function decodeDataUrl(value: string): DecodedString {
  const match = DATA_URL.exec(value);
  if (!match) throw malformedDataUrl();
  const header = match[1] ?? '';
  const isBase64 = header.endsWith(BASE64_MARKER);
  const mediaType = isBase64 ? header.slice(0, -BASE64_MARKER.length) : header;
  const data = value.slice(match[0].length);
  return {
    bytes: isBase64 ? decodeBase64('base64', data) : percentDecode(data),
    contentType: mediaType.length > 0 ? mediaType : null,
  };
}

function percentDecode(data: string): Uint8Array<ArrayBuffer> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(data);
  } catch {
    throw malformedDataUrl();
  }
  return new TextEncoder().encode(decoded);
}

function malformedDataUrl() {
  return storageErrors.invalidFormat(
    'data_url',
    "Malformed data URL. Expected 'data:[<mediatype>][;base64],<data>'.",
  );
}
