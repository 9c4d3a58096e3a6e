import { AppError } from '../../lib/app-error';

export interface TBodyPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  content: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Splits a `multipart/related` body (RFC 2046 §5.1, RFC 2387) into its parts. Works on bytes,
 * never on decoded text, so binary data passes through untouched. Busboy and friends handle only
 * multipart/form-data, and the bodies here are small (the client sends files up to 256 KiB this
 * way), so the whole body is in memory.
 */
export function parseMultipartRelated(body: Buffer, contentType: string | undefined): TBodyPart[] {
  const boundary = readBoundary(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  // The first delimiter may follow a preamble; every later one follows a CRLF.
  let position: number;
  if (body.subarray(0, delimiter.length).equals(delimiter)) {
    position = delimiter.length;
  } else {
    const first = body.indexOf(Buffer.concat([CRLF, delimiter]));
    if (first === -1) throw malformed('the opening boundary is missing');
    position = first + CRLF.length + delimiter.length;
  }

  const parts: TBodyPart[] = [];
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  for (;;) {
    if (body.subarray(position, position + 2).toString('latin1') === '--') return finish(parts);
    position = skipTransportPadding(body, position);
    if (!body.subarray(position, position + 2).equals(CRLF)) {
      throw malformed('a boundary is not followed by a line break');
    }
    position += CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, position - CRLF.length);
    let headers: Record<string, string>;
    let contentStart: number;
    if (headerEnd === position - CRLF.length) {
      // No headers at all: the blank line follows the boundary line directly.
      headers = {};
      contentStart = position + CRLF.length;
    } else {
      if (headerEnd === -1) throw malformed('a part has no end of headers');
      headers = parseHeaders(body.subarray(position, headerEnd).toString('latin1'));
      contentStart = headerEnd + HEADER_END.length;
    }
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (contentEnd === -1) throw malformed('the closing boundary is missing');
    parts.push({ headers, content: body.subarray(contentStart, contentEnd) });
    position = contentEnd + nextDelimiter.length;
    if (parts.length > 16) throw malformed('too many parts');
  }
}

function finish(parts: TBodyPart[]): TBodyPart[] {
  if (parts.length === 0) throw malformed('it has no parts');
  return parts;
}

function readBoundary(contentType: string | undefined): string {
  if (!contentType || !/^multipart\/related\s*(;|$)/i.test(contentType.trim())) {
    throw malformed('the Content-Type is not multipart/related');
  }
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw malformed('the Content-Type has no boundary');
  return boundary;
}

/** RFC 2046 allows spaces and tabs between a boundary and its line break. */
function skipTransportPadding(body: Buffer, position: number): number {
  let at = position;
  while (body[at] === 0x20 || body[at] === 0x09) at += 1;
  return at;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('a part header is not "Name: value"');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function malformed(detail: string): AppError {
  return new AppError('bad-request', `The multipart body is malformed: ${detail}.`);
}
