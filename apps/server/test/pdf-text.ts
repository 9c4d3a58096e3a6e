import zlib from 'node:zlib';

/**
 * The text a PDF shows, read the way a viewer does for the simple PDFs pdfkit writes with its
 * built-in fonts: every content stream (its `/Length` bytes) inflated, every string shown by `TJ`/`Tj` decoded from
 * WinAnsi (0x80 is €), one line per text operation. Throws when the file is not a PDF.
 */
export function pdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('Not a PDF.');
  if (!pdf.subarray(-1024).toString('latin1').includes('%%EOF')) throw new Error('A cut PDF.');
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // Each stream's bytes are the `/Length` its dictionary gives (pdfkit writes it directly), not
  // what lies before `endstream`: deflated bytes may end in a carriage return, which a pattern for
  // the line break before `endstream` took away, so the stream did not inflate and the text read
  // as empty (once in about a hundred PDFs).
  const streams = /\/Length (\d+)\b[^]*?>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = start + Number(match[1]);
    streams.lastIndex = end;
    const bytes = Buffer.from(raw.slice(start, end), 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    const shows = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let show = shows.exec(content); show; show = shows.exec(content)) {
      const hexes =
        show[1] !== undefined
          ? [...show[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '')
          : [show[2] ?? ''];
      lines.push(hexes.map(winAnsi).join(''));
    }
  }
  return lines.join('\n');
}

function winAnsi(hex: string): string {
  return [...Buffer.from(hex, 'hex')]
    .map((byte) => (byte === 0x80 ? '€' : byte === 0x92 ? '’' : String.fromCharCode(byte)))
    .join('');
}
