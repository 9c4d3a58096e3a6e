import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A one-stream PDF as pdfkit writes one: the dictionary's `/Length`, then the deflated bytes. */
function pdfWith(deflated: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.3\n1 0 obj\n<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`,
    ),
    deflated,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

const shown = (text: string) => `BT [<${Buffer.from(text, 'latin1').toString('hex')}>] TJ ET`;

describe('pdfText (the test helper that reads receipts)', () => {
  it('reads a stream whose deflated bytes end in a carriage return', () => {
    // Find a text whose deflated stream ends in 0x0D: the byte a pattern for the line break
    // before `endstream` used to take away, leaving a stream that did not inflate.
    let deflated = Buffer.alloc(0);
    let text = '';
    for (let i = 0; deflated.at(-1) !== 0x0d; i++) {
      text = `Receipt ${i}`;
      deflated = zlib.deflateSync(Buffer.from(shown(text), 'latin1'));
    }
    expect(pdfText(pdfWith(deflated))).toBe(text);
  });
});
